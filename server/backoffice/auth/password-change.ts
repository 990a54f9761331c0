import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ApiFailure, forbidden, notFound } from "../http/errors";
import type { Session } from "../http/session";
import { recordChange } from "../users/history";
import { PASSWORD_PATH, passwordChangedMail, type UserMail } from "../users/mail";
import { hashPassword, verifyPassword } from "./passwords";
import { assertStrongPassword } from "./password-rule";
import { revokeUserTokens } from "./tokens";
import { findOrganization } from "./users";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

const wrongCurrent = () =>
  new ApiFailure(422, "wrong_password", "Le mot de passe actuel est incorrect.", {
    issues: [{ path: "current_password", message: "Le mot de passe actuel est incorrect." }],
  });

/**
 * A user changes their own password (docs/users.md): the current one is required, the new one
 * must pass the rule (decision 0116), every other session of the user ends (the caller clears
 * the session cache) and they are told by e-mail. A contributor acting for a client changes
 * nothing of the client's: the password is the contributor's own, on its own account.
 */
export async function changePassword(
  db: Kysely<Database>,
  mail: UserMail,
  session: Session,
  change: PasswordChange,
  now: Date,
): Promise<{ tell: () => Promise<boolean> }> {
  if (session.master)
    throw forbidden("Vous agissez pour le compte d'un client : revenez à votre propre compte pour changer votre mot de passe.");
  const user = await db.selectFrom("users").selectAll().where("id", "=", session.user.id).where("disabled", "=", false).executeTakeFirst();
  if (!user) throw notFound();
  if (!(await verifyPassword(change.currentPassword, user.password_hash))) throw wrongCurrent();
  if (change.newPassword === change.currentPassword) {
    throw new ApiFailure(422, "same_password", "Le nouveau mot de passe doit être différent de l'actuel.", {
      issues: [{ path: "new_password", message: "Le nouveau mot de passe doit être différent de l'actuel." }],
    });
  }
  const org = await findOrganization(db, user.org_id);
  assertStrongPassword(change.newPassword, [user.name, user.login, org?.name ?? ""], "new_password");
  const hash = await hashPassword(change.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", user.id).execute();
    await revokeUserTokens(trx, user.id, now, session.tokenHash);
    const named = { id: user.id, name: user.class === "organization" ? (org?.name ?? user.name) : user.name };
    // The history of the organization's users page: one line, the person being its own author.
    await recordChange(trx, { orgId: user.org_id, actor: named, target: named, change: "password_changed", at: now });
  });
  const personName = user.class === "organization" ? (org?.name ?? user.name) : user.name;
  // Sent by the caller once the session cache is cleared: the other sessions end first.
  return {
    tell: () =>
      mail.send(user.login, passwordChangedMail({ personName, changedAt: now, link: mail.link(PASSWORD_PATH) }), "password_changed"),
  };
}
