import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGINS, logIn, startPortal, type TestPortal } from "../realtime/harness";

/**
 * Every route with an action, read from the build as the portal serves it (a new route is
 * covered without a line here), posted a body that is not a form by a visitor, a buyer and a
 * contributor: a French 400 or the route's usual refusal, never a 500, and no error line in
 * the log (docs/security.md, decision 0159).
 */
interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { action?: unknown };
}

const ROOT = path.resolve(import.meta.dirname, "../../..");
// A person's browser: a crawler gets the bare status of an error page (app/entry.server.tsx).
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  accept: "text/html,application/xhtml+xml",
};
const BODIES: Record<string, { type: string; body: string }> = {
  json: { type: "application/json", body: '{"intent":"save","quantity":2}' },
  text: { type: "text/plain;charset=UTF-8", body: "intent=save\nquantity=2" },
  "broken multipart": {
    type: "multipart/form-data; boundary=----limite",
    body: '------limite\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
  },
};

/** The URL of a route, its parameters given a plausible value (`1`), optional segments left out. */
function urlOf(routes: Record<string, BuiltRoute>, route: BuiltRoute): string {
  const parts: string[] = [];
  for (let current: BuiltRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  const segments = parts
    .join("/")
    .split("/")
    .filter((segment) => segment !== "" && !segment.endsWith("?"));
  const pathname = "/" + segments.map((segment) => (segment === "*" ? "x" : segment.startsWith(":") ? "1" : segment)).join("/");
  return route.index ? `${pathname}?index` : pathname;
}

interface Line {
  level: number;
  msg: string;
  path?: string;
}

const lines: Line[] = [];
let portal: TestPortal;
let actions: string[] = [];
beforeAll(async () => {
  portal = await startPortal({ logger: pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) }) });
  const build = (await import(pathToFileURL(path.join(ROOT, "build", "index.js")).href)) as { routes: Record<string, BuiltRoute> };
  actions = Object.values(build.routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => urlOf(build.routes, route))
    // Logging out ends the session the next posts would use: last.
    .sort((a, b) => Number(a === "/deconnexion") - Number(b === "/deconnexion"));
}, 90_000);
afterAll(() => portal?.close());

describe("a body that is not a form, posted to every action", () => {
  it("finds the actions in the build", () => {
    expect(actions.length).toBeGreaterThan(15);
    expect(actions).toEqual(
      expect.arrayContaining(["/mon-panier?index", "/connexion", "/mon-panier/commande-rapide", "/nous-contacter?index"]),
    );
  });

  for (const [name, { type, body }] of Object.entries(BODIES)) {
    it(`answers a ${name} body below 500 on every action, for a visitor, a buyer and a contributor`, async () => {
      const failures: string[] = [];
      const cookies = {
        visitor: "",
        buyer: (await logIn(portal, LOGINS.buyer)).cookie,
        contributor: (await logIn(portal, LOGINS.contributor)).cookie,
      };
      for (const url of actions) {
        for (const [kind, cookie] of Object.entries(cookies)) {
          const headers: Record<string, string> = { "content-type": type, origin: portal.url, ...BROWSER };
          if (cookie) headers.cookie = cookie;
          const response = await fetch(`${portal.url}${url}`, { method: "POST", headers, body, redirect: "manual" });
          const text = await response.text();
          if (response.status >= 500) failures.push(`${kind} ${url}: ${response.status}`);
          else if (response.status === 400 && !(text.includes('lang="fr"') && /illisible|mal formé/.test(text)))
            failures.push(`${kind} ${url}: a 400 that is not a French page`);
        }
      }
      expect(failures).toEqual([]);
      expect(lines.filter((line) => line.level >= 50).map((line) => `${line.path ?? ""}: ${line.msg}`)).toEqual([]);
    }, 120_000);
  }
});
