import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "@shared/contracts/analytics";
import { DEMO_SERVICE_TOKEN } from "../../../server/backoffice/seed/organizations-data";
import { fetchReport, formatReport, Refusal, Unreachable } from "../../../scripts/analytics-report";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";

/**
 * GET /api/analytics/report (docs/analytics.md): a call of the distributor's systems, with
 * the service token only; the days of the period (empty ones too), the pages most viewed,
 * visitors distinct within a day and summed across days. Then `npm run analytics` against it.
 */
describe.each(ENGINES)("the page-view report on %s", (engine) => {
  let bo: Backoffice;
  let demoDays: { day: string; views: number }[];
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    // The demo's own views (seeded for the 90 days before its date), then a known set instead.
    demoDays = await bo.db
      .selectFrom("analytics_views")
      .select((eb) => ["day", eb.fn.sum<number>("views").as("views")])
      .groupBy("day")
      .orderBy("day")
      .execute();
    await bo.db.deleteFrom("analytics_views").execute();
    await bo.db
      .insertInto("analytics_views")
      .values([
        { day: "2026-11-18", path: "/catalogue", visitor: "aaaaaaaaaaaaaaaa", views: 4 },
        { day: "2026-11-18", path: "/", visitor: "aaaaaaaaaaaaaaaa", views: 1 },
        { day: "2026-11-18", path: "/catalogue", visitor: "bbbbbbbbbbbbbbbb", views: 2 },
        { day: "2026-11-20", path: "/catalogue/produit/:id", visitor: "cccccccccccccccc", views: 9 },
        { day: "2026-11-20", path: "/catalogue", visitor: "cccccccccccccccc", views: 1 },
        // Outside the period asked.
        { day: "2026-10-01", path: "/mon-panier", visitor: "dddddddddddddddd", views: 50 },
      ])
      .execute();
  });
  afterAll(() => bo.close());

  it("has 90 days of views in the demo, up to the day before its date, fewer on weekends", () => {
    expect(demoDays).toHaveLength(90);
    expect(demoDays[0]?.day).toBe("2026-08-22");
    expect(demoDays.at(-1)?.day).toBe("2026-11-19");
    const views = (day: string) => Number(demoDays.find((row) => row.day === day)?.views ?? 0);
    // Thursday 19 and Sunday 15 November 2026.
    expect(views("2026-11-19")).toBeGreaterThan(views("2026-11-15"));
  });

  const report = (query: string, token: string | null = DEMO_SERVICE_TOKEN) =>
    call(bo, `/analytics/report?${query}`, { token: token ?? undefined });

  it("counts views and visitors per day, every day of the period, and the pages most viewed first", async () => {
    const answer = await report("from=2026-11-17&to=2026-11-20");
    expect(answer.status).toBe(200);
    const body = analyticsReport.parse(answer.body);
    expect(body.days).toEqual([
      { day: "2026-11-17", views: 0, visitors: 0 },
      { day: "2026-11-18", views: 7, visitors: 2 },
      { day: "2026-11-19", views: 0, visitors: 0 },
      { day: "2026-11-20", views: 10, visitors: 1 },
    ]);
    expect(body.totals).toEqual({ views: 17, visitors: 3 });
    expect(body.pages).toEqual([
      { path: "/catalogue/produit/:id", views: 9, visitors: 1 },
      { path: "/catalogue", views: 7, visitors: 3 },
      { path: "/", views: 1, visitors: 1 },
    ]);
    expect(body.page_count).toBe(3);
    expect(body.retention_months).toBe(25);
  });

  it("lists as many pages as asked", async () => {
    const body = analyticsReport.parse((await report("from=2026-11-17&to=2026-11-20&pages=1")).body);
    expect(body.pages.map((page) => page.path)).toEqual(["/catalogue/produit/:id"]);
    expect(body.page_count).toBe(3);
  });

  it("is the distributor's: no token 401, a portal user's token 403, a contributor's too", async () => {
    expect((await report("from=2026-11-17&to=2026-11-20", null)).status).toBe(401);
    const [client, sales] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.sales)]);
    for (const token of [client.token, sales.token]) {
      expect(await report("from=2026-11-17&to=2026-11-20", token)).toMatchObject({
        status: 403,
        body: { message: "Ces appels sont réservés aux systèmes du distributeur (jeton de service)." },
      });
    }
  });

  it("refuses a bad period in French", async () => {
    const reversed = await report("from=2026-11-20&to=2026-11-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.issues).toEqual([{ path: "to", message: "La date de fin précède la date de début." }]);
    const invalid = await report("from=2026-02-30&to=2026-03-01");
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain("Date invalide");
    expect((await report("to=2026-11-20")).status).toBe(400);
    expect((await report("from=2026-11-01&to=2026-11-20&org_id=1")).status).toBe(400);
    expect((await report("from=2026-11-01&to=2026-11-20&pages=0")).status).toBe(400);
  });

  it("is what `npm run analytics` prints, with the demo's service token by default", async () => {
    const env = {
      ...process.env,
      UPSTREAM_URL: bo.baseUrl.replace(/\/api$/, ""),
      ANALYTICS_TOKEN: undefined,
      WAREHOUSE_TOKEN: undefined,
      WAREHOUSE_TOKEN_FILE: "/nonexistent/token",
    };
    const fetched = await fetchReport(env, { from: "2026-11-17", to: "2026-11-20", pages: 20 });
    expect(fetched.totals).toEqual({ views: 17, visitors: 3 });
    expect(formatReport(fetched)).toContain("17 pages vues · 3 visiteurs");
    await expect(fetchReport({ ...env, ANALYTICS_TOKEN: "faux" }, { from: "2026-11-17", to: "2026-11-20", pages: 20 })).rejects.toThrow(
      new Refusal("Jeton de service absent, inconnu ou révoqué. (jeton : WAREHOUSE_TOKEN)"),
    );
    await expect(
      fetchReport({ ...env, UPSTREAM_URL: "http://127.0.0.1:9" }, { from: "2026-11-17", to: "2026-11-20", pages: 20 }),
    ).rejects.toBeInstanceOf(Unreachable);
  });
});
