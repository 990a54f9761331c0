import type { Kysely } from "kysely";
import * as clients from "~/routes/clients";
import type { PortalLoadContext } from "~/services/context.server";
import type { Database } from "../../../server/backoffice/db/schema";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf } from "../portal/harness";
import { logIn } from "../portal/session-flow";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";
import { startHarness, type Harness } from "../../support/harness";

/**
 * The issue-20 account pages (/mon-compte/utilisateurs, /mon-compte/informations-personnelles,
 * the menu) over the one harness (tests/support/harness.ts): the real back-office on a copy of
 * the small demo set, its e-mails written as .eml files and read back, the portal's loaders and
 * actions called as Remix does with a plain Request.
 */

export const LOGINS = {
  /** Voilerie Atlantique's organization account: manages its people. */
  organization: "client@voilerie-atlantique.fr",
  /** A people account of Voilerie Atlantique with every flag, not an administrator. */
  buyer: "acheteur@voilerie-atlantique.fr",
  /** A people account with `cart` but neither `prices` nor `orders`. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  /** A read-only people account. */
  consultant: "consultant@voilerie-atlantique.fr",
  /** Another organization. */
  belgium: "achats@nautic-belgium.be",
  /** A representative linked to Voilerie Atlantique. */
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface UsersPagesBed {
  harness: Harness;
  db: Kysely<Database>;
  context(): PortalLoadContext;
  /** The e-mails written since the last call. */
  newMail(): Promise<ReadMail[]>;
  close(): Promise<void>;
}

/** `purchasingLimits`: keep the demo's purchasing limits (the rules page's tests read them). */
export async function startUsersPagesBed(name: string, options: { purchasingLimits?: boolean } = {}): Promise<UsersPagesBed> {
  const harness = await startHarness({ mail: true, name, purchasingLimits: options.purchasingLimits === true });
  const seen = new Set<string>();
  return {
    harness,
    db: harness.db,
    context: harness.context,
    async newMail() {
      const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
      for (const mail of fresh) seen.add(mail.file);
      return fresh;
    },
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(bed: UsersPagesBed, login: string): Promise<string> {
  const { cookie } = await logIn(bed, login);
  return cookie;
}

/** A contributor's cookies once logged in as the client `orgId` through /clients. */
export async function actingFor(bed: UsersPagesBed, contributorCookie: string, orgId: number): Promise<string> {
  const response = await responseOf(() =>
    callRoute(clients.action, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributorCookie), bed.context()),
  );
  if (response.status !== 303) throw new Error(`login-as answered ${response.status}`);
  return cookieJar(contributorCookie, response);
}

type RouteFunction = (args: { request: Request; context: PortalLoadContext; params: Record<string, string> }) => unknown;

/** A loader's answer for `path` (what it throws, a redirect or a 404, goes on to the test). */
export async function load<T>(
  bed: UsersPagesBed,
  loader: RouteFunction,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
): Promise<T> {
  return (await loader({ request: pageRequest(path, cookie), context: bed.context(), params })) as T;
}

/** An action's answer: a Response (a redirect) or Remix's data(…) with its status; thrown ones too. */
export async function post(
  bed: UsersPagesBed,
  action: RouteFunction,
  path: string,
  fields: Record<string, string>,
  cookie: string,
): Promise<unknown> {
  try {
    return await callRoute(action, formRequest(path, fields, cookie), bed.context());
  } catch (thrown) {
    return thrown;
  }
}

/** Status of an action's or loader's answer, whichever form it took. */
export function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (typeof value === "object" && value !== null && "init" in value) return (value as { init: ResponseInit | null }).init?.status ?? 200;
  throw new Error(`no status in ${JSON.stringify(value)}`);
}

/** The body of a data(…) answer. */
export function bodyOf<T>(value: unknown): T {
  if (typeof value === "object" && value !== null && "init" in value && "data" in value) return (value as { data: T }).data;
  throw new Error(`expected data(…), got ${value instanceof Response ? `a ${value.status} Response` : typeof value}`);
}

/** The toast a redirect carries, as the next page shows it: its type and French message. */
export async function toastOf(bed: UsersPagesBed, answer: unknown): Promise<{ type: string; message: string } | null> {
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  const { toast } = await bed.context().toasts.take(pageRequest("/", cookieJar("", answer)));
  return toast;
}

export async function userIdOf(bed: UsersPagesBed, login: string): Promise<number> {
  return (await bed.db.selectFrom("users").select("id").where("login", "=", login).executeTakeFirstOrThrow()).id;
}

export async function orgIdOf(bed: UsersPagesBed, login: string): Promise<number> {
  return (await bed.db.selectFrom("users").select("org_id").where("login", "=", login).executeTakeFirstOrThrow()).org_id;
}

/** A person's row as the back-office keeps it: flags (absent = true), admin role, state. */
export async function personRow(bed: UsersPagesBed, login: string) {
  const row = await bed.db
    .selectFrom("users")
    .select(["auth_flags", "is_admin", "disabled", "password_hash"])
    .where("login", "=", login)
    .executeTakeFirstOrThrow();
  const flags = (typeof row.auth_flags === "string" ? JSON.parse(row.auth_flags) : (row.auth_flags ?? {})) as Record<string, boolean>;
  return { flags, isAdmin: row.is_admin, disabled: row.disabled, invited: row.password_hash === "" };
}

/** The token of the invitation link in a message's text part. */
export function invitationToken(mail: ReadMail): string {
  const token = /\/invitation\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in « ${mail.subject} »`);
  return token;
}
