import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventListResponse, type EventListResponse } from "@shared/contracts/outbox";
import { purgeOutbox } from "../../../server/backoffice/outbox/purge";
import { recordOutboxEvent } from "../../../server/backoffice/outbox/record";
import { call, startBackoffice, type Backoffice } from "../backoffice/harness";
import { erp } from "../backoffice/orders-fixtures";
import { ENGINES } from "../../support/harness";

/**
 * GET /api/erp/events?after=<cursor> (decision 0182): the same events as the webhooks, in
 * order, for an ERP that polls, whether or not a webhook is configured (none here).
 */

const contact = (n: number) => ({
  subject: "produit",
  message: `Question ${n} : ce gilet existe-t-il en taille enfant ?`,
  name: "Maël Kerjean",
  email: `mael.kerjean+${n}@exemple.fr`,
  phone: "",
  company: "Voilerie Atlantique",
});

async function page(bo: Backoffice, query: string): Promise<EventListResponse> {
  const answer = await erp(bo, `/events${query}`);
  expect(answer.status).toBe(200);
  return eventListResponse.parse(answer.body);
}

describe.each(ENGINES)("GET /api/erp/events on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(() => bo.close());

  it("pages through the events in order with the cursor, and says when nothing new committed", async () => {
    const empty = await page(bo, "");
    expect(empty).toEqual({ items: [], next_cursor: null, has_more: false });
    for (const n of [1, 2, 3]) expect((await call(bo, "/crm/contact-requests", { body: contact(n) })).status).toBe(201);

    const first = await page(bo, "?limit=2");
    expect(first.items.map((item) => item.type)).toEqual(["contact_message.received", "contact_message.received"]);
    expect(first.has_more).toBe(true);
    const second = await page(bo, `?after=${first.next_cursor}&limit=2`);
    expect(second.items).toHaveLength(1);
    expect(second.has_more).toBe(false);
    const messages = [...first.items, ...second.items].map((item) => (item.data.message as { message: string }).message);
    expect(messages).toEqual([1, 2, 3].map((n) => contact(n).message));
    // Nothing new: the same cursor back, to ask again later.
    expect(await page(bo, `?after=${second.next_cursor}`)).toEqual({ items: [], next_cursor: second.next_cursor, has_more: false });
  });

  it("forgets events older than 90 days, except those set aside, and the cursor still reads on", async () => {
    const last = (await page(bo, "")).next_cursor ?? "0";
    const old = new Date(Date.now() - 91 * 86_400_000);
    await bo.db.transaction().execute(async (trx) => {
      for (const stream of ["contact:old-delivered", "contact:old-aside"])
        await recordOutboxEvent(trx, { type: "contact_message.received", stream, orgId: null, at: old, data: slowData() });
    });
    await bo.db.updateTable("outbox_events").set({ delivery: "set_aside" }).where("stream", "=", "contact:old-aside").execute();
    expect(await purgeOutbox(bo.db, new Date())).toBeGreaterThanOrEqual(1);
    const kept = await bo.db
      .selectFrom("outbox_events")
      .select("stream")
      .where("occurred_at", "<", new Date(Date.now() - 90 * 86_400_000))
      .execute();
    expect(kept.map((row) => row.stream)).toEqual(["contact:old-aside"]);
    // Recent events are kept: the ones written by the test before.
    expect((await page(bo, "")).items.length).toBeGreaterThanOrEqual(3);
    expect((await page(bo, `?after=${last}`)).items.map((item) => item.data.customer)).toEqual([null]);
  });

  it("refuses a cursor it never gave and an oversized page, in French", async () => {
    const bad = await erp(bo, "/events?after=abc");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Curseur invalide");
    const big = await erp(bo, "/events?limit=501");
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain("Au plus 500 événements par page.");
  });

  it.runIf(engine === "postgres")("never steps over an event whose transaction commits after a later one", async () => {
    const start = (await page(bo, "")).next_cursor ?? "0";
    let commitSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
    let slowWritten!: () => void;
    const written = new Promise<void>((resolve) => (slowWritten = resolve));
    // An event written first (smaller id) by a transaction that stays open…
    const slow = bo.db.transaction().execute(async (trx) => {
      await recordOutboxEvent(trx, {
        type: "contact_message.received",
        stream: "contact:slow",
        orgId: null,
        at: new Date(),
        data: slowData(),
      });
      slowWritten();
      await slowMayCommit;
    });
    await written;
    // …and one written after it that commits at once.
    expect((await call(bo, "/crm/contact-requests", { body: contact(9) })).status).toBe(201);
    const during = await page(bo, `?after=${start}`);
    expect(during.items).toEqual([]);
    commitSlow();
    await slow;
    const after = await page(bo, `?after=${start}`);
    expect(after.items.map((item) => (item.data.message as { email: string }).email)).toEqual(["slow@exemple.fr", contact(9).email]);
  });
});

function slowData() {
  return {
    customer: null,
    message: {
      id: 999_999,
      subject: "autre" as const,
      message: "Message lent",
      name: "Lent",
      email: "slow@exemple.fr",
      phone: "",
      company: "Lenteur SARL",
      usr_id: null,
      org_id: null,
      received_at: new Date().toISOString(),
    },
  };
}
