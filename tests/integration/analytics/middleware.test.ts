import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageView } from "../../../server/backoffice/analytics/recorder";
import { countPageViews, pageViews } from "../../../server/middleware/analytics";
import { startHarness, type Harness } from "../../support/harness";

/**
 * Which requests are page views (server/middleware/analytics.ts): a person's document request
 * answered 200 in HTML, counted under its normalised path with the address Express trusts;
 * then the real counter of the portal's server, from the request to the stored row.
 */

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const html = (res: express.Response) => void res.type("html").send("<!DOCTYPE html><title>Page</title>");

function portalLike(middleware: express.RequestHandler): express.Express {
  const app = express();
  app.set("trust proxy", 1);
  app.use(middleware);
  app.get("/api/oms/cart/1", (_req, res) => void res.json({}));
  app.get("/build/entry.client-X.js", (_req, res) => void res.type("js").send(""));
  app.get("/catalogue/produit/:id.data", (_req, res) => void res.type("text/x-script").send(""));
  app.get("/sante/rendu", (_req, res) => html(res));
  app.get("/mon-compte/factures/export.csv", (_req, res) => void res.type("csv").send("a;b"));
  app.get("/marques", (_req, res) => void res.redirect(301, "/catalogue/marques"));
  app.get("/inconnue", (_req, res) => void res.status(404).type("html").send("<!DOCTYPE html>"));
  app.all("*", (_req, res) => html(res));
  return app;
}

async function listen(app: express.Express): Promise<{ url: string; server: http.Server }> {
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Waits for the 'finish' listeners of the answers already read. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("what counts as a page view", () => {
  const seen: PageView[] = [];
  let url: string;
  let server: http.Server;
  beforeAll(async () => {
    ({ url, server } = await listen(portalLike(countPageViews({ record: (view) => void seen.push(view) }))));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${url}${path}`, { method, redirect: "manual", headers: { "user-agent": FIREFOX, ...headers } }).then((response) =>
      response.text(),
    );

  it("counts a person's page under its path without ids nor query, with the address given by the proxy Express trusts", async () => {
    seen.length = 0;
    await get("/catalogue/produit/1234?q=antenne#avis", { "x-forwarded-for": "198.51.100.9, 203.0.113.7" });
    await get("/mon-compte/commandes/42");
    await settled();
    expect(seen).toEqual([
      { path: "/catalogue/produit/:id", address: "203.0.113.7", userAgent: FIREFOX },
      { path: "/mon-compte/commandes/:id", address: "127.0.0.1", userAgent: FIREFOX },
    ]);
  });

  it("leaves out data requests, assets, API calls, files, redirects, errors, posts, prefetches, objections (GPC, DNT), robots and the monitors", async () => {
    seen.length = 0;
    await get("/catalogue/produit/12.data");
    await get("/catalogue?_data=routes%2F_app.catalogue._index");
    await get("/build/entry.client-X.js");
    await get("/api/oms/cart/1");
    await get("/mon-compte/factures/export.csv");
    await get("/marques");
    await get("/inconnue");
    await get("/connexion", {}, "POST");
    await get("/catalogue", { "sec-purpose": "prefetch;prerender" });
    await get("/catalogue", { purpose: "prefetch" });
    await get("/catalogue", { "sec-gpc": "1" });
    await get("/catalogue", { dnt: "1" });
    await get("/catalogue", { "user-agent": GOOGLEBOT });
    await get("/catalogue", { "user-agent": "" });
    await get("/sante/rendu");
    await settled();
    expect(seen).toEqual([]);
    // The same page, asked plainly, is one.
    await get("/catalogue");
    await settled();
    expect(seen.map((view) => view.path)).toEqual(["/catalogue"]);
  });
});

describe("the portal server's counter", () => {
  let harness: Harness;
  let url: string;
  let server: http.Server;
  const jobs = new AbortController();
  beforeAll(async () => {
    harness = await startHarness({ portal: false, name: "analytics-middleware" });
    await harness.db.deleteFrom("analytics_views").execute(); // the demo's own
    ({ url, server } = await listen(
      portalLike(pageViews({ db: harness.db, now: harness.clock.now, logger: { error: () => undefined }, signal: jobs.signal })),
    ));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await harness.close();
  });

  it("writes the views when the server stops, as the report reads them", async () => {
    for (const path of ["/", "/catalogue", "/catalogue", "/catalogue/produit/7"]) {
      await fetch(`${url}${path}`, { headers: { "user-agent": FIREFOX } }).then((response) => response.text());
    }
    await settled();
    jobs.abort();
    await expect
      .poll(() => harness.db.selectFrom("analytics_views").select(["path", "views"]).orderBy("path").execute())
      .toEqual([
        { path: "/", views: 1 },
        { path: "/catalogue", views: 2 },
        { path: "/catalogue/produit/:id", views: 1 },
      ]);
  });
});
