import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseOutboxEvent, replayResponse, setAsideListResponse } from "@shared/contracts/outbox";
import type { BackofficeApiDeps } from "../../../server/backoffice/app";
import { call, LOGINS, login, type Backoffice } from "../backoffice/harness";
import { runEvents } from "../../../server/backoffice/outbox/cli";
import { erpClient } from "../../../server/backoffice/warehouse/client";
import { erp, placeOrder, SERVICE_TOKEN, setStock, testProducts } from "../backoffice/orders-fixtures";
import { ENGINES, startHarness, type Engine } from "../../support/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

/**
 * The outbox's webhooks against a real HTTP receiver (decisions 0182, 0183): it fails the first
 * attempts, goes down, comes back; every event arrives, in order within its order, accepted once
 * by the receiver's idempotency check, each signature verified. The back-office runs on a clock
 * that moves with real time (retries are due by it) and posts with short delays.
 */

interface Bed {
  bo: Backoffice;
  receiver: WebhookReceiver;
  jobs: AbortController;
}

async function startBed(engine: Engine, webhook: Partial<NonNullable<BackofficeApiDeps["webhook"]>> = {}): Promise<Bed> {
  const receiver = await startWebhookReceiver();
  const jobs = new AbortController();
  const harness = await startHarness({
    engine,
    clock: "running",
    portal: false,
    name: "outbox",
    api: {
      signal: jobs.signal,
      webhookPollMs: 50,
      webhook: { url: receiver.url, secret: receiver.secret, timeoutMs: 5000, firstRetryMs: 50, retryWindowMs: 60_000, ...webhook },
    },
  });
  const bo: Backoffice = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
  return { bo, receiver, jobs };
}

async function closeBed(bed: Bed): Promise<void> {
  bed.jobs.abort();
  await bed.receiver.close();
  await bed.bo.close();
}

/** A product with 2 in stock: ordering 5 leaves a back-order of 3 whose cancellation can be asked. */
async function shortProduct(bo: Backoffice): Promise<{ id: number; ref: string }> {
  const [product] = await testProducts(bo.db, 1);
  if (!product) throw new Error("no test product");
  await setStock(bo.db, product.id, 2);
  return product;
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const contactMessage = (email: string) => ({
  subject: "commande",
  message: "Bonjour, pouvez-vous nous rappeler au sujet de la commande de gilets ?",
  name: "Paul Le Floch",
  email,
  phone: "02 97 84 12 50",
  company: "Chantier du Blavet",
});

describe.each(ENGINES)("webhooks on %s", (engine) => {
  describe("a receiver that fails, goes down and comes back", () => {
    let bed: Bed;
    beforeAll(async () => {
      bed = await startBed(engine);
    });
    afterAll(() => closeBed(bed));

    it("gets every event, signed, once each, in order within each order, without slowing the confirmations", async () => {
      const { bo, receiver } = bed;
      const buyer = await login(bo, LOGINS.buyer);
      const product = await shortProduct(bo);
      const [other] = await testProducts(bo.db, 2);
      if (!other) throw new Error("no second product");
      await setStock(bo.db, other.id, 50);

      receiver.failNext(3, 503);
      const first = await placeOrder(bo, buyer, [[product, 5]], "outbox-first");
      const second = await placeOrder(bo, buyer, [[other, 1]], "outbox-second");
      const asked = await call(bo, `/oms/orders/${first.ord_id}/cancellation-requests`, {
        token: buyer.token,
        body: { obj_id: product.id, reason: "Le client final a annulé." },
      });
      expect(asked.status).toBe(201);

      await receiver.down();
      const third = await placeOrder(bo, buyer, [[other, 2]], "outbox-third");
      const contact = await call(bo, "/crm/contact-requests", { body: contactMessage("paul.lefloch@exemple.fr") });
      expect(contact.status).toBe(201);
      // The deliverer met the closed port at least once before the receiver comes back.
      await until(async () => {
        const row = await bo.db
          .selectFrom("outbox_events")
          .select("last_error")
          .where("last_error", "like", "Injoignable%")
          .executeTakeFirst();
        return row ?? undefined;
      }, "a delivery attempt while the receiver is down");
      await receiver.up();

      const accepted = await receiver.waitFor(5);
      expect(receiver.badSignatures).toBe(0);
      const types = accepted.map(({ event }) => event.type).sort();
      expect(types).toEqual([
        "contact_message.received",
        "order.cancellation_requested",
        "order.confirmed",
        "order.confirmed",
        "order.confirmed",
      ]);
      const ids = accepted.map(({ event }) => event.id);
      expect(new Set(ids).size).toBe(ids.length);

      // In order within the first order: its confirmation before the cancellation request.
      const ofFirst = accepted.filter(({ event }) => {
        const parsed = parseOutboxEvent(event);
        return (
          (parsed.type === "order.confirmed" && parsed.data.order.ord_ref === first.ord_ref) ||
          (parsed.type === "order.cancellation_requested" && parsed.data.request.ord_ref === first.ord_ref)
        );
      });
      expect(ofFirst.map(({ event }) => event.type)).toEqual(["order.confirmed", "order.cancellation_requested"]);

      // What the ERP needs is in the event: the order with its lines, the customer's code.
      const confirmed = accepted.map(({ event }) => parseOutboxEvent(event)).find((event) => event.type === "order.confirmed");
      expect(confirmed?.type === "order.confirmed" && confirmed.data.customer.ref).toBe("C0001");
      const refs = accepted.flatMap(({ event }) => {
        const parsed = parseOutboxEvent(event);
        return parsed.type === "order.confirmed" ? [parsed.data.order.ord_ref] : [];
      });
      expect(refs.sort()).toEqual([first.ord_ref, second.ord_ref, third.ord_ref].sort());

      // The receiver answered before the deliverer wrote down its answer: wait for the rows.
      const rows = await until(async () => {
        const all = await bo.db.selectFrom("outbox_events").select(["delivery", "attempts"]).execute();
        return all.every((row) => row.delivery === "delivered") ? all : undefined;
      }, "every event marked delivered");
      // The failures were retried: the first event needed more than one attempt.
      expect(Math.max(...rows.map((row) => row.attempts))).toBeGreaterThan(1);
    });

    it("confirms orders while the receiver holds every post unanswered: delivery is never inside the request", async () => {
      const { bo, receiver } = bed;
      const buyer = await login(bo, LOGINS.buyer);
      const [product] = await testProducts(bo.db, 3);
      if (!product) throw new Error("no product");
      await setStock(bo.db, product.id, 100);
      const before = receiver.accepted.length;
      receiver.holdNext(1000);
      for (const key of ["held-one", "held-two", "held-three"]) await placeOrder(bo, buyer, [[product, 1]], key);
      // Three confirmations answered while the receiver has accepted nothing of them.
      expect(receiver.accepted.length).toBe(before);
      receiver.holdNext(0);
      receiver.release();
      await receiver.waitFor(before + 3);
    });
  });

  describe("a receiver down for longer than the retry window", () => {
    let bed: Bed;
    beforeAll(async () => {
      bed = await startBed(engine, { retryWindowMs: 400, firstRetryMs: 50 });
    });
    afterAll(() => closeBed(bed));
    afterEach(() => bed.receiver.failNext(0));

    it("sets the event aside with the order's next ones, lists them, and a replay delivers them in order", async () => {
      const { bo, receiver } = bed;
      const buyer = await login(bo, LOGINS.buyer);
      const product = await shortProduct(bo);
      receiver.failNext(1_000_000, 500);
      const placed = await placeOrder(bo, buyer, [[product, 5]], "aside-first");
      await until(async () => {
        const row = await bo.db.selectFrom("outbox_events").select("delivery").where("delivery", "=", "set_aside").executeTakeFirst();
        return row ?? undefined;
      }, "the confirmation set aside");
      const asked = await call(bo, `/oms/orders/${placed.ord_id}/cancellation-requests`, {
        token: buyer.token,
        body: { obj_id: product.id, reason: "Annulé par le client final." },
      });
      expect(asked.status).toBe(201);
      // Written behind a set-aside event of its order: aside too, never delivered before it.
      const listed = await until(async () => {
        const list = setAsideListResponse.parse((await erp(bo, "/events/set-aside")).body);
        return list.total === 2 ? list : undefined;
      }, "both events of the order set aside");
      expect(listed.items.map((item) => item.type)).toEqual(["order.confirmed", "order.cancellation_requested"]);
      expect(listed.items[0]?.last_error).toContain("HTTP 500");
      expect(receiver.accepted).toHaveLength(0);

      receiver.failNext(0);
      const replayed = replayResponse.parse(
        (await erp(bo, "/events/replay", { ids: [listed.items[0]?.id, "00000000-0000-4000-8000-000000000000"] })).body,
      );
      expect(replayed).toEqual({ replayed: 2, not_set_aside: ["00000000-0000-4000-8000-000000000000"] });
      const accepted = await receiver.waitFor(2);
      expect(accepted.map(({ event }) => event.type)).toEqual(["order.confirmed", "order.cancellation_requested"]);
      expect(setAsideListResponse.parse((await erp(bo, "/events/set-aside")).body).total).toBe(0);
    });

    it("npm run events lists the set-aside events and replays them all", async () => {
      const { bo, receiver } = bed;
      const portal = erpClient({ baseUrl: bo.baseUrl.replace(/\/api$/, ""), token: SERVICE_TOKEN, tokenSource: "test" });
      const before = receiver.accepted.length;
      receiver.failNext(1_000_000, 502);
      expect((await call(bo, "/crm/contact-requests", { body: contactMessage("cli@exemple.fr") })).status).toBe(201);
      await until(
        async () => ((await runEvents(["list"], portal)).includes("contact_message.received") ? true : undefined),
        "the message set aside",
      );
      const listed = await runEvents(["list"], portal);
      expect(listed).toMatch(/Événements mis de côté \(1\)/);
      expect(listed).toContain("HTTP 502");
      await expect(runEvents(["replay", "pas-un-id"], portal)).rejects.toThrow("Identifiant d'événement invalide : « pas-un-id ».");
      receiver.failNext(0);
      expect(await runEvents(["replay", "--all"], portal)).toBe("1 événement renvoyé à l'ERP.");
      await receiver.waitFor(before + 1);
      expect(await runEvents(["list"], portal)).toBe("Aucun événement mis de côté : tout a été remis à l'ERP.");
    });

    it("refuses a replay naming nothing, in French", async () => {
      const answer = await erp<{ message: string }>(bed.bo, "/events/replay", { ids: [] });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain("Nommez au moins un événement.");
    });
  });
});
