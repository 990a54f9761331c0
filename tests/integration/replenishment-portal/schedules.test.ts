import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "~/routes/_app.mon-compte.commandes-programmees.$id";
import * as listRoute from "~/routes/_app.mon-compte.commandes-programmees._index";
import * as orderRoute from "~/routes/_app.mon-compte.commandes.$id";
import { EVERY_INVALID, FORM_REFUSED, INCREASE_INVALID, LIST_REQUIRED, START_PAST } from "~/services/replenishment/form.server";
import { type ScheduleDetailView, type ScheduleListView, type ScheduleRefusal } from "~/services/replenishment/types";
import { NO_SCHEDULES_RIGHT } from "~/services/replenishment/user.server";
import { LOGINS, bodyOf, cookieFor, load, post, startUsersPagesBed, statusOf, toastOf, type UsersPagesBed } from "../users-pages/harness";
import { PATH, createForm, demoFixture, type Fixture } from "./harness";

/**
 * /mon-compte/commandes-programmees and one schedule's page over the real back-office (issue
 * 38, docs/replenishment-portal.md): the creation form's French refusals (nothing created),
 * a schedule created and its next date shown, skip, pause and resume, a change, a deletion
 * confirmed; a colleague's, another organization's schedule, and an account without the rights.
 * The harness's clock stands on Friday 20 November 2026.
 */

let bed: UsersPagesBed;
let fixture: Fixture;
const cookies = { buyer: "", storekeeper: "", organization: "", consultant: "", belgium: "" };

beforeAll(async () => {
  bed = await startUsersPagesBed("replenishment-portal");
  fixture = await demoFixture(bed, LOGINS.buyer);
  for (const key of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[key] = await cookieFor(bed, LOGINS[key]);
});
afterAll(() => bed.close());

const listPage = (cookie: string) => load<ScheduleListView>(bed, listRoute.loader, PATH, cookie);
const schedulePage = (cookie: string, id: number, query = "") =>
  load<ScheduleDetailView>(bed, detailRoute.loader, `${PATH}/${id}${query}`, cookie, { id: String(id) });
const create = (cookie: string, fields: Record<string, string>) => post(bed, listRoute.action, `${PATH}?index`, fields, cookie);
const act = (cookie: string, id: number, fields: Record<string, string>) =>
  post(bed, (args) => detailRoute.action({ ...args, params: { id: String(id) } }), `${PATH}/${id}`, fields, cookie);

async function refusedStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (thrown) {
    return statusOf(thrown);
  }
  throw new Error("expected a refusal");
}

async function scheduleCount(): Promise<number> {
  const rows = await bed.db.selectFrom("replenishment_schedules").select("id").where("org_id", "=", fixture.orgId).execute();
  return rows.length;
}

/** Creates a schedule as `cookie` through the page's form; its id from the redirect. */
async function created(cookie: string, changes: Record<string, string> = {}): Promise<number> {
  const answer = await create(cookie, createForm(fixture, changes));
  if (!(answer instanceof Response) || answer.status !== 303) throw new Error(`creation answered ${JSON.stringify(answer)}`);
  return Number(/\/(\d+)$/.exec(answer.headers.get("Location") ?? "")?.[1]);
}

describe("the creation form", () => {
  it("lists the lists the buyer sees and the organization's addresses, the first date tomorrow", async () => {
    const view = await listPage(cookies.buyer);
    const lists = view.lists.map((list) => list.id);
    expect(view.lists).toContainEqual({ id: fixture.sharedListId, label: "Consommables atelier" });
    expect(lists).not.toContain(fixture.privateListId);
    expect(view.addresses.map((address) => address.id)).toContain(fixture.addressId);
    expect(view.today).toBe("2026-11-20");
    expect(view.defaults).toMatchObject({ debut: "2026-11-21", "tous-les": "1", unite: "mois", "jour-mois": "21" });
    expect(view.runsGoToApproval).toBe(false);
  });

  it("refuses a form with mistakes, each in French next to its field, and creates nothing", async () => {
    const before = await scheduleCount();
    const answer = await create(
      cookies.buyer,
      createForm(fixture, { nom: " ", liste: "", "tous-les": "0", debut: "2026-11-19", "hausse-max": "douze" }),
    );
    expect(statusOf(answer)).toBe(400);
    const refusal = bodyOf<ScheduleRefusal>(answer);
    expect(refusal.message).toBe(FORM_REFUSED);
    expect(refusal.errors).toEqual({
      nom: "Donnez un nom à la commande programmée.",
      liste: LIST_REQUIRED,
      "tous-les": EVERY_INVALID,
      debut: START_PAST,
      "hausse-max": INCREASE_INVALID,
    });
    expect(refusal.values["hausse-max"]).toBe("douze");
    expect(await scheduleCount()).toBe(before);
  });

  it("puts a weekday out of the week under the weekday select, and reads the month's day only for months", async () => {
    const answer = await create(cookies.buyer, createForm(fixture, { unite: "semaines", "jour-semaine": "9", "jour-mois": "45" }));
    expect(bodyOf<ScheduleRefusal>(answer).errors).toEqual({ "jour-semaine": "Choisissez le jour de la semaine." });
  });

  it("draws the back-office's 422 next to its field: a colleague's private list", async () => {
    const before = await scheduleCount();
    const answer = await create(cookies.buyer, createForm(fixture, { liste: String(fixture.privateListId) }));
    expect(statusOf(answer)).toBe(422);
    const refusal = bodyOf<ScheduleRefusal>(answer);
    expect(refusal.errors.liste).toMatch(/^Cette liste n'existe pas ou n'est pas partagée avec vous/);
    expect(await scheduleCount()).toBe(before);
  });
});

describe("a schedule created, then skipped, paused, resumed, changed and deleted", () => {
  let id = 0;

  it("creates it and opens its page, the toast naming the first date (the 31st falls on 30 November)", async () => {
    const answer = await create(cookies.buyer, createForm(fixture, { "hausse-max": "15 %" }));
    expect(statusOf(answer)).toBe(303);
    id = Number(/\/(\d+)$/.exec((answer as Response).headers.get("Location") ?? "")?.[1]);
    expect((answer as Response).headers.get("Location")).toBe(`${PATH}/${id}`);
    expect(await toastOf(bed, answer)).toEqual({
      type: "success",
      message: "Commande programmée « Réassort mensuel » créée : première commande le lundi 30 novembre 2026.",
    });
    const view = await schedulePage(cookies.buyer, id);
    expect(view.schedule).toMatchObject({
      name: "Réassort mensuel",
      listName: "Consommables atelier",
      rhythm: { every: 1, unit: "months", day: 31 },
      status: "active",
      nextRun: "2026-11-30",
      maxPriceIncreasePct: 15,
      canEdit: true,
    });
    expect(view.upcoming.slice(0, 4)).toEqual(["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"]);
    expect(view.runs).toEqual([]);
    const row = (await listPage(cookies.buyer)).rows.find((schedule) => schedule.id === id);
    expect(row).toMatchObject({ nextRun: "2026-11-30", status: "active", lastRun: null });
  });

  it("skips the next run: the toast says which date is skipped and the new next one", async () => {
    const answer = await act(cookies.buyer, id, { intent: "skip" });
    expect(await toastOf(bed, answer)).toEqual({
      type: "success",
      message: "La commande du lundi 30 novembre 2026 est sautée : la prochaine partira le jeudi 31 décembre 2026.",
    });
    expect((await schedulePage(cookies.buyer, id)).schedule).toMatchObject({ nextRun: "2026-12-31", skippedDate: "2026-11-30" });
  });

  it("pauses (no next date) and resumes", async () => {
    expect(await toastOf(bed, await act(cookies.buyer, id, { intent: "pause" }))).toEqual({
      type: "success",
      message: "Commande programmée mise en pause : aucune commande ne partira avant sa reprise.",
    });
    expect((await schedulePage(cookies.buyer, id)).schedule).toMatchObject({ status: "paused", nextRun: null });
    const resumed = await toastOf(bed, await act(cookies.buyer, id, { intent: "resume" }));
    expect(resumed?.type).toBe("success");
    expect(resumed?.message).toMatch(/^Commande programmée reprise : la prochaine partira le /);
    expect((await schedulePage(cookies.buyer, id)).schedule.status).toBe("active");
  });

  it("refuses a change with mistakes (nothing saved), then saves a new rhythm", async () => {
    const view = await schedulePage(cookies.buyer, id);
    const refused = await act(cookies.buyer, id, { intent: "update", ...view.current, "hausse-max": "150" });
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<ScheduleRefusal>(refused)).toMatchObject({ form: "update", errors: { "hausse-max": INCREASE_INVALID } });
    expect((await schedulePage(cookies.buyer, id)).schedule.maxPriceIncreasePct).toBe(15);

    const saved = await act(cookies.buyer, id, {
      intent: "update",
      ...view.current,
      nom: "Réassort bimensuel",
      "tous-les": "2",
      unite: "semaines",
      "jour-semaine": "4",
      debut: "2026-12-01",
      "hausse-max": "",
    });
    expect(await toastOf(bed, saved)).toEqual({
      type: "success",
      message: "Commande programmée enregistrée : la prochaine partira le jeudi 3 décembre 2026.",
    });
    const after = (await schedulePage(cookies.buyer, id)).schedule;
    expect(after).toMatchObject({
      name: "Réassort bimensuel",
      rhythm: { every: 2, unit: "weeks", day: 4 },
      nextRun: "2026-12-03",
      maxPriceIncreasePct: null,
    });
  });

  it("deletes only through the confirmation step", async () => {
    expect((await schedulePage(cookies.buyer, id)).confirmDelete).toBe(false);
    expect((await schedulePage(cookies.buyer, id, "?supprimer=1")).confirmDelete).toBe(true);
    const unconfirmed = await act(cookies.buyer, id, { intent: "delete" });
    expect((await toastOf(bed, unconfirmed))?.type).toBe("error");
    expect((await schedulePage(cookies.buyer, id)).schedule.id).toBe(id);

    const answer = await act(cookies.buyer, id, { intent: "delete", confirmation: "oui" });
    expect((answer as Response).headers.get("Location")).toBe(PATH);
    expect(await toastOf(bed, answer)).toEqual({
      type: "success",
      message: "Commande programmée « Réassort bimensuel » supprimée. Les commandes déjà passées restent dans vos commandes.",
    });
    expect(await refusedStatus(() => schedulePage(cookies.buyer, id))).toBe(404);
  });
});

describe("the demo's schedule and its runs", () => {
  it("shows « Réassort mensuel atelier »: monthly on the 5th, next on Saturday 5 December 2026, its runs' outcomes", async () => {
    const view = await schedulePage(cookies.buyer, fixture.seededScheduleId);
    expect(view.schedule).toMatchObject({
      name: "Réassort mensuel atelier",
      listName: "Consommables atelier",
      rhythm: { every: 1, unit: "months", day: 5 },
      status: "active",
      nextRun: "2026-12-05",
      maxPriceIncreasePct: 10,
      ownerName: "Maël Kerjean",
    });
    const byDate = Object.fromEntries(view.runs.map((run) => [run.date, run]));
    expect(Object.keys(byDate).sort()).toEqual(["2026-10-05", "2026-11-05"]);
    expect(byDate["2026-11-05"]).toMatchObject({ outcome: "failed", order: null });
    expect(byDate["2026-11-05"]?.reason).toMatch(/^Produit arrêté, plus en vente : /);
    // The demo has no order of the buyer on 5 October: that run was skipped.
    expect(byDate["2026-10-05"]).toMatchObject({ outcome: "skipped", order: null, approval: null });
    const row = (await listPage(cookies.buyer)).rows.find((schedule) => schedule.id === fixture.seededScheduleId);
    expect(row?.lastRun).toMatchObject({ date: "2026-11-05", outcome: "failed" });
  });

  it("names the schedule on the page of an order one of its runs placed", async () => {
    const order = await bed.db
      .selectFrom("orders")
      .select("id")
      .where("org_id", "=", fixture.orgId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await bed.db.updateTable("orders").set({ schedule_id: fixture.seededScheduleId }).where("id", "=", order.id).execute();
    const page = await load<{ order: { schedule?: { id: number; name: string } | null } }>(
      bed,
      orderRoute.loader,
      `/mon-compte/commandes/${order.id}`,
      cookies.buyer,
      { id: String(order.id) },
    );
    expect(page.order.schedule).toEqual({ id: fixture.seededScheduleId, name: "Réassort mensuel atelier" });
  });

  it("shows a run sent for approval with its request", async () => {
    const id = await created(cookies.buyer, { nom: "Historique" });
    const approval = await bed.db
      .selectFrom("approval_requests")
      .select(["id", "number"])
      .where("org_id", "=", fixture.orgId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await bed.db
      .insertInto("replenishment_runs")
      .values({
        schedule_id: id,
        run_date: "2026-10-31",
        outcome: "approval",
        at: new Date("2026-10-31T05:00:00Z"),
        approval_id: approval.id,
      })
      .execute();
    const [run] = (await schedulePage(cookies.buyer, id)).runs;
    expect(run).toEqual({
      date: "2026-10-31",
      outcome: "approval",
      reason: null,
      order: null,
      approval: { id: approval.id, number: approval.number },
    });
  });
});

describe("who may see and change a schedule", () => {
  let id = 0;
  beforeAll(async () => {
    id = await created(cookies.buyer, { nom: "Celui de Maël" });
  });

  it("lets the organization's account (an administrator) see and change a person's schedule", async () => {
    const view = await schedulePage(cookies.organization, id);
    expect(view.schedule).toMatchObject({ ownerName: "Maël Kerjean", canEdit: true });
    expect((await listPage(cookies.organization)).rows.map((row) => row.id)).toContain(id);
  });

  it("hides a colleague's schedule from a person who is not an administrator: 404 to read as to change", async () => {
    expect((await listPage(cookies.storekeeper)).rows.map((row) => row.id)).not.toContain(id);
    expect(await refusedStatus(() => schedulePage(cookies.storekeeper, id))).toBe(404);
    expect(statusOf(await act(cookies.storekeeper, id, { intent: "pause" }))).toBe(404);
    expect((await schedulePage(cookies.buyer, id)).schedule.status).toBe("active");
  });

  it("answers 404 to another organization, and changes nothing", async () => {
    expect(await refusedStatus(() => schedulePage(cookies.belgium, id))).toBe(404);
    expect(statusOf(await act(cookies.belgium, id, { intent: "skip" }))).toBe(404);
    expect((await schedulePage(cookies.buyer, id)).schedule.skippedDate).toBeNull();
  });

  it("tells a person without `orders` that each run goes for approval", async () => {
    const view = await listPage(cookies.storekeeper);
    expect(view.runsGoToApproval).toBe(true);
  });

  it("refuses an account with neither `orders` nor `cart`: a 403 saying why, on the page and its form", async () => {
    const refusal = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (thrown) {
        return { status: statusOf(thrown), message: bodyOf<{ message: string }>(thrown).message };
      }
      throw new Error("expected a refusal");
    };
    expect(await refusal(() => listPage(cookies.consultant))).toEqual({ status: 403, message: NO_SCHEDULES_RIGHT });
    const before = await scheduleCount();
    const answer = await create(cookies.consultant, createForm(fixture));
    expect(statusOf(answer)).toBe(403);
    expect(await scheduleCount()).toBe(before);
  });
});
