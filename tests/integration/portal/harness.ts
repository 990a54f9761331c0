import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createPortalLoadContext, createPortalServices, type PortalLoadContext } from "~/services/context.server";
import { createBackofficeApi } from "../../../server/backoffice/app";
import { openDatabase } from "../../../server/backoffice/db/open";
import { seedDemoIfEmpty } from "../../../server/backoffice/seed/demo";

/**
 * The real back-office (in-memory PGlite with the demo data) on 127.0.0.1:<random>, and a
 * load context pointing at it: loaders and actions are tested against the real contract.
 */

export const DEMO_PASSWORD = "demo1234";
export const SECRET = "test-secret-0123456789-abcdefghijklmnop";

export interface Clock {
  now: () => Date;
  /** Moves the clock forward, for both the portal and the back-office. */
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export interface Backoffice {
  url: string;
  clock: Clock;
  context(): PortalLoadContext;
  close(): Promise<void>;
}

/** A started back-office, with its database at hand for tests that pick demo products. */
export type SeededBackoffice = Backoffice & { db: Awaited<ReturnType<typeof openDatabase>>["db"] };

/** `seedSize: "small"` seeds the smaller deterministic demo set (faster, same logins). */
export async function startBackoffice(options: { seedSize?: "full" | "small"; upstreamFetch?: typeof fetch } = {}): Promise<SeededBackoffice> {
  const clock = createClock();
  const { db, close } = await openDatabase({ memory: true });
  await seedDemoIfEmpty(db, { size: options.seedSize ?? "full" });
  const app = express();
  app.use("/api", createBackofficeApi({ db, now: clock.now, logger: { error: () => undefined } }));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = createPortalServices({ upstreamUrl: url, sessionSecret: SECRET, secureCookies: false, now: clock.now, upstreamFetch: options.upstreamFetch });
  let requestCount = 0;
  return {
    url,
    clock,
    db,
    context: () => createPortalLoadContext(services, { requestId: `test-${++requestCount}`, cspNonce: "nonce" }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
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
