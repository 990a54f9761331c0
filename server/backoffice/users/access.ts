import type { Kysely } from "kysely";
import type { Database, UserRow } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import { assertActingOrg, type Session } from "../http/session";

/**
 * Who manages an organization's people accounts (docs/users.md): its organization account
 * (a contributor after login-as acts as it), and people accounts made administrators. A
 * contributor on its own account, or anyone of the distributor, manages no client's users
 * here; another organization's id is a 404, as everywhere (http/session.ts).
 */
export function requireUserManager(session: Session, orgId: number): number {
  if (session.user.class === "contributor") {
    // Its own organization is the distributor: the message says what to do, as the contacts do.
    assertActingOrg(session, orgId);
    throw forbidden("Choisissez d'abord le client pour lequel vous agissez : les utilisateurs sont ceux d'une organisation cliente.");
  }
  const acting = assertActingOrg(session, orgId);
  if (session.org.is_distributor) throw forbidden("Les comptes du distributeur ne se gèrent pas depuis le portail.");
  if (session.user.class === "people" && !session.user.is_admin) {
    throw forbidden("Votre compte ne permet pas de gérer les utilisateurs de votre organisation.");
  }
  return acting;
}

/** Who did it, for the history: the contributor's name after login-as, else the caller's. */
export function actorOf(session: Session): Pick<UserRow, "id" | "name"> {
  const actor = session.master ?? session.user;
  return { id: actor.id, name: actor.class === "organization" ? session.org.name : actor.name };
}

/** A people account of the organization, disabled or not; anyone else is a 404. */
export async function findPerson(db: Kysely<Database>, orgId: number, usrId: number): Promise<UserRow> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", usrId)
    .where("org_id", "=", orgId)
    .where("class", "=", "people")
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** An invited person has no password yet: '' never verifies (auth/passwords.ts). */
export function isPending(user: Pick<UserRow, "password_hash">): boolean {
  return user.password_hash === "";
}
