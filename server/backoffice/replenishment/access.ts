import { isAdministrator } from "../approvals/rules";
import { ApiFailure, forbidden, notFound } from "../http/errors";
import { assertActingOrg, hasFlag, requireClientAccount, type Session } from "../http/session";
import type { ScheduleRow } from "./views";

/**
 * Who may do what with a replenishment schedule (docs/replenishment.md « Rights »): a client's
 * own thing (a representative logs in as the client first), for whoever may order (`orders`) or
 * prepare an order (`cart`: its runs then go to approval). Each reads and changes their own;
 * the organization's administrators (its account, a person who manages users) all of them.
 */

const SCHEDULES_OF_A_CLIENT = "les commandes programmées sont celles d'une organisation cliente";
const NO_RIGHT = "Votre compte ne permet pas de programmer des commandes : il faut le droit de passer commande ou de préparer le panier.";
const NOT_YOURS = "Seul l'auteur de cette commande programmée ou un administrateur de votre organisation peut la modifier.";

/** The acting organization, for a person who may order or fill the cart. */
export function scheduleOrg(session: Session, orgId: number | null): number {
  const acting = assertActingOrg(session, orgId);
  requireClientAccount(session, SCHEDULES_OF_A_CLIENT);
  if (!hasFlag(session, "orders") && !hasFlag(session, "cart")) throw forbidden(NO_RIGHT);
  return acting;
}

/** Sees every schedule of the organization rather than only its own. */
export function seesAll(session: Session): boolean {
  return isAdministrator(session.user);
}

export function canEdit(session: Session, row: Pick<ScheduleRow, "owner_id">): boolean {
  return row.owner_id === session.user.id || seesAll(session);
}

/** A schedule the caller reads: its own, or any of the organization for an administrator; otherwise none (404). */
export function assertReadable(session: Session, row: ScheduleRow | undefined): ScheduleRow {
  if (!row || !canEdit(session, row)) throw notFound();
  return row;
}

/**
 * A schedule the caller changes: one of the organization's (another's id is a 404), its own or
 * as an administrator (403 otherwise: the colleague's schedule exists, it is not theirs to change).
 */
export function assertEditable(session: Session, row: ScheduleRow | undefined): ScheduleRow {
  if (!row) throw notFound();
  if (!canEdit(session, row)) throw new ApiFailure(403, "not_owner", NOT_YOURS);
  return row;
}
