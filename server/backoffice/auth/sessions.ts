import type { Kysely } from "kysely";
import type { SessionResponse } from "@shared/contracts/api";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import type { Session } from "../http/session";
import { issueToken, revokeToken } from "./tokens";
import { findOrganization, findOrganizationAccount, toAuthUser } from "./users";

export async function buildSessionResponse(
  db: Kysely<Database>,
  token: string,
  user: UserRow,
  org: OrganizationRow,
  master: UserRow | null,
  expiresAt: Date,
): Promise<SessionResponse> {
  const masterOrg = master ? await findOrganization(db, master.org_id) : undefined;
  return {
    token,
    user: await toAuthUser(db, user, org, expiresAt),
    master: master && masterOrg ? await toAuthUser(db, master, masterOrg, expiresAt) : null,
  };
}

/**
 * A master (the logged-in contributor, or the master of the current login-as session)
 * switches to a client organization it is linked to. The new token keeps the master's expiry
 * and acts as the client's own account (class organization). Audited.
 */
export async function startLoginAs(
  db: Kysely<Database>,
  session: Session,
  masterId: number,
  slaveOrgId: number,
  now: Date,
): Promise<SessionResponse> {
  const master = session.master ?? session.user;
  if (masterId !== master.id) throw notFound();
  const link = await db
    .selectFrom("contributor_clients")
    .select("org_id")
    .where("contributor_id", "=", master.id)
    .where("org_id", "=", slaveOrgId)
    .executeTakeFirst();
  const [slaveAccount, slaveOrg] = link
    ? await Promise.all([findOrganizationAccount(db, slaveOrgId), findOrganization(db, slaveOrgId)])
    : [undefined, undefined];
  if (!slaveAccount || !slaveOrg) throw notFound();
  const token = await db.transaction().execute(async (trx) => {
    const issued = await issueToken(trx, {
      userId: slaveAccount.id,
      orgId: slaveOrg.id,
      masterUserId: master.id,
      expiresAt: session.expiresAt,
    });
    await trx.insertInto("login_as_audit").values({ master_user_id: master.id, org_id: slaveOrg.id, at: now }).execute();
    // Switching from one client to another ends the previous client's token.
    if (session.master) await revokeToken(trx, session.tokenHash, now);
    return issued;
  });
  return buildSessionResponse(db, token, slaveAccount, slaveOrg, master, session.expiresAt);
}

/**
 * Logout ends the whole login: the token used, the master's own token and every login-as
 * token derived from it (they share the master's expiry).
 */
export async function endSessionFamily(db: Kysely<Database>, session: Session, now: Date): Promise<void> {
  const root = session.master ?? session.user;
  await db
    .updateTable("auth_tokens")
    .set({ revoked_at: now })
    .where("revoked_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("token_hash", "=", session.tokenHash),
        eb.and([eb("expires_at", "=", session.expiresAt), eb.or([eb("user_id", "=", root.id), eb("master_user_id", "=", root.id)])]),
      ]),
    )
    .execute();
}
