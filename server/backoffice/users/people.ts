import type { Kysely } from "kysely";
import type { OrgPerson, PeopleFlagsView } from "@shared/contracts/users";
import { frenchOrder, invoicesVisible } from "@shared/domain/index";
import type { Database, PeopleFlags, UserRow } from "../db/schema";
import { isPending } from "./access";

/**
 * Absent flags are true (docs/specification.md §6): the page shows all five, invoices as they
 * apply (off without prices, decision 0188).
 */
export function fullFlags(flags: PeopleFlags | null): PeopleFlagsView {
  return {
    cart: flags?.cart !== false,
    orders: flags?.orders !== false,
    quotes: flags?.quotes !== false,
    invoices: invoicesVisible(flags ?? {}),
    prices: flags?.prices !== false,
  };
}

interface PendingInvitation {
  user_id: number;
  created_at: Date;
  expires_at: Date;
}

function toPerson(user: UserRow, invitation: PendingInvitation | undefined, now: Date): OrgPerson {
  return {
    usr_id: user.id,
    name: user.name,
    title: user.title,
    email: user.login,
    phone: user.phone,
    is_admin: user.is_admin,
    flags: fullFlags(user.auth_flags),
    state: user.disabled ? "disabled" : isPending(user) ? "invited" : "active",
    last_login_at: user.last_login_at ? user.last_login_at.toISOString() : null,
    invitation:
      invitation && isPending(user)
        ? {
            sent_at: invitation.created_at.toISOString(),
            expires_at: invitation.expires_at.toISOString(),
            expired: invitation.expires_at.getTime() <= now.getTime(),
          }
        : null,
  };
}

/** The organization's people accounts, by name in French order, with their pending invitation. */
export async function organizationPeople(db: Kysely<Database>, orgId: number, now: Date): Promise<OrgPerson[]> {
  const users = await db.selectFrom("users").selectAll().where("org_id", "=", orgId).where("class", "=", "people").execute();
  const pendingIds = users.filter(isPending).map((user) => user.id);
  const invitations = pendingIds.length
    ? await db
        .selectFrom("user_invitations")
        .select(["user_id", "created_at", "expires_at"])
        .where("user_id", "in", pendingIds)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .execute()
    : [];
  const byUser = new Map(invitations.map((invitation) => [invitation.user_id, invitation]));
  users.sort((a, b) => frenchOrder.compare(a.name, b.name) || a.id - b.id);
  return users.map((user) => toPerson(user, byUser.get(user.id), now));
}
