import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import type { Database } from "../../../server/backoffice/db/schema";
import { startHarness, type TestClock } from "../../support/harness";

/**
 * The one harness (tests/support/harness.ts) for portal tests: the real back-office over a
 * copy of the demo data (the full set, dated today, as `npm start` makes it, unless told) on
 * 127.0.0.1:<random>, and a load context pointing at it, on a clock that runs from the real
 * time: loaders and actions are tested against the real contract.
 */

export { DEMO_PASSWORD, SECRET } from "../../support/harness";

export type Clock = Pick<TestClock, "now" | "advance">;

export interface Backoffice {
  url: string;
  clock: Clock;
  context(): PortalLoadContext;
  close(): Promise<void>;
}

/** A started back-office, with its database at hand for tests that pick demo products. */
export type SeededBackoffice = Backoffice & { db: Kysely<Database> };

/** `seedSize: "small"` seeds the smaller deterministic demo set (faster, same logins). */
export async function startBackoffice(
  options: { seedSize?: "full" | "small"; upstreamFetch?: typeof fetch } = {},
): Promise<SeededBackoffice> {
  const harness = await startHarness({
    seed: { size: options.seedSize ?? "full" },
    clock: "running",
    portal: { upstreamFetch: options.upstreamFetch },
  });
  return { url: harness.url, clock: harness.clock, db: harness.db, context: harness.context, close: harness.close };
}

/** A browser's Cookie header after receiving these Set-Cookie values (expired ones dropped). */
export function cookieJar(previous: string, response: Response | Headers): string {
  const headers = response instanceof Response ? response.headers : response;
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const setCookie of headers.getSetCookie()) {
    const [pair = ""] = setCookie.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie);
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function pageRequest(path: string, cookie = ""): Request {
  return new Request(`http://portail.test${path}`, { headers: cookie ? { cookie } : {} });
}

export function formRequest(path: string, fields: Record<string, string>, cookie = ""): Request {
  return new Request(`http://portail.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs a loader or action that is expected to throw or return a Response, and returns it. */
export async function responseOf(run: () => Promise<unknown>): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a Response");
}

/** Status of what a loader threw: a Response or Remix's `data(…, { status })`. */
export async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (typeof thrown === "object" && thrown !== null && "init" in thrown) {
      const init = (thrown as { init: ResponseInit | null }).init;
      return init?.status ?? 200;
    }
    throw thrown;
  }
  throw new Error("expected the loader to throw");
}

type RouteFunction = (args: { request: Request; context: PortalLoadContext; params: Record<string, string> }) => unknown;

/** Calls a route loader or action the way Remix does. */
export function callRoute(fn: RouteFunction, request: Request, context: PortalLoadContext): Promise<unknown> {
  return Promise.resolve(fn({ request, context, params: {} }));
}
