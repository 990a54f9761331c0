import type { RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import { findLiveToken } from "../auth/tokens";
import { findOrganization, findUserById } from "../auth/users";
import type { Database, OrganizationRow, PeopleFlags, UserRow } from "../db/schema";
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

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export function requireSession(db: Kysely<Database>, now: () => Date): RequestHandler {
  return (req, res, next) => {
    const match = BEARER.exec(req.get("authorization") ?? "");
    if (!match?.[1]) return next(unauthorized());
    resolveSession(db, match[1], now())
      .then((session) => {
        if (!session) return next(unauthorized());
        res.locals.session = session;
        next();
      })
      .catch(next);
  };
}

async function resolveSession(db: Kysely<Database>, token: string, now: Date): Promise<Session | null> {
  const row = await findLiveToken(db, token, now);
  if (!row) return null;
  const [user, org, master] = await Promise.all([
    findUserById(db, row.userId),
    findOrganization(db, row.orgId),
    row.masterUserId === null ? Promise.resolve(null) : findUserById(db, row.masterUserId),
  ]);
  if (!user || !org || master === undefined) return null;
  return { tokenHash: row.tokenHash, expiresAt: row.expiresAt, user, org, master };
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

const FLAG_REFUSALS: Record<keyof PeopleFlags, string> = {
  cart: "Votre compte ne permet pas de modifier le panier.",
  orders: "Votre compte ne permet pas de passer commande.",
  quotes: "Votre compte ne permet pas de consulter les devis.",
  invoices: "Votre compte ne permet pas de consulter les factures.",
  prices: "Votre compte ne permet pas de consulter les prix.",
};

/** People accounts' flags are true when absent; other classes have every right. */
export function hasFlag(session: Session, flag: keyof PeopleFlags): boolean {
  return session.user.class !== "people" || session.user.auth_flags?.[flag] !== false;
}

export function requireFlag(session: Session, flag: keyof PeopleFlags): void {
  if (!hasFlag(session, flag)) throw new ApiFailure(403, "forbidden", FLAG_REFUSALS[flag]);
}
