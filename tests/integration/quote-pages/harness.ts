import type { Kysely } from "kysely";
import type { RecordedCartUpdate, RecordingPublisher } from "@shared/realtime/publisher";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness, type TestClock } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The one harness (tests/support/harness.ts) for both sides' quote pages, the customer's
 * (tests/integration/quotes-portal) and the representative's (tests/integration/sales-quotes):
 * the real back-office over a copy of the small demo set, on a clock stopped on DEMO_TODAY,
 * the portal's loaders and actions called as Remix does. The other side's moves go straight to
 * the back-office's API with that user's own token.
 */

export { DEMO_TODAY };

export interface QuotePagesBackoffice {
  url: string;
  db: Kysely<Database>;
  clock: TestClock;
  context(): PortalLoadContext;
  /** The 'cart-update' messages the portal published (a recording publisher in tests). */
  published(): readonly RecordedCartUpdate[];
  close(): Promise<void>;
}

/** `name` names the suite's database copy. */
export async function startQuotePagesBackoffice(name: string): Promise<QuotePagesBackoffice> {
  const harness = await startHarness({ seed: { size: "small", today: DEMO_TODAY }, name });
  return {
    url: harness.url,
    db: harness.db,
    clock: harness.clock,
    context: harness.context,
    published: () => (harness.services.realtime as RecordingPublisher).published,
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: QuotePagesBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader or action as Remix does, with route params. */
export function run<T>(
  fn: (args: never) => Promise<T>,
  backoffice: QuotePagesBackoffice,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: backoffice.context(), params });
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}

/** A multipart POST as a browser sends a form with a file input (as pairs, a name may repeat). */
export function multipart(path: string, fields: [string, string | File][] | Record<string, string | File>, cookie: string): Request {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) form.append(name, value);
  return new Request(`http://portail.test${path}`, { method: "POST", headers: { cookie }, body: form });
}

/** What an action answered with `data(…, { status })`: its body and status. */
export function answered<T>(value: unknown): { status: number; body: T } {
  if (typeof value === "object" && value !== null && "init" in value && "data" in value) {
    const { data, init } = value as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  throw new Error(`expected data(…), got ${value instanceof Response ? `a ${value.status} Response` : typeof value}`);
}

/** The toast a redirect set, as the next page (`nextPath`) would show it. */
export async function toastOf(
  backoffice: QuotePagesBackoffice,
  cookie: string,
  response: Response,
  nextPath: string,
): Promise<string | null> {
  const { toast } = await backoffice.context().toasts.take(page(nextPath, cookieJar(cookie, response)));
  return toast?.message ?? null;
}

/** A user's own calls to the back-office API (the other side of a quote), with its token. */
export async function apiAs(backoffice: QuotePagesBackoffice, login: string) {
  const answer = await fetch(`${backoffice.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  const session = (await answer.json()) as { token: string; user: { auth_org_id: number } };
  async function call(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${backoffice.url}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: await response.json().catch(() => null) };
  }
  return { orgId: session.user.auth_org_id, call };
}

/** The first `count` orderable products of the catalogue (no MMSI: no certificate to attach). */
export function orderableProducts(backoffice: QuotePagesBackoffice, count: number): Promise<{ id: number; ref: string; title: string }[]> {
  return backoffice.db
    .selectFrom("products")
    .select(["id", "ref", "title"])
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .where("is_mmsi", "=", false)
    .orderBy("id")
    .limit(count)
    .execute();
}

/** The smallest files whose first bytes say what they are. */
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n%demande\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
