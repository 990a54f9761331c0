import type { RequestHandler, Response } from "express";
import { sql, type Kysely } from "kysely";
import type { SessionCache } from "../auth/session-cache";
import { hashToken } from "../auth/tokens";
import type { Database, OrganizationRow, PeopleFlags, UserRow } from "../db/schema";
import { invoicesVisible } from "@shared/domain/index";
import { ApiFailure, notFound, unauthorized } from "./errors";

/** Who is calling, resolved from the bearer token once per request. */
export interface Session {
  tokenHash: string;
  expiresAt: Date;
  user: UserRow;
  /** The organization the token acts for (own, or the client chosen by login-as). */
  org: OrganizationRow;
  master: UserRow | null;
}

/** The scheme's name is case-insensitive (RFC 9110 section 11.1): "bearer" is as good as "Bearer". */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return BEARER.exec(header ?? "")?.[1] ?? null;
}

export interface SessionDeps {
  db: Kysely<Database>;
  now: () => Date;
  sessions: SessionCache<Session>;
}

export function requireSession({ db, now, sessions }: SessionDeps): RequestHandler {
  return (req, res, next) => {
    // Two routers share the /pim prefix: the second must not resolve the token again.
    if (res.locals.session) return next();
    const token = bearerToken(req.get("authorization"));
    if (!token) return next(unauthorized());
    const at = now();
    const tokenHash = hashToken(token);
    const cached = sessions.get(tokenHash, at);
    if (cached) {
      res.locals.session = cached;
      return next();
    }
    resolveSession(db, tokenHash, at)
      .then((session) => {
        if (!session) return next(unauthorized());
        sessions.set(session);
        res.locals.session = session;
        next();
      })
      .catch(next);
  };
}

/**
 * Token, user, acting organization and master in ONE query: this runs on every call, and on
 * the embedded PGlite every query waits its turn on a single connection.
 */
async function resolveSession(db: Kysely<Database>, tokenHash: string, now: Date): Promise<Session | null> {
  const row = await db
    .selectFrom("auth_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .innerJoin("organizations as o", "o.id", "t.org_id")
    .leftJoin("users as m", "m.id", "t.master_user_id")
    .select([
      "t.token_hash",
      "t.expires_at",
      "t.revoked_at",
      "t.master_user_id",
      sql<UserRow>`to_jsonb(u)`.as("user"),
      sql<OrganizationRow>`to_jsonb(o)`.as("org"),
      sql<UserRow | null>`case when m.id is null then null else to_jsonb(m) end`.as("master"),
    ])
    .where("t.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()) return null;
  if (row.user.disabled) return null;
  if (row.master_user_id !== null && (!row.master || row.master.disabled)) return null;
  return { tokenHash: row.token_hash, expiresAt: row.expires_at, user: row.user, org: row.org, master: row.master };
}

export function sessionOf(res: Response): Session {
  const session = res.locals.session as Session | undefined;
  if (!session) throw new Error("sessionOf called on a route without requireSession");
  return session;
}

/** An org id from a path or query must be the acting organization; else it does not exist. */
export function assertActingOrg(session: Session, orgId: number | null): number {
  if (orgId === null || orgId !== session.org.id) throw notFound();
  return orgId;
}

/**
 * The organization's own things (its cart, its orders) are a client's: a contributor reaches
 * them after login-as only. On its own account its organization is the distributor, whose cart
 * every contributor would share (docs/decisions/0132-a-contributor-acts-after-login-as.md).
 */
export function requireClientAccount(session: Session, what: string): void {
  if (session.user.class === "contributor") {
    throw new ApiFailure(403, "forbidden", `Choisissez d'abord le client pour lequel vous agissez : ${what}.`);
  }
}

/**
 * Whom an act of this session is recorded under: the master (a contributor acting for a
 * client after login-as), otherwise the user, named as the contract names it (an organization
 * account by its organization's name). Never what a request says.
 */
export function authorOf(session: Session): { id: number; name: string } {
  const author = session.master ?? session.user;
  return { id: author.id, name: author.class === "organization" && author.org_id === session.org.id ? session.org.name : author.name };
}

const FLAG_REFUSALS: Record<keyof PeopleFlags, string> = {
  cart: "Votre compte ne permet pas de modifier le panier.",
  orders: "Votre compte ne permet pas de passer commande.",
  quotes: "Votre compte ne permet pas de consulter les devis.",
  invoices: "Votre compte ne permet pas de consulter les factures.",
  prices: "Votre compte ne permet pas de consulter les prix.",
};

/**
 * People accounts' flags are true when absent; other classes have every right. Invoices are
 * amounts: without the prices right they are refused whatever the invoices flag says (decision 0188).
 */
export function hasFlag(session: Session, flag: keyof PeopleFlags): boolean {
  if (session.user.class !== "people") return true;
  const flags = session.user.auth_flags ?? {};
  return flag === "invoices" ? invoicesVisible(flags) : flags[flag] !== false;
}

export function requireFlag(session: Session, flag: keyof PeopleFlags): void {
  if (!hasFlag(session, flag)) throw new ApiFailure(403, "forbidden", FLAG_REFUSALS[flag]);
}
