import { sql, type Kysely } from "kysely";
import type { MeResponse, UpdateMeRequest } from "@shared/contracts/users";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import type { Session } from "../http/session";
import { recordChange } from "../users/history";

/**
 * The caller's own details (docs/users.md): name, title, e-mail (their login) and phone. An
 * organization account's name is the organization's legal name, changed by the distributor,
 * not here. After login-as the caller is the client's account and acts for it, as everywhere.
 */

function toMe(user: UserRow, org: OrganizationRow): MeResponse {
  const isOrg = user.class === "organization";
  return {
    usr_id: user.id,
    obj_class: user.class,
    name: isOrg ? org.name : user.name,
    title: isOrg ? org.title : user.title,
    email: user.login,
    phone: user.phone,
    name_editable: !isOrg,
  };
}

async function ownRows(db: Kysely<Database>, session: Session): Promise<{ user: UserRow; org: OrganizationRow }> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", session.user.id).where("disabled", "=", false).executeTakeFirst();
  const org = user && (await db.selectFrom("organizations").selectAll().where("id", "=", user.org_id).executeTakeFirst());
  if (!user || !org) throw notFound();
  return { user, org };
}

export async function readMe(db: Kysely<Database>, session: Session): Promise<MeResponse> {
  const { user, org } = await ownRows(db, session);
  return toMe(user, org);
}

const emailInUse = () =>
  new ApiFailure(409, "email_in_use", "Cette adresse e-mail est déjà celle d'un autre compte du portail.", {
    issues: [{ path: "email", message: "Cette adresse e-mail est déjà celle d'un autre compte du portail." }],
  });

/** Saves the details; an e-mail already another account's login is refused, nothing changed. */
export async function updateMe(db: Kysely<Database>, session: Session, body: UpdateMeRequest, now: Date): Promise<MeResponse> {
  const { user, org } = await ownRows(db, session);
  const isOrg = user.class === "organization";
  const next = { login: body.email, phone: body.phone, name: isOrg ? user.name : body.name, title: isOrg ? user.title : body.title };
  const changed: Record<string, string> = {};
  if (next.login !== user.login.toLowerCase()) changed.email = next.login;
  if (next.phone !== user.phone) changed.phone = next.phone;
  if (next.name !== user.name) changed.name = next.name;
  if (next.title !== user.title) changed.title = next.title;
  if (Object.keys(changed).length === 0) return toMe(user, org);
  try {
    const saved = await db.transaction().execute(async (trx) => {
      if (changed.email) {
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where(sql<string>`lower(login)`, "=", next.login)
          .where("id", "!=", user.id)
          .executeTakeFirst();
        if (taken) throw emailInUse();
      }
      const row = await trx.updateTable("users").set(next).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
      const actor = session.master ?? user;
      await recordChange(trx, {
        orgId: user.org_id,
        actor: { id: actor.id, name: actor.class === "organization" ? org.name : actor.name },
        target: { id: user.id, name: isOrg ? org.name : row.name },
        change: "details_changed",
        details: changed,
        at: now,
      });
      return row;
    });
    return toMe(saved, org);
  } catch (error) {
    // Two accounts taking one address at once: the unique index on lower(login) refuses the second.
    if (typeof error === "object" && error !== null && "code" in error && error.code === "23505") throw emailInUse();
    throw error;
  }
}
