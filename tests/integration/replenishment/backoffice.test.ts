import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { savedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { approveResponse } from "@shared/contracts/approvals";
import { parseOutboxEvent } from "@shared/contracts/outbox";
import { scheduleDetail, scheduleListResponse } from "@shared/contracts/replenishment";
import { createAlertDispatcher, type AlertDispatcher } from "../../../server/backoffice/alerts/dispatcher";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { ReplenishmentJob } from "../../../server/backoffice/replenishment/job";
import { sendReminders } from "../../../server/backoffice/replenishment/reminders";
import { runDueSchedules, type RunResult } from "../../../server/backoffice/replenishment/runner";
import { DEMO_TODAY, startHarness, type Harness } from "../../support/harness";
import { decide, fillCart } from "../approvals/fixtures";
import { products } from "../backoffice/cart-fixtures";
import { LOGINS, login, type Backoffice } from "../backoffice/harness";
import { details } from "../backoffice/orders-fixtures";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";
import { createSchedule, everyDay, morningOf, newList, readSchedule, scheduleCall } from "./fixtures";

/**
 * Issue 38, scheduled replenishment in the back-office (docs/replenishment.md): who may read and
 * change a schedule, the creation's refusals, a year played on the runner's clock (month ends,
 * every two weeks), skips, pause and resume, the runs that place nothing and say why (a product
 * discontinued, a price jump), a run that needs approval, the reminder, and the catch-up after
 * a restart. The harness's clock stays on the demo's day; the runner is given its own instant.
 */

const SECRET = deriveAlertsSecret("replenishment-test-session-secret-32");

describe("replenishment schedules in the back-office", () => {
  let harness: Harness;
  let bo: Backoffice;
  let dispatcher: AlertDispatcher;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let plain: { id: number; ref: string; price_selling: number }[];
  let addressIds: number[];
  const errors: unknown[] = [];
  const logger = { error: (details: Record<string, unknown>, message: string) => void errors.push({ message, ...details }) };
  const seen = new Set<string>();
  const orgId = () => client.user.auth_org_id;
  const runner = () => ({ db: harness.db, alerts: dispatcher, logger });
  const runOn = (date: string) => runDueSchedules(runner(), morningOf(date));
  const product = (index: number) => {
    const found = plain[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  /** A schedule of the buyer's, from the demo's day, delivered to the organization's second address. */
  const basic = (listId: number, rhythm: { every: number; unit: "weeks" | "months"; day: number }, name = "Réassort de test") => ({
    name,
    list_id: listId,
    rhythm,
    start: DEMO_TODAY,
    dlv_address_id: addressIds[1] ?? 0,
    max_price_increase_pct: 10,
  });

  async function newMail(): Promise<ReadMail[]> {
    await dispatcher.settled();
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }

  /** Takes a test's schedule out of the later tests' passes. */
  async function retire(id: number): Promise<void> {
    expect((await scheduleCall(bo, client, `/${id}`, { method: "DELETE" })).status).toBe(204);
  }

  beforeAll(async () => {
    harness = await startHarness({ mail: true, name: "replenishment", api: { alertsSecret: SECRET, overdueAlerts: false } });
    dispatcher = createAlertDispatcher({ db: harness.db, mailer: harness.mailer, now: harness.clock.now, secret: SECRET, logger });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
    [client, buyer, storekeeper] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.storekeeper)]);
    plain = await products(harness.db, "plain", 30);
    addressIds = (await harness.db.selectFrom("addresses").select("id").where("org_id", "=", orgId()).orderBy("id").execute()).map(
      (row) => row.id,
    );
    // Nobody hears of the orders placed here: the owner's e-mails are the subject.
    const everyone = await harness.db.selectFrom("users").select("id").execute();
    await harness.db
      .insertInto("alert_preferences")
      .values(everyone.map((user) => ({ user_id: user.id, kind: "order_confirmed" as const, enabled: false, updated_at: new Date() })))
      .execute();
  }, 180_000);

  afterAll(async () => {
    await dispatcher?.settled();
    await harness?.close();
  });

  beforeEach(async () => {
    await newMail();
    errors.length = 0;
  });

  // First: it pauses the demo's schedule, which would otherwise run in the year played below.
  it("shows the demo's monthly schedule of « Consommables atelier », its failed run and its next date", async () => {
    const list = scheduleListResponse.parse((await scheduleCall(bo, buyer, "")).body);
    const demo = list.items.find((item) => item.name === "Réassort mensuel atelier");
    expect(demo).toMatchObject({
      list_name: "Consommables atelier",
      owner_name: "Maël Kerjean",
      rhythm: { every: 1, unit: "months", day: 5 },
      status: "active",
      next_run: "2026-12-05",
      dlv_address_id: addressIds[1],
      max_price_increase_pct: 10,
      last_run: { run_date: "2026-11-05", outcome: "failed", order_id: null },
    });
    expect(demo?.last_run?.reason).toMatch(/^Produit arrêté, plus en vente : .+ Retirez-le de la liste « Consommables atelier »/);
    const detail = await readSchedule(bo, buyer, demo?.id ?? 0);
    expect(detail.runs.map((run) => run.run_date)).toEqual(["2026-11-05", "2026-10-05"]);
    expect(["placed", "skipped"]).toContain(detail.runs[1]?.outcome);
    if (detail.runs[1]?.outcome === "placed") expect((await details(bo, buyer, detail.runs[1].order_id ?? 0)).schedule?.id).toBe(demo?.id);
    expect(scheduleDetail.parse((await scheduleCall(bo, buyer, `/${demo?.id ?? 0}/pause`, { method: "POST" })).body).status).toBe("paused");
  });

  it("lets only those who may order or fill the cart in, each to their own, the administrators to all", async () => {
    const consultant = await login(bo, LOGINS.consultant);
    const refused = await scheduleCall(bo, consultant, "");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Votre compte ne permet pas de programmer des commandes : il faut le droit de passer commande ou de préparer le panier.",
    );
    const list = await newList(harness.db, buyer, [[product(0), 2]]);
    const mine = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "months", day: 5 }, "Droits"));
    expect(mine).toMatchObject({ owner_name: "Maël Kerjean", owner_id: buyer.user.obj_id, can_edit: true, status: "active" });

    // Another organization finds nothing, by its own id or by C0001's.
    const other = await login(bo, LOGINS.corsica);
    expect((await scheduleCall(bo, other, `/${mine.id}`)).status).toBe(404);
    expect((await callAs(other, `/replenishment/${orgId()}`)).status).toBe(404);
    expect((await callAs(other, `/replenishment/${orgId()}/${mine.id}/skip`, "POST")).status).toBe(404);

    // A colleague neither reads it nor changes it.
    expect((await scheduleCall(bo, storekeeper, `/${mine.id}`)).status).toBe(404);
    expect(scheduleListResponse.parse((await scheduleCall(bo, storekeeper, "")).body).items.map((item) => item.id)).not.toContain(mine.id);
    const change = await scheduleCall(bo, storekeeper, `/${mine.id}`, { method: "PATCH", body: { name: "Pas à moi" } });
    expect(change.status).toBe(404);
    expect((await scheduleCall(bo, storekeeper, `/${mine.id}/pause`, { method: "POST" })).status).toBe(404);
    expect((await scheduleCall(bo, storekeeper, `/${mine.id}`, { method: "DELETE" })).status).toBe(404);

    // The organization's account (an administrator) sees and changes it.
    const all = scheduleListResponse.parse((await scheduleCall(bo, client, "")).body);
    expect(all.items.find((item) => item.id === mine.id)).toMatchObject({
      can_edit: true,
      owner_name: "Maël Kerjean",
      list_name: list.name,
    });
    const renamed = await scheduleCall(bo, client, `/${mine.id}`, { method: "PATCH", body: { name: "Renommée par l'administrateur" } });
    expect(renamed.status).toBe(200);
    expect(scheduleDetail.parse(renamed.body).name).toBe("Renommée par l'administrateur");
    const own = scheduleListResponse.parse((await scheduleCall(bo, buyer, "")).body);
    expect(own.items.map((item) => item.owner_id)).toEqual(own.items.map(() => buyer.user.obj_id));
    await retire(mine.id);
    expect((await scheduleCall(bo, buyer, `/${mine.id}`)).status).toBe(404);
  });

  /** A call with another token to a path of C0001. */
  function callAs(session: SessionResponse, path: string, method = "GET") {
    return fetch(`${bo.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${session.token}` } });
  }

  it("refuses a start in the past, a list the owner does not see, an address of no one's, in French", async () => {
    const privateOfColleague = await newList(harness.db, storekeeper, [[product(0), 1]]);
    const sharedByColleague = await newList(harness.db, storekeeper, [[product(1), 1]], true);
    const mine = await newList(harness.db, buyer, [[product(2), 1]]);
    const rhythm = { every: 1, unit: "months" as const, day: 5 };

    const past = await scheduleCall(bo, buyer, "", { body: { ...basic(mine.id, rhythm), start: "2026-11-19" } });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({
      code: "start_in_past",
      message: "La date de début est passée : choisissez aujourd'hui ou une date à venir.",
    });

    const hidden = await scheduleCall(bo, buyer, "", { body: basic(privateOfColleague.id, rhythm) });
    expect(hidden.status).toBe(422);
    expect(hidden.body).toMatchObject({
      code: "unknown_list",
      message: "Cette liste n'existe pas ou n'est pas partagée avec vous : choisissez une de vos listes ou une liste partagée.",
    });

    const corsica = await harness.db
      .selectFrom("addresses as a")
      .innerJoin("organizations as o", "o.id", "a.org_id")
      .select("a.id")
      .where("o.ref", "!=", "C0001")
      .executeTakeFirstOrThrow();
    const elsewhere = await scheduleCall(bo, buyer, "", { body: { ...basic(mine.id, rhythm), dlv_address_id: corsica.id } });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({
      code: "unknown_address",
      message: "Cette adresse de livraison n'est pas enregistrée pour votre organisation : choisissez-en une dans la liste.",
    });

    const unnamed = await scheduleCall(bo, buyer, "", { body: { ...basic(mine.id, rhythm), name: "  " } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues).toEqual([{ path: "name", message: "Donnez un nom à la commande programmée." }]);
    const weekday = await scheduleCall(bo, buyer, "", { body: basic(mine.id, { every: 1, unit: "weeks", day: 9 }) });
    expect(weekday.status).toBe(400);
    expect(weekday.body.issues).toEqual([{ path: "rhythm.day", message: "Choisissez un jour de la semaine." }]);
    expect(await harness.db.selectFrom("replenishment_schedules").select("id").where("name", "=", "Réassort de test").execute()).toEqual(
      [],
    );

    // A list shared by a colleague is the buyer's to schedule; the first run is the rhythm's first date from the start.
    const made = await createSchedule(bo, buyer, basic(sharedByColleague.id, { every: 1, unit: "months", day: 31 }));
    expect(made).toMatchObject({ next_run: "2026-11-30", skipped_date: null, last_run: null, runs: [] });
    expect(made.upcoming).toEqual(["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31"]);
    const event = await harness.db
      .selectFrom("outbox_events")
      .select(["type", "event_id", "occurred_at", "data"])
      .where("stream", "=", `schedule:${made.id}`)
      .executeTakeFirstOrThrow();
    const parsed = parseOutboxEvent({
      id: event.event_id,
      type: event.type,
      occurred_at: event.occurred_at.toISOString(),
      data: event.data,
    });
    expect(parsed.type).toBe("replenishment.schedule_changed");
    expect(parsed.data).toMatchObject({ change: "created", by: "Maël Kerjean", schedule: { id: made.id, next_run: "2026-11-30" } });
    await retire(made.id);
  });

  it("plays a year: monthly on the 31st at each month's end, every two weeks on Tuesdays, one order each", async () => {
    const list = await newList(harness.db, buyer, [
      [product(3), 2],
      [product(4), 1],
    ]);
    const monthly = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "months", day: 31 }, "Fin de mois"));
    const fortnightly = await createSchedule(bo, buyer, basic(list.id, { every: 2, unit: "weeks", day: 2 }, "Quinzaine"));
    const results: RunResult[] = [];
    for (const day of everyDay(DEMO_TODAY, "2027-11-20")) results.push(...(await runOn(day)));
    const datesOf = (id: number) => results.filter((result) => result.scheduleId === id).map((result) => result.runDate);
    expect(datesOf(monthly.id)).toEqual([
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
      "2027-06-30",
      "2027-07-31",
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
    ]);
    // 2026-11-24 is the first Tuesday; then every 14 days.
    const tuesdays = everyDay("2026-11-24", "2027-11-20").filter((_day, index) => index % 14 === 0);
    expect(tuesdays).toHaveLength(26);
    expect(datesOf(fortnightly.id)).toEqual(tuesdays);
    expect(results.every((result) => result.outcome === "placed" && result.missed.length === 0)).toBe(true);
    expect(errors).toEqual([]);

    const orders = await harness.db
      .selectFrom("orders")
      .select(["id", "idempotency_key", "usr_name", "schedule_id"])
      .where("schedule_id", "in", [monthly.id, fortnightly.id])
      .orderBy("id")
      .execute();
    expect(orders).toHaveLength(38);
    expect(new Set(orders.map((order) => order.usr_name))).toEqual(new Set(["Maël Kerjean"]));
    expect(orders[0]?.idempotency_key).toBe(`schedule:${fortnightly.id}:2026-11-24`);
    const follow = await details(bo, buyer, orders[1]!.id);
    expect(follow.schedule).toEqual({ id: monthly.id, name: "Fin de mois" });
    expect(follow.lines.map((line) => [line.obj_ref, line.ordered])).toEqual([
      [product(3).ref, 2],
      [product(4).ref, 1],
    ]);
    expect(follow.dlv_address?.obj_id).toBe(addressIds[1]);
    expect(follow.inv_address?.obj_id).toBe(addressIds[0]);
    const confirmed = await harness.db
      .selectFrom("outbox_events")
      .select("data")
      .where("type", "=", "order.confirmed")
      .where("stream", "=", `order:${follow.ord_ref}`)
      .executeTakeFirstOrThrow();
    expect((confirmed.data as { order: { schedule: unknown } }).order.schedule).toEqual({ id: monthly.id, name: "Fin de mois" });

    const detail = await readSchedule(bo, buyer, monthly.id);
    expect(detail.runs.map((run) => run.run_date).slice(0, 2)).toEqual(["2027-10-31", "2027-09-30"]);
    expect(detail.runs[0]).toMatchObject({ outcome: "placed", reason: null, order_ref: expect.stringMatching(/^CMD-/) });
    expect(detail.last_run?.run_date).toBe("2027-10-31");
    expect(detail.next_run).toBe("2027-11-30");
    const basis = await harness.db
      .selectFrom("replenishment_schedules")
      .select("price_basis")
      .where("id", "=", monthly.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(basis.price_basis).sort()).toEqual([String(product(3).id), String(product(4).id)].sort());
    await retire(monthly.id);
    await retire(fortnightly.id);
  }, 300_000);

  it("skips the next run, then the one after; the run after them places the order", async () => {
    const list = await newList(harness.db, buyer, [[product(5), 1]]);
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "months", day: 5 }, "Sautée"));
    expect(made.next_run).toBe("2026-12-05");
    const first = scheduleDetail.parse((await scheduleCall(bo, buyer, `/${made.id}/skip`, { method: "POST" })).body);
    expect(first).toMatchObject({ next_run: "2027-01-05", skipped_date: "2026-12-05" });
    expect(first.upcoming[0]).toBe("2027-01-05");
    const second = scheduleDetail.parse((await scheduleCall(bo, buyer, `/${made.id}/skip`, { method: "POST" })).body);
    expect(second).toMatchObject({ next_run: "2027-02-05", skipped_date: "2027-01-05" });
    expect(second.runs.map((run) => [run.run_date, run.outcome, run.reason])).toEqual([
      ["2027-01-05", "skipped", "Sautée par Maël Kerjean."],
      ["2026-12-05", "skipped", "Sautée par Maël Kerjean."],
    ]);
    const played: RunResult[] = [];
    for (const day of everyDay("2026-12-01", "2027-02-05")) played.push(...(await runOn(day)));
    expect(played.filter((result) => result.scheduleId === made.id).map((result) => [result.runDate, result.outcome])).toEqual([
      ["2027-02-05", "placed"],
    ]);
    const after = await readSchedule(bo, buyer, made.id);
    expect(after).toMatchObject({ next_run: "2027-03-05", skipped_date: null, last_run: { run_date: "2027-02-05", outcome: "placed" } });
    await retire(made.id);
  });

  it("pauses: nothing runs, no date is shown; resumes on the rhythm's next date from today", async () => {
    const list = await newList(harness.db, buyer, [[product(6), 1]]);
    // Mondays; the demo's day is a Friday.
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "weeks", day: 1 }, "En pause"));
    expect(made.next_run).toBe("2026-11-23");
    const paused = scheduleDetail.parse((await scheduleCall(bo, buyer, `/${made.id}/pause`, { method: "POST" })).body);
    expect(paused).toMatchObject({ status: "paused", next_run: null, upcoming: [] });
    const skipped = await scheduleCall(bo, buyer, `/${made.id}/skip`, { method: "POST" });
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe("Cette commande programmée est en pause : reprenez-la d'abord.");
    for (const day of everyDay("2026-11-21", "2026-12-10")) {
      expect((await runOn(day)).filter((result) => result.scheduleId === made.id)).toEqual([]);
    }
    // Three weeks later (a new login: the sessions last a working day).
    harness.clock.set(new Date("2026-12-10T10:00:00+01:00"));
    try {
      const later = await login(bo, LOGINS.buyer);
      const resumed = scheduleDetail.parse((await scheduleCall(bo, later, `/${made.id}/resume`, { method: "POST" })).body);
      expect(resumed).toMatchObject({ status: "active", next_run: "2026-12-14", runs: [] });
      expect(resumed.upcoming.slice(0, 2)).toEqual(["2026-12-14", "2026-12-21"]);
    } finally {
      harness.clock.set(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
    }
    await retire(made.id);
  });

  it("places nothing when a product was discontinued: the reason names it, the owner is told, the ERP hears of it", async () => {
    const list = await newList(harness.db, buyer, [
      [product(7), 1],
      [product(8), 2],
    ]);
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "months", day: 1 }, "Arrêt produit"));
    const ordersBefore = await harness.db.selectFrom("orders").select("id").execute();
    await harness.db.updateTable("products").set({ discontinued: true }).where("id", "=", product(8).id).execute();
    try {
      const [result, ...others] = await runOn("2026-12-01");
      expect(others).toEqual([]);
      const title = (await harness.db.selectFrom("products").select("title").where("id", "=", product(8).id).executeTakeFirstOrThrow())
        .title;
      const reason = `Produit arrêté, plus en vente : ${product(8).ref} (${title}). Retirez-le de la liste « ${list.name} » ou remplacez-le, puis la prochaine commande partira.`;
      expect(result).toMatchObject({ scheduleId: made.id, runDate: "2026-12-01", outcome: "failed", orderId: null, reason });
      expect(await harness.db.selectFrom("orders").select("id").execute()).toHaveLength(ordersBefore.length);
      const detail = await readSchedule(bo, buyer, made.id);
      expect(detail.runs).toEqual([expect.objectContaining({ run_date: "2026-12-01", outcome: "failed", reason, order_id: null })]);
      expect(detail.next_run).toBe("2027-01-01");

      const mails = await newMail();
      expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[[LOGINS.buyer], "Commande programmée « Arrêt produit » non passée"]]);
      expect(mails[0]?.text).toContain(`${product(8).ref} (${title})`);
      expect(mails[0]?.text).toContain(`/mon-compte/commandes-programmees/${made.id}`);

      const event = await harness.db
        .selectFrom("outbox_events")
        .select(["type", "event_id", "occurred_at", "data"])
        .where("stream", "=", `schedule:${made.id}`)
        .where("type", "=", "replenishment.run_failed")
        .executeTakeFirstOrThrow();
      const parsed = parseOutboxEvent({
        id: event.event_id,
        type: event.type,
        occurred_at: event.occurred_at.toISOString(),
        data: event.data,
      });
      expect(parsed.data).toMatchObject({
        customer: { ref: "C0001" },
        schedule: { id: made.id, name: "Arrêt produit" },
        run: { run_date: "2026-12-01", outcome: "failed", reason },
      });
    } finally {
      await harness.db.updateTable("products").set({ discontinued: false }).where("id", "=", product(8).id).execute();
      await retire(made.id);
    }
  });

  it("places nothing when a price rose beyond the threshold since the last order; below it the order goes", async () => {
    const steady = product(9);
    const jumping = product(10);
    const list = await newList(harness.db, buyer, [
      [steady, 1],
      [jumping, 1],
    ]);
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "months", day: 2 }, "Hausse de prix"));
    expect((await runOn("2026-12-02")).map((result) => result.outcome)).toEqual(["placed"]);
    const raise = (op: "*" | "/") =>
      Promise.all([
        harness.db
          .updateTable("products")
          .set((eb) => ({ price_selling: eb("price_selling", op, 2) }))
          .where("id", "=", jumping.id)
          .execute(),
        harness.db
          .updateTable("org_product_prices")
          .set((eb) => ({ price: eb("price", op, 2) }))
          .where("product_id", "=", jumping.id)
          .execute(),
      ]);
    await raise("*");
    try {
      const [failed] = await runOn("2027-01-02");
      expect(failed?.outcome).toBe("failed");
      expect(failed?.reason).toMatch(
        new RegExp(`^Prix en hausse de plus de 10 % depuis la dernière commande : ${jumping.ref} \\(.+\\) .+ → .+ HT, \\+\\d+ %\\.`),
      );
      expect(failed?.reason).not.toContain(steady.ref);
      expect((await newMail()).map((mail) => mail.subject)).toEqual(["Commande programmée « Hausse de prix » non passée"]);
      // A higher threshold lets the next run go, and its prices become the new basis.
      expect((await scheduleCall(bo, buyer, `/${made.id}`, { method: "PATCH", body: { max_price_increase_pct: 100 } })).status).toBe(200);
      expect((await runOn("2027-02-02")).map((result) => result.outcome)).toEqual(["placed"]);
    } finally {
      await raise("/");
      await retire(made.id);
    }
  });

  it("sends a run that needs approval as a request, the shared cart untouched", async () => {
    const list = await newList(harness.db, storekeeper, [[product(11), 3]]);
    const made = await createSchedule(bo, storekeeper, basic(list.id, { every: 1, unit: "months", day: 3 }, "Magasin"));
    expect(made.owner_name).toBe("Gwen Le Bihan");
    const filled = await fillCart(bo, buyer, [[product(12), 1]]);
    const [result] = await runOn("2026-12-03");
    expect(result).toMatchObject({ outcome: "approval", orderId: null });
    const request = await harness.db
      .selectFrom("approval_requests")
      .selectAll()
      .where("id", "=", result?.approvalId ?? 0)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({
      requester_name: "Gwen Le Bihan",
      idempotency_key: `schedule:${made.id}:2026-12-03`,
      message: "Commande programmée « Magasin » du 3 décembre 2026.",
      status: "pending",
    });
    expect(request.reasons).toEqual([{ code: "no_order_right" }]);
    const cart = savedCartAnswer.parse((await scheduleCart()).body);
    expect(cart.version).toBe(filled.version);
    expect(cart.cart.products.filter((line) => !line.prd_is_port).map((line) => [line.obj_id, line.qty])).toEqual([[product(12).id, 1]]);
    const detail = await readSchedule(bo, storekeeper, made.id);
    expect(detail.runs[0]).toMatchObject({ outcome: "approval", approval_id: request.id, approval_number: request.number, order_id: null });
    const mails = await newMail();
    expect(mails.map((mail) => mail.subject)).toEqual([`Commande à valider — demande ${request.number}`]);
    // Approved, the order it places names the schedule as a run's own order would.
    const approved = await decide(bo, client, request.id, "approve", { total_ht: request.total_ht });
    expect(approved.status).toBe(201);
    const { order } = approveResponse.parse(approved.body);
    expect((await details(bo, client, order.ord_id)).schedule).toEqual({ id: made.id, name: "Magasin" });
    await newMail();
    await retire(made.id);
  });

  function scheduleCart() {
    return fetch(`${bo.baseUrl}/oms/cart/${orgId()}`, { headers: { authorization: `Bearer ${buyer.token}` } }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
    }));
  }

  it("reminds the owner once, three days before, with the page's link", async () => {
    const list = await newList(harness.db, buyer, [[product(13), 1]]);
    // Thursdays: the first is 2026-11-26.
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "weeks", day: 4 }, "Rappel"));
    expect(made.next_run).toBe("2026-11-26");
    expect(await sendReminders(harness.db, dispatcher, morningOf("2026-11-22"))).toEqual([]);
    expect(await sendReminders(harness.db, dispatcher, morningOf("2026-11-23"))).toEqual([made.id]);
    expect(await sendReminders(harness.db, dispatcher, morningOf("2026-11-23"))).toEqual([]);
    expect(await sendReminders(harness.db, dispatcher, morningOf("2026-11-25"))).toEqual([]);
    const [reminder, ...others] = await newMail();
    expect(others).toEqual([]);
    expect(reminder?.to).toEqual([LOGINS.buyer]);
    expect(reminder?.subject).toBe("Commande programmée « Rappel » : départ jeudi 26 novembre 2026");
    expect(reminder?.text).toContain("Votre commande programmée « Rappel » partira jeudi 26 novembre 2026 : modifiez-la ou sautez-la");
    expect(reminder?.text).toContain(`/mon-compte/commandes-programmees/${made.id}`);
    // Skipped meanwhile: the next date gets its own reminder.
    expect((await scheduleCall(bo, buyer, `/${made.id}/skip`, { method: "POST" })).status).toBe(200);
    expect(await sendReminders(harness.db, dispatcher, morningOf("2026-11-30"))).toEqual([made.id]);
    expect((await newMail()).map((mail) => mail.subject)).toEqual(["Commande programmée « Rappel » : départ jeudi 3 décembre 2026"]);
    await retire(made.id);
  });

  it("catches up after a restart: one order for the latest date, the earlier ones missed", async () => {
    const list = await newList(harness.db, buyer, [[product(14), 1]]);
    const made = await createSchedule(bo, buyer, basic(list.id, { every: 1, unit: "weeks", day: 1 }, "Rattrapage"));
    expect(made.next_run).toBe("2026-11-23");
    // No process ran from the demo's day to 16 December; one starts.
    const job = new ReplenishmentJob({ db: harness.db, alerts: dispatcher, logger, now: () => morningOf("2026-12-16") });
    const results = await job.runOnce();
    expect(results.map((result) => [result.scheduleId, result.runDate, result.outcome, result.missed])).toEqual([
      [made.id, "2026-12-14", "placed", ["2026-11-23", "2026-11-30", "2026-12-07"]],
    ]);
    expect(await job.runOnce()).toEqual([]);
    expect(await harness.db.selectFrom("orders").select("id").where("schedule_id", "=", made.id).execute()).toHaveLength(1);
    const detail = await readSchedule(bo, buyer, made.id);
    expect(detail.runs.map((run) => [run.run_date, run.outcome])).toEqual([
      ["2026-12-14", "placed"],
      ["2026-12-07", "missed"],
      ["2026-11-30", "missed"],
      ["2026-11-23", "missed"],
    ]);
    expect(detail.runs[1]?.reason).toBe(
      "Aucune commande n'a pu partir ce jour-là (service arrêté) : seule celle du 14 décembre 2026 a été passée.",
    );
    expect(detail.next_run).toBe("2026-12-21");
    expect(errors).toEqual([]);
    await retire(made.id);
  });
});
