import type { PortalLoadContext } from "~/services/context.server";
import type { RateLimitConfig } from "~/services/rate-limit.server";
import { DEMO_SERVICE_TOKEN } from "../../../server/backoffice/seed/organizations-data";
import { startHarness, type Engine, type Harness } from "../../support/harness";

export { ENGINES } from "../../support/harness";
import { call, login, type Backoffice, type CallResult } from "../backoffice/harness";
import { cookieJar, formRequest, pageRequest } from "../portal/harness";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The visitors' requests (docs/requests.md) over the one harness: the back-office on the small
 * demo data, its e-mails written as .eml files and read back as a person would, and the
 * portal's loaders and actions called with a client address of the test's choosing (the
 * throttles count by it).
 */

export interface RequestsBed {
  harness: Harness;
  bo: Backoffice;
  /** A load context as Remix makes for a request from `address`. */
  context(address?: string): PortalLoadContext;
  /** The messages written since the last call. */
  newMail(): Promise<ReadMail[]>;
  /** Waits until `count` new messages are written (the reset e-mails leave after the answer). */
  waitForMail(count: number): Promise<ReadMail[]>;
  close(): Promise<void>;
}

export const VISITOR = "203.0.113.10";

export async function startRequestsBed(
  name: string,
  options: { rateLimits?: RateLimitConfig; engine?: Engine } = {},
): Promise<RequestsBed> {
  const harness = await startHarness({
    mail: true,
    name,
    engine: options.engine,
    portal: options.rateLimits ? { rateLimits: options.rateLimits } : {},
  });
  const bo: Backoffice = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
  const seen = new Set<string>();
  const newMail = async () => {
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  };
  return {
    harness,
    bo,
    context: (address = VISITOR) => ({ ...harness.context(), clientAddress: address }),
    newMail,
    async waitForMail(count) {
      const found: ReadMail[] = [];
      for (let attempt = 0; attempt < 100 && found.length < count; attempt++) {
        found.push(...(await newMail()));
        if (found.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (found.length < count) throw new Error(`expected ${count} new e-mails, got ${found.length}`);
      return found;
    },
    close: harness.close,
  };
}

/** The distributor's systems' calls (/api/erp), with the demo's service token. */
export function erp<T = Record<string, unknown>>(
  bo: Backoffice,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<CallResult<T>> {
  return call<T>(bo, `/erp${path}`, { token: options.token ?? DEMO_SERVICE_TOKEN, method: options.method, body: options.body });
}

/** Logs in through the back-office; the session's token for the user's own calls. */
export { call, login };

/** The portal's requests, as a browser sends them. */
export { cookieJar, formRequest, pageRequest };

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader or action as Remix does; what it threw comes back as the answer. */
export async function run(fn: (args: never) => unknown, request: Request, context: PortalLoadContext): Promise<unknown> {
  try {
    return await (fn as unknown as (args: RouteArgs) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    return thrown;
  }
}

export interface Answer<T> {
  status: number;
  body: T | null;
  headers: Headers;
  location: string | null;
}

/** What a loader or action answered: a Response (a redirect) or Remix's `data(…, init)` or a bare value. */
export function answerOf<T>(value: unknown): Answer<T> {
  if (value instanceof Response)
    return { status: value.status, body: null, headers: value.headers, location: value.headers.get("location") };
  if (typeof value === "object" && value !== null && "init" in value && "data" in value) {
    const { data, init } = value as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers), location: null };
  }
  return { status: 200, body: value as T, headers: new Headers(), location: null };
}

/** Text that reads like a script, to be kept as typed and never run. */
export const SCRIPT = `<script>alert("xss")</script><img src=x onerror="alert(1)">`;

/** The honeypot's name (app/services/contact/types.ts). */
export { HONEYPOT_FIELD } from "~/services/contact/types";

/** Logs in through the real /connexion action; the browser's cookies after it. */
export async function signIn(bed: RequestsBed, loginName: string): Promise<string> {
  const { action } = await import("~/routes/_public.connexion");
  const response = await run(action, formRequest("/connexion", { login: loginName, password: "demo1234" }), bed.context());
  if (!(response instanceof Response)) throw new Error(`login of ${loginName} failed`);
  return cookieJar("", response);
}

/** The toast a redirect set, as the next page would show it. */
export async function toastAfter(bed: RequestsBed, response: unknown, cookie = ""): Promise<string | null> {
  if (!(response instanceof Response)) throw new Error("expected a redirect");
  const { toast } = await bed.context().toasts.take(pageRequest(response.headers.get("location") ?? "/", cookieJar(cookie, response)));
  return toast?.message ?? null;
}
