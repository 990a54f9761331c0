import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { InvitationInfo, InviteRequest } from "@shared/contracts/users";
import { INVOICES_NEED_PRICES, invoicesWithoutPrices } from "@shared/domain/index";
import { hashPassword } from "../auth/passwords";
import { assertStrongPassword } from "../auth/password-rule";
import { hashToken } from "../auth/tokens";
import type { Database, UserRow } from "../db/schema";
import { ApiFailure } from "../http/errors";
import type { Session } from "../http/session";
import { actorOf, findPerson, isPending } from "./access";
import { recordChange } from "./history";
import { INVITATION_PATH, invitationMail, type UserMail } from "./mail";

/**
 * Invitations (docs/users.md): the organization names a person by e-mail; a people account is
 * created without a password (state invited) and a link carrying a random 32-byte token is
 * e-mailed. Only the token's sha256 is stored; it serves once and expires after 7 days; a
 * re-send makes a new one and ends the old; revoking deletes the never-used account.
 */

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const emailInUse = () =>
  new ApiFailure(409, "email_in_use", "Cette adresse e-mail est déjà celle d'un compte du portail : choisissez-en une autre.");
const notPending = () =>
  new ApiFailure(409, "not_invited", "Cette personne a déjà choisi son mot de passe : il n'y a plus d'invitation à envoyer ou annuler.");
const unknownLink = () =>
  new ApiFailure(
    404,
    "invitation_unknown",
    "Ce lien d'invitation n'est pas valable : il a peut-être été remplacé par un plus récent, ou l'invitation a été annulée.",
  );
const usedLink = () =>
  new ApiFailure(
    410,
    "invitation_used",
    "Ce lien d'invitation a déjà servi : connectez-vous avec votre adresse e-mail et votre mot de passe.",
  );
const expiredLink = () =>
  new ApiFailure(410, "invitation_expired", "Ce lien d'invitation a expiré : demandez à votre organisation de vous en renvoyer un.");

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/** A new link for `user`; the live ones end. Returns the token, to be e-mailed and forgotten. */
export async function newInvitation(
  db: Kysely<Database>,
  user: Pick<UserRow, "id">,
  createdBy: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  await db
    .updateTable("user_invitations")
    .set({ revoked_at: now })
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await db
    .insertInto("user_invitations")
    .values({ user_id: user.id, token_hash: hashToken(token), created_by: createdBy, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export interface InvitationDeps {
  db: Kysely<Database>;
  mail: UserMail;
}

async function sendInvitation(
  deps: InvitationDeps,
  session: Session,
  person: Pick<UserRow, "login" | "name">,
  link: { token: string; expiresAt: Date },
): Promise<boolean> {
  const content = invitationMail({
    personName: person.name,
    orgName: session.org.name,
    inviterName: actorOf(session).name,
    link: deps.mail.link(`${INVITATION_PATH}/${link.token}`),
    expiresAt: link.expiresAt,
  });
  return deps.mail.send(person.login, content, "invitation");
}

/** Creates the person and their link, then e-mails it. Returns the new person's id and whether the e-mail left. */
export async function invite(
  deps: InvitationDeps,
  session: Session,
  orgId: number,
  body: InviteRequest,
  now: Date,
): Promise<{ usrId: number; mailSent: boolean }> {
  const actor = actorOf(session);
  if (invoicesWithoutPrices(body.flags)) throw new ApiFailure(422, "invoices_need_prices", INVOICES_NEED_PRICES);
  let created: { person: UserRow; link: { token: string; expiresAt: Date } };
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where(sql<string>`lower(login)`, "=", body.email)
        .executeTakeFirst();
      if (taken) throw emailInUse();
      const person = await trx
        .insertInto("users")
        .values({
          org_id: orgId,
          class: "people",
          login: body.email,
          password_hash: "",
          name: body.name,
          title: body.title,
          auth_flags: JSON.stringify(body.flags),
          is_admin: body.is_admin,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const link = await newInvitation(trx, person, actor.id, now);
      await recordChange(trx, { orgId, actor, target: person, change: "invited", details: { email: body.email }, at: now });
      return { person, link };
    });
  } catch (error) {
    // Two invitations of one address at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return { usrId: created.person.id, mailSent: await sendInvitation(deps, session, created.person, created.link) };
}

export async function resendInvitation(deps: InvitationDeps, session: Session, orgId: number, usrId: number, now: Date): Promise<boolean> {
  const actor = actorOf(session);
  const { person, link } = await deps.db.transaction().execute(async (trx) => {
    const found = await findPerson(trx, orgId, usrId);
    if (!isPending(found) || found.disabled) throw notPending();
    const fresh = await newInvitation(trx, found, actor.id, now);
    await recordChange(trx, { orgId, actor, target: found, change: "invitation_resent", at: now });
    return { person: found, link: fresh };
  });
  return sendInvitation(deps, session, person, link);
}

/** Ends the invitation: the account, never used, goes with its links; the history keeps its name. */
export async function revokeInvitation(db: Kysely<Database>, session: Session, orgId: number, usrId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, orgId, usrId);
    if (!isPending(person)) throw notPending();
    await trx.deleteFrom("users").where("id", "=", person.id).where("password_hash", "=", "").execute();
    await recordChange(trx, {
      orgId,
      actor: actorOf(session),
      target: person,
      change: "invitation_revoked",
      details: { email: person.login },
      at: now,
    });
  });
}

interface LiveLink {
  invitationId: number;
  user: UserRow;
  orgName: string;
  expiresAt: Date;
}

/** The invitation a token names, if it can still be used; else the French refusal. */
async function liveLink(db: Kysely<Database>, token: string, now: Date, lock = false): Promise<LiveLink> {
  let query = db
    .selectFrom("user_invitations as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .innerJoin("organizations as o", "o.id", "u.org_id")
    .select(["i.id", "i.expires_at", "i.used_at", "i.revoked_at", "o.name as org_name", sql<UserRow>`to_jsonb(u)`.as("user")])
    .where("i.token_hash", "=", hashToken(token));
  if (lock) query = query.forUpdate("i");
  const row = await query.executeTakeFirst();
  if (!row || row.revoked_at !== null || row.user.disabled) throw unknownLink();
  if (row.used_at !== null || !isPending(row.user)) throw usedLink();
  if (row.expires_at.getTime() <= now.getTime()) throw expiredLink();
  return { invitationId: row.id, user: row.user, orgName: row.org_name, expiresAt: row.expires_at };
}

export async function invitationInfoOf(db: Kysely<Database>, token: string, now: Date): Promise<InvitationInfo> {
  const link = await liveLink(db, token, now);
  return { email: link.user.login, name: link.user.name, org_name: link.orgName, expires_at: link.expiresAt.toISOString() };
}

/** The invitee chooses their password: the link is used up, the account becomes active. */
export async function acceptInvitation(db: Kysely<Database>, token: string, password: string, now: Date): Promise<void> {
  const first = await liveLink(db, token, now);
  assertStrongPassword(password, [first.user.name, first.user.login, first.orgName], "password");
  // Hashed outside the transaction (about 100 ms), then everything checked again under lock.
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const link = await liveLink(trx, token, now, true);
    await trx.updateTable("user_invitations").set({ used_at: now }).where("id", "=", link.invitationId).execute();
    await trx
      .updateTable("user_invitations")
      .set({ revoked_at: now })
      .where("user_id", "=", link.user.id)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", link.user.id).execute();
    await recordChange(trx, { orgId: link.user.org_id, actor: link.user, target: link.user, change: "invitation_accepted", at: now });
  });
}
