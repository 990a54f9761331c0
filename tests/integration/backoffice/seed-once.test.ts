import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { openDatabase } from "../../../server/backoffice/db/open";
import { seedDemoIfEmpty } from "../../../server/backoffice/seed/demo";
import { DEMO_TODAY, ENGINES } from "./harness";

/** Several instances starting at once on one empty database seed it once, and all of them start. */
describe.each(ENGINES)("demo data seeded once on %s", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openEmpty() {
    const url = process.env.TEST_DATABASE_URL;
    if (engine === "pglite" || !url) {
      const opened = await openDatabase({ memory: true });
      cleanups.push(() => opened.close());
      return [opened.db, opened.db];
    }
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // Two pools, as two instances would have.
    const first = await openDatabase({ url, schema, poolSize: 4 });
    const second = await openDatabase({ url, schema, poolSize: 4 });
    cleanups.push(async () => {
      await first.close();
      await second.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    });
    return [first.db, second.db];
  }

  it("seeds with one of two concurrent starts, the other finds the data and does not fail", async () => {
    const [first, second] = await openEmpty();
    if (!first || !second) throw new Error("no database");
    const results = await Promise.all([
      seedDemoIfEmpty(first, { size: "small", today: DEMO_TODAY }),
      seedDemoIfEmpty(second, { size: "small", today: DEMO_TODAY }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const count = await first
      .selectFrom("organizations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
    expect(await seedDemoIfEmpty(first, { size: "small", today: DEMO_TODAY })).toBe(false);
  }, 60_000);
});
