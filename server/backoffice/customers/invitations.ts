import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { recordChange } from "../users/history";
import { newInvitation } from "../users/invitations";
import { INVITATION_PATH, invitationMail, type UserMail } from "../users/mail";

/**
 * Invitations of the accounts the distributor's systems create (an import with `--invite`, an
 * accepted account request; decisions 0178 and 0179): the same link and e-mail as an
 * organization's invitation (docs/users.md). The link is made in the creating transaction and
 * e-mailed only after it commits, so a rolled-back import never sent anything.
 */

/** An account to invite: its link is made, its e-mail not yet sent. */
export interface PreparedInvitation {
  email: string;
  personName: string;
  orgName: string;
  /** Who invites, as the e-mail names them: the distributor. */
  inviterName: string;
  token: string;
  expiresAt: Date;
}

export interface InvitedAccount {
  id: number;
  org_id: number;
  login: string;
  /** The person's name, or the organization's for its own account. */
  name: string;
}

/** The distributor's name for « … vous invite à utiliser le portail », else the system's. */
export async function inviterName(db: Kysely<Database>, system: string): Promise<string> {
  const distributor = await db
    .selectFrom("organizations")
    .select("name")
    .where("is_distributor", "=", true)
    .orderBy("id")
    .executeTakeFirst();
  return distributor?.name ?? system;
}

/**
 * The account's invitation link, made in `trx`, with its history line naming the system. The
 * link names the account itself as its author: no portal user invited it (as `npm run admin`).
 */
export async function prepareInvitation(
  trx: Kysely<Database>,
  account: InvitedAccount,
  facts: { orgName: string; inviterName: string; system: string; now: Date },
): Promise<PreparedInvitation> {
  const link = await newInvitation(trx, account, account.id, facts.now);
  await recordChange(trx, {
    orgId: account.org_id,
    actor: { id: null, name: facts.system },
    target: account,
    change: "invited",
    details: { email: account.login },
    at: facts.now,
  });
  return {
    email: account.login,
    personName: account.name,
    orgName: facts.orgName,
    inviterName: facts.inviterName,
    token: link.token,
    expiresAt: link.expiresAt,
  };
}

/** After the commit: one e-mail per invitation, one after the other; resolves to how many left. */
export async function sendInvitations(mail: UserMail, invitations: readonly PreparedInvitation[]): Promise<number> {
  let sent = 0;
  for (const invitation of invitations) {
    const content = invitationMail({
      personName: invitation.personName,
      orgName: invitation.orgName,
      inviterName: invitation.inviterName,
      link: mail.link(`${INVITATION_PATH}/${invitation.token}`),
      expiresAt: invitation.expiresAt,
    });
    if (await mail.send(invitation.email, content, "invitation")) sent++;
  }
  return sent;
}
