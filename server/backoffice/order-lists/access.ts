import type { Kysely, Transaction } from "kysely";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { isAdministrator } from "../approvals/rules";
import { forbidden, notFound } from "../http/errors";
import { assertActingOrg, requireClientAccount, requireFlag, type Session } from "../http/session";

/**
 * Who sees and changes an order list (docs/order-lists.md, decision 0194). Everything needs the
 * `cart` right in the acting organization (a contributor after login-as acts as the client's own
 * account). A private list is its author's alone: anyone else finds no such list (404). A shared
 * list is read by everyone of the organization and changed by its author and the organization's
 * administrators; the others get a 403 that says so.
 */

type Reader = Kysely<Database> | Transaction<Database>;

/** The one who acts on lists: the session's user (the client's own account after login-as). */
export interface ListActor {
  org: OrganizationRow;
  user: UserRow;
  /** The name a new list is shown under: the organization's for its own account. */
  name: string;
}

export interface ListAccessRow {
  id: number;
  owner_id: number;
  shared: boolean;
}

const CUSTOMERS_OWN = "les listes de commande sont celles d'une organisation cliente";

/** The acting organization's lists, for a session with the `cart` right. */
export function listActor(session: Session, orgId: number | null): ListActor {
  assertActingOrg(session, orgId);
  requireClientAccount(session, CUSTOMERS_OWN);
  requireFlag(session, "cart");
  const { user, org } = session;
  return { org, user, name: user.class === "organization" && user.org_id === org.id ? org.name : user.name };
}

export function canSee(actor: ListActor, list: ListAccessRow): boolean {
  return list.shared || list.owner_id === actor.user.id;
}

/** Its author, or for a shared list an administrator of the organization. */
export function canEdit(actor: ListActor, list: ListAccessRow): boolean {
  return list.owner_id === actor.user.id || (list.shared && isAdministrator(actor.user));
}

/** The list of the path as the actor may see it; another organization's, or someone else's private one, is a 404. */
export async function visibleList(db: Reader, actor: ListActor, id: number | null): Promise<ListAccessRow & { name: string }> {
  if (id === null) throw notFound();
  const list = await db
    .selectFrom("order_lists")
    .select(["id", "owner_id", "shared", "name"])
    .where("id", "=", id)
    .where("org_id", "=", actor.org.id)
    .executeTakeFirst();
  if (!list || !canSee(actor, list)) throw notFound();
  return list;
}

export function requireEditor(actor: ListActor, list: ListAccessRow): void {
  if (!canEdit(actor, list)) {
    throw forbidden("Cette liste partagée ne peut être modifiée que par son auteur ou un administrateur de votre organisation.");
  }
}
