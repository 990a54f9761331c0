import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PageViewRecorder, type PageViewRecorderDeps } from "../../../server/backoffice/analytics/recorder";
import type { Database } from "../../../server/backoffice/db/schema";
import { createTestClock, startHarness, type Harness, type TestClock } from "../../support/harness";

/**
 * The page-view recorder (decision 0125) on the back-office's database: counts held in memory
 * and written in batches, one salt per day shared by the instances and deleted once the day
 * is over, nothing personal stored, 25 months kept, and a failing database that costs the
 * pages nothing.
 */

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";

let harness: Harness;
let clock: TestClock;
const errors: string[] = [];

function recorder(overrides: Partial<PageViewRecorderDeps> = {}): PageViewRecorder {
  return new PageViewRecorder({
    db: harness.db,
    now: clock.now,
    logger: { error: (_details, message) => void errors.push(message) },
    ...overrides,
  });
}

const rows = () => harness.db.selectFrom("analytics_views").selectAll().orderBy("day").orderBy("path").orderBy("visitor").execute();
const salts = () => harness.db.selectFrom("analytics_salts").selectAll().orderBy("day").execute();

beforeAll(async () => {
  harness = await startHarness({ portal: false, name: "analytics-recorder" });
});
afterAll(() => harness.close());
beforeEach(async () => {
  clock = createTestClock(new Date("2026-11-20T10:00:00+01:00"));
  errors.length = 0;
  await harness.db.deleteFrom("analytics_views").execute();
  await harness.db.deleteFrom("analytics_salts").execute();
});

describe("the page-view recorder", () => {
  it("counts the views of a day per page and visitor, the first ones (before the salt is read) included", async () => {
    const counter = recorder();
    counter.record({ path: "/catalogue", address: "203.0.113.7", userAgent: FIREFOX });
    counter.record({ path: "/catalogue", address: "203.0.113.7", userAgent: FIREFOX });
    counter.record({ path: "/", address: "203.0.113.7", userAgent: FIREFOX });
    counter.record({ path: "/catalogue", address: "198.51.100.4", userAgent: CHROME });
    // Nothing is written before the pass: recording never waits for the database.
    expect(await rows()).toEqual([]);
    await counter.stop();
    const stored = await rows();
    expect(stored.map(({ day, path, views }) => `${day} ${path} ${views}`).sort()).toEqual([
      "2026-11-20 / 1",
      "2026-11-20 /catalogue 1",
      "2026-11-20 /catalogue 2",
    ]);
    expect(stored).toHaveLength(3);
    const firefox = stored.find((row) => row.path === "/")!.visitor;
    expect(
      stored
        .filter((row) => row.visitor === firefox)
        .map((row) => row.path)
        .sort(),
    ).toEqual(["/", "/catalogue"]);
    expect(errors).toEqual([]);
  });

  it("stores neither the address nor the agent, and the salt apart from the views", async () => {
    const counter = recorder();
    counter.record({ path: "/mon-panier", address: "203.0.113.7", userAgent: FIREFOX });
    await counter.stop();
    const stored = JSON.stringify(await rows());
    expect(stored).not.toContain("203.0.113");
    expect(stored).not.toContain("Firefox");
    const [salt] = await salts();
    expect(salt?.day).toBe("2026-11-20");
    expect(stored).not.toContain(salt!.salt);
  });

  it("gives one visitor the same key on every instance the same day, another key the next day, and forgets the day's salt", async () => {
    const [first, second] = [recorder(), recorder()];
    first.record({ path: "/catalogue", address: "203.0.113.7", userAgent: FIREFOX });
    await first.stop();
    second.record({ path: "/catalogue", address: "203.0.113.7", userAgent: FIREFOX });
    await second.stop();
    expect((await rows()).map(({ views }) => views)).toEqual([2]);
    const [today] = await salts();

    clock.advance(24 * 60 * 60 * 1000);
    first.record({ path: "/catalogue", address: "203.0.113.7", userAgent: FIREFOX });
    await first.stop();
    const [before, after] = await rows();
    expect([before?.day, after?.day]).toEqual(["2026-11-20", "2026-11-21"]);
    expect(after?.visitor).not.toBe(before?.visitor);
    const left = await salts();
    expect(left.map((salt) => salt.day)).toEqual(["2026-11-21"]);
    expect(left[0]?.salt).not.toBe(today?.salt);
  });

  it("writes early when many counts are held, and adds to what is stored", async () => {
    const counter = recorder({ maxPending: 2 });
    counter.record({ path: "/a", address: "203.0.113.7", userAgent: FIREFOX });
    await counter.stop(); // the salt is read
    counter.record({ path: "/a", address: "203.0.113.7", userAgent: FIREFOX });
    counter.record({ path: "/b", address: "203.0.113.7", userAgent: FIREFOX });
    await counter.flush(); // joins the early write
    expect((await rows()).map(({ path, views }) => `${path}:${views}`)).toEqual(["/a:2", "/b:1"]);
  });

  it("keeps 25 months: the daily pass deletes older views and past salts, once a day", async () => {
    await harness.db
      .insertInto("analytics_views")
      .values([
        { day: "2024-10-19", path: "/old", visitor: "aaaaaaaaaaaaaaaa", views: 3 },
        { day: "2024-10-20", path: "/kept", visitor: "aaaaaaaaaaaaaaaa", views: 1 },
      ])
      .execute();
    await harness.db.insertInto("analytics_salts").values({ day: "2026-11-19", salt: "hier" }).execute();
    const counter = recorder();
    await counter.tick();
    expect((await rows()).map((row) => row.path)).toEqual(["/kept"]);
    expect(await salts()).toEqual([]);

    // The same day, the pass does not purge again; the next day it does.
    await harness.db
      .insertInto("analytics_views")
      .values({ day: "2024-10-19", path: "/old", visitor: "bbbbbbbbbbbbbbbb", views: 1 })
      .execute();
    await counter.tick();
    expect((await rows()).map((row) => row.path)).toEqual(["/old", "/kept"]);
    clock.advance(24 * 60 * 60 * 1000);
    await counter.tick();
    expect((await rows()).map((row) => row.path)).toEqual([]);
  });

  it("costs a page nothing when the database fails: logged, dropped, asked again only after a while", async () => {
    let asked = 0;
    const broken = new Proxy(harness.db, {
      get(target, property, receiver) {
        if (property === "insertInto") {
          return () => {
            asked += 1;
            throw new Error("base indisponible");
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Kysely<Database>;
    const counter = recorder({ db: broken });
    expect(() => counter.record({ path: "/", address: "203.0.113.7", userAgent: FIREFOX })).not.toThrow();
    await counter.stop();
    expect(errors).toEqual(["analytics salt unavailable"]);
    counter.record({ path: "/", address: "203.0.113.7", userAgent: FIREFOX });
    await counter.stop();
    expect(asked).toBe(1);
    clock.advance(31_000);
    counter.record({ path: "/", address: "203.0.113.7", userAgent: FIREFOX });
    await counter.stop();
    expect(asked).toBe(2);
    expect(await rows()).toEqual([]);
  });
});
