import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  backorderListResponse,
  orderDetail,
  orderListResponse,
  serviceRequestListResponse,
} from "@shared/contracts/orders";
import { openDatabase } from "../../../server/backoffice/db/open";
import type { Database } from "../../../server/backoffice/db/schema";
import { seedDemo } from "../../../server/backoffice/seed/demo";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { erp } from "./orders-fixtures";

/**
 * What docs/orders.md promises of the demo's past orders, on the full data set (`npm start`'s):
 * eighteen months of them for the README's organizations, every status, partial shipments,
 * back-orders waiting and arrived, cancellation requests, orders placed by contributors.
 */
describe.each(ENGINES)("the demo's past orders (full seed) on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine, { size: "full" });
  }, 180_000);
  afterAll(async () => {
    await bo.close();
  });

  it("gives every demo organization eighteen months of orders, Voilerie Atlantique in every status", async () => {
    const { rows } = await sql<{ ref: string; orders: number; first: Date; last: Date; statuses: string[] }>`
      select g.ref, count(*)::int as orders, min(o.created_at) as first, max(o.created_at) as last, array_agg(distinct o.status) as statuses
      from orders o join organizations g on g.id = o.org_id group by g.ref order by g.ref`.execute(bo.db);
    expect(rows.map((row) => row.ref)).toEqual(["C0001", "C0002", "C0003", "C0004", "C0005", "C0900", "C0901", "C0902"]);
    for (const row of rows) {
      const months = (new Date(`${DEMO_TODAY}T12:00:00Z`).getTime() - row.first.getTime()) / (30.44 * 24 * 3600 * 1000);
      expect(months, row.ref).toBeGreaterThan(17);
      expect(row.last.getTime(), row.ref).toBeLessThan(new Date(`${DEMO_TODAY}T10:00:00+01:00`).getTime());
      expect(row.orders, row.ref).toBeGreaterThanOrEqual(30);
    }
    expect(new Set(rows.find((row) => row.ref === "C0001")?.statuses)).toEqual(new Set(ORDER_STATUSES));
  });

  it("shows Voilerie Atlantique partial shipments, back-orders waiting and arrived, and a pending cancellation request", async () => {
    const client = await login(bo, LOGINS.client);
    const orgId = client.user.auth_org_id;
    const list = orderListResponse.parse((await call(bo, `/oms/orders?org_id=${orgId}&size=100`, { token: client.token })).body);
    expect(list.total).toBeGreaterThanOrEqual(70);
    expect(list.items.some((item) => item.author.on_behalf_of === "Voilerie Atlantique" && item.author.name === "Yann Le Gall")).toBe(true);

    const backorders = backorderListResponse.parse(
      (await call(bo, `/oms/backorders?org_id=${orgId}&size=100`, { token: client.token })).body,
    );
    const states = backorders.items.map((item) => item.backorder.state);
    expect(states).toContain("en attente");
    expect(states).toContain("disponible");
    expect(backorders.items.some((item) => item.backorder.available_at !== null)).toBe(true);
    expect(
      backorders.items.filter((item) => item.backorder.state === "en attente").every((item) => item.backorder.expected_date !== null),
    ).toBe(true);
    expect(backorders.items.filter((item) => item.cancellation_request?.status === "en attente")).toHaveLength(1);

    const twice = await bo.db.selectFrom("shipments").select("order_id").where("number", "=", 2).limit(1).executeTakeFirstOrThrow();
    const shippedTwice = orderDetail.parse(
      (
        await erp(
          bo,
          `/orders/${(await bo.db.selectFrom("orders").select("ref").where("id", "=", twice.order_id).executeTakeFirstOrThrow()).ref}`,
        )
      ).body,
    );
    expect(shippedTwice.shipments).toHaveLength(2);
    expect(shippedTwice.shipments.every((shipment) => shipment.tracking_number !== null)).toBe(true);

    const pending = serviceRequestListResponse.parse((await erp(bo, "/cancellation-requests")).body);
    expect(pending.map((request) => request.org_ref)).toContain("C0001");
  });
});

// ---- determinism of the lifecycle's rows (the small set: the full one is compared by demo-data.test.ts) ----

const LIFECYCLE_TABLES = {
  order_lines: "select * from order_lines order by order_id, position",
  shipments: "select * from shipments order by id",
  shipment_lines: "select * from shipment_lines order by shipment_id, position",
  order_events: "select * from order_events order by id",
  cancellation_requests: "select * from cancellation_requests order by id",
  orders: "select id, ref, org_id, usr_id, usr_name, status, created_at, cart_ref, dlv_address, total_ttc from orders order by id",
};

async function digest(db: Kysely<Database>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, query] of Object.entries(LIFECYCLE_TABLES)) {
    const { rows } = await sql.raw(query).execute(db);
    result[table] = `${rows.length}:${createHash("sha256").update(JSON.stringify(rows)).digest("hex")}`;
  }
  return result;
}

describe("the demo's past orders are deterministic", () => {
  it("writes the same lifecycle rows when seeded twice on the same date", async () => {
    const digests = await Promise.all(
      [0, 1].map(async () => {
        const opened = await openDatabase({ memory: true });
        try {
          await seedDemo(opened.db, { size: "small", today: DEMO_TODAY });
          return await digest(opened.db);
        } finally {
          await opened.close();
        }
      }),
    );
    expect(digests[0]?.order_events).toMatch(/^[1-9]\d*:/);
    expect(digests[1]).toEqual(digests[0]);
  }, 120_000);
});
