import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import { createAlertDispatcher, type AlertDispatcher, type AlertNotifier } from "../../../server/backoffice/alerts/dispatcher";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, startHarness, type Harness } from "../../support/harness";
import type { Backoffice } from "../backoffice/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The alerts' portal pages (/mon-compte/alertes-emails, /desabonnement) against the real
 * back-office (tests/support/harness.ts) with the alerts on: its unsubscribe route answers, and
 * the alerts of the events the tests cause are sent by a dispatcher the test can wait for,
 * written as .eml files with the portal's address in their links.
 */

export const PORTAL = "https://portail.example.fr";
const SECRET = deriveAlertsSecret("alerts-portal-test-session-secret-32");

export interface AlertsPortal {
  harness: Harness;
  db: Kysely<Database>;
  /** The back-office's API, for the fixtures of tests/integration/backoffice. */
  bo: Backoffice;
  context(): PortalLoadContext;
  /** The e-mails sent since the last call, once every alert asked is sent. */
  newMail(): Promise<ReadMail[]>;
  close(): Promise<void>;
}

export async function startAlertsPortal(name: string): Promise<AlertsPortal> {
  let dispatcher: AlertDispatcher | null = null;
  // The dispatcher needs the harness's database: the back-office is given a relay to it.
  const relay: AlertNotifier = { notify: (event) => dispatcher?.notify(event) };
  const harness = await startHarness({ mail: true, name, api: { alertsSecret: SECRET, alertNotifier: relay, overdueAlerts: false } });
  const alerts = createAlertDispatcher({
    db: harness.db,
    mailer: harness.mailer,
    now: harness.clock.now,
    secret: SECRET,
    portalUrl: PORTAL,
    logger: { error: () => undefined },
  });
  dispatcher = alerts;
  const seen = new Set<string>();
  return {
    harness,
    db: harness.db,
    bo: { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close },
    context: harness.context,
    async newMail() {
      await alerts.settled();
      const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
      for (const mail of fresh) seen.add(mail.file);
      return fresh;
    },
    async close() {
      await alerts.settled();
      await harness.close();
    },
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(portal: AlertsPortal, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), portal.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader or action as Remix does. */
export function run<T>(fn: (args: never) => Promise<T>, portal: AlertsPortal, request: Request): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: portal.context(), params: {} });
}

/** A browser's POST of a form whose checkboxes repeat a name. */
export function checkboxForm(path: string, pairs: Array<[string, string]>, cookie = ""): Request {
  return new Request(`http://portail.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(pairs).toString(),
  });
}

/** What a loader or action answered with `data(…, { status })`, or its plain value (200). */
export function answered<T>(value: unknown): { status: number; body: T } {
  if (typeof value === "object" && value !== null && "init" in value && "data" in value) {
    const { data, init } = value as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  if (value instanceof Response) throw new Error(`expected data, got a ${value.status} Response`);
  return { status: 200, body: value as T };
}

/** The toast a redirect set, as the next page (`nextPath`) would show it. */
export async function toastOf(portal: AlertsPortal, cookie: string, response: Response, nextPath: string): Promise<string | null> {
  const request = new Request(`http://portail.test${nextPath}`, { headers: { cookie: cookieJar(cookie, response) } });
  const { toast } = await portal.context().toasts.take(request);
  return toast?.message ?? null;
}
