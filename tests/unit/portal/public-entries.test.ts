import { readdirSync } from "node:fs";
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { describe, expect, it } from "vitest";

/**
 * The static middleware (server/middleware/static.ts) answers a path whose first segment is one
 * of public/'s entries before Remix sees it: a folder there named like a page turned the page
 * into a 301 to the folder (/actualites, issue 32). No entry of public/ may be the first
 * segment of a route's URL; the routes are read as Remix reads them (its flat-routes parser).
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

function firstUrlSegments(): Map<string, string[]> {
  const routes = flatRoutes(path.join(ROOT, "app"), ["**/.*", "**/*.test.*"]);
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (route === undefined) return "";
    const parent = route.parentId === undefined ? "" : fullPath(route.parentId);
    return [parent, route.path ?? ""].filter((part) => part !== "").join("/");
  };
  const segments = new Map<string, string[]>();
  for (const id of Object.keys(routes)) {
    const first = fullPath(id).split("/")[0] ?? "";
    // A parameter or a splat matches any name: public/ wins over it by design (a missing file is a 404 page).
    if (first === "" || first.startsWith(":") || first === "*") continue;
    segments.set(first, [...(segments.get(first) ?? []), id]);
  }
  return segments;
}

describe("public/ and the routes", () => {
  it("reads the routes' first URL segments as Remix does", () => {
    const segments = firstUrlSegments();
    for (const segment of ["actualites", "catalogue", "mon-compte", "connexion", "clients", "sante", "nous-contacter"])
      expect(segments.has(segment), segment).toBe(true);
  });

  it("has no entry named like the first segment of a route's URL", () => {
    const segments = firstUrlSegments();
    const shadowing = readdirSync(path.join(ROOT, "public"))
      .filter((entry) => segments.has(entry))
      .map((entry) => `public/${entry} shadows ${segments.get(entry)?.join(", ") ?? ""}`);
    expect(shadowing).toEqual([]);
  });
});
