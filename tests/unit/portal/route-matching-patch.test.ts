import { matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/ (decision 0154): @remix-run/router flattens and ranks a route table once and
 * compiles each pattern once; react-router-dom's static router builds a table's data routes
 * once. Matching stays what it was; these tests fail on the unpatched packages.
 */
const table = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "catalogue/produit/:id" },
      { id: "category", path: "catalogue/*" },
      { id: "order", path: "mon-compte/commandes/:ref/:tab?" },
      { id: "orders", path: "mon-compte/commandes" },
    ],
  },
];
const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe("route matching with cached branches and patterns", () => {
  it("matches as React Router does: ranks, params, splats, optional segments, case", () => {
    const routes = table();
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
    expect(matchRoutes(routes, "/catalogue/produit/3166")?.at(-1)?.params).toEqual({ id: "3166" });
    expect(matchRoutes(routes, "/catalogue/electronique/antennes")?.at(-1)?.params).toEqual({ "*": "electronique/antennes" });
    expect(ids(matchRoutes(routes, "/mon-compte/commandes"))).toEqual(["root", "orders"]);
    expect(matchRoutes(routes, "/mon-compte/commandes/CMD-1/suivi")?.at(-1)?.params).toEqual({ ref: "CMD-1", tab: "suivi" });
    expect(ids(matchRoutes(routes, "/MON-COMPTE/Commandes"))).toEqual(["root", "orders"]);
    expect(matchRoutes(routes, "/inconnue")).toBeNull();
    // The same answers the second time, from the cache.
    expect(matchRoutes(routes, "/catalogue/produit/12")?.at(-1)?.params).toEqual({ id: "12" });
    expect(matchPath({ path: "/a/:b", end: false }, "/a/x/y")?.pathnameBase).toBe("/a/x");
    expect(matchPath({ path: "/a/:b", end: true }, "/a/x/y")).toBeNull();
    expect(matchPath({ path: "/A/:b", caseSensitive: true }, "/a/x")).toBeNull();
    expect(matchPath({ path: "/A/:b", caseSensitive: false }, "/a/x")?.params).toEqual({ b: "x" });
  });

  it("flattens a table once: a route pushed into the same array afterwards is not seen, a new table is", () => {
    const routes = table();
    expect(matchRoutes(routes, "/contact")).toBeNull();
    routes.push({ id: "contact", path: "/contact" });
    expect(matchRoutes(routes, "/contact")).toBeNull();
    expect(ids(matchRoutes([...routes], "/contact"))).toEqual(["contact"]);
  });

  it("builds a static router's data routes once per table", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "page", path: "page", loader: () => null }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/page"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((match) => match.route.id)).toEqual(["root", "page"]);
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });
});
