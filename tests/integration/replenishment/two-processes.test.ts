import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SILENT_ALERTS } from "../../../server/backoffice/alerts/dispatcher";
import { openDatabase, type OpenedDatabase } from "../../../server/backoffice/db/open";
import { ReplenishmentJob } from "../../../server/backoffice/replenishment/job";
import { runDueSchedules, type RunResult } from "../../../server/backoffice/replenishment/runner";
import { DEMO_TODAY } from "../../support/harness";
import { seededPostgresDatabase } from "../../support/seeds";
import { products } from "../backoffice/cart-fixtures";
import { everyDay, morningOf } from "./fixtures";

/**
 * Decision 0200 on PostgreSQL: two back-offices (two connection pools on one database, as two
 * processes have) run the schedules at the same instant, day after day; each schedule's run of
 * each date places one order, whichever process placed it, and neither fails.
 */

const SCHEDULES = 12;

describe.runIf(process.env.TEST_DATABASE_URL)("two back-offices running the schedules on one PostgreSQL database", () => {
  let database: { url: string; drop(): Promise<void> };
  let first: OpenedDatabase;
  let second: OpenedDatabase;
  const errors: unknown[] = [];
  const logger = { error: (details: Record<string, unknown>, message: string) => void errors.push({ message, ...details }) };

  beforeAll(async () => {
    database = await seededPostgresDatabase(process.env.TEST_DATABASE_URL ?? "", { size: "small", today: DEMO_TODAY });
    [first, second] = await Promise.all([
      openDatabase({ url: database.url, poolSize: 4 }),
      openDatabase({ url: database.url, poolSize: 4 }),
    ]);
    const db = first.db;
    const org = await db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow();
    const buyer = await db
      .selectFrom("users")
      .select(["id", "name"])
      .where("login", "=", "acheteur@voilerie-atlantique.fr")
      .executeTakeFirstOrThrow();
    const address = await db.selectFrom("addresses").select("id").where("org_id", "=", org.id).orderBy("id").executeTakeFirstOrThrow();
    await db.deleteFrom("purchasing_limits").execute();
    // The demo's own schedule (server/backoffice/seed/replenishment.ts) would run among these: only this test's count.
    await db.deleteFrom("replenishment_schedules").execute();
    const plain = await products(db, "plain", SCHEDULES);
    const at = new Date(`${DEMO_TODAY}T09:00:00+01:00`);
    for (const [index, product] of plain.entries()) {
      const list = await db
        .insertInto("order_lists")
        .values({
          org_id: org.id,
          owner_id: buyer.id,
          owner_name: buyer.name,
          name: `Liste ${index}`,
          shared: false,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("order_list_lines").values({ list_id: list.id, product_id: product.id, position: 0, qty: 1 }).execute();
      // Half weekly on Mondays, half monthly on the 1st: several due on the same mornings.
      const weekly = index % 2 === 0;
      await db
        .insertInto("replenishment_schedules")
        .values({
          org_id: org.id,
          owner_id: buyer.id,
          owner_name: buyer.name,
          name: `Programmée ${index}`,
          list_id: list.id,
          every: 1,
          unit: weekly ? "weeks" : "months",
          day: 1,
          next_run: weekly ? "2026-11-23" : "2026-12-01",
          dlv_address_id: address.id,
          max_price_increase_pct: null,
          price_basis: "{}",
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
  });

  it("places one order per schedule and date, whichever process runs it", async () => {
    const results: RunResult[] = [];
    for (const day of everyDay("2026-11-21", "2027-01-10")) {
      const now = morningOf(day);
      const both = await Promise.all([
        runDueSchedules({ db: first.db, alerts: SILENT_ALERTS, logger }, now),
        runDueSchedules({ db: second.db, alerts: SILENT_ALERTS, logger }, now),
      ]);
      results.push(...both.flat());
    }
    expect(errors).toEqual([]);
    // 6 weekly schedules × 7 Mondays, 6 monthly × 2 firsts.
    expect(results).toHaveLength(6 * 7 + 6 * 2);
    expect(results.every((result) => result.outcome === "placed")).toBe(true);
    const runs = await first.db
      .selectFrom("replenishment_runs as r")
      .innerJoin("orders as o", "o.id", "r.order_id")
      .select(["r.schedule_id", "r.run_date", "o.idempotency_key", "o.schedule_id as order_schedule"])
      .execute();
    expect(runs).toHaveLength(results.length);
    expect(
      runs.every((run) => run.idempotency_key === `schedule:${run.schedule_id}:${run.run_date}` && run.order_schedule === run.schedule_id),
    ).toBe(true);
    const orders = await first.db.selectFrom("orders").select("id").where("schedule_id", "is not", null).execute();
    expect(orders).toHaveLength(results.length);
  }, 300_000);

  it("catches up once when both restart at the same instant", async () => {
    const jobs = [first, second].map(
      (opened) => new ReplenishmentJob({ db: opened.db, alerts: SILENT_ALERTS, logger, now: () => morningOf("2027-02-10") }),
    );
    const passes = (await Promise.all(jobs.map((job) => job.runOnce()))).flat();
    expect(errors).toEqual([]);
    // The weekly ones missed 4 Mondays (11 January … 1 February) and ran once for the 8th; the monthly ones ran for 1 February.
    expect(passes.map((pass) => pass.runDate).sort()).toEqual([
      ...Array<string>(6).fill("2027-02-01"),
      ...Array<string>(6).fill("2027-02-08"),
    ]);
    expect(passes.filter((pass) => pass.runDate === "2027-02-08").every((pass) => pass.missed.length === 4)).toBe(true);
    const missed = await first.db.selectFrom("replenishment_runs").select("id").where("outcome", "=", "missed").execute();
    expect(missed).toHaveLength(6 * 4);
  }, 120_000);
});
