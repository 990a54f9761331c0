import type { BackorderState, EventKind, OrderStatus } from "../contracts/orders";
import type { DomainIssue } from "./errors";
import { normalizeReference } from "./references";

/**
 * How an order moves once confirmed (docs/orders.md): which step the distributor's systems may
 * take from which status, what a shipment may send, what is left on back-order, and how each
 * step reads in the timeline. Pure: the back-office applies it inside its transactions, the
 * demo seed to write a coherent past.
 */

export type OrderMove = "accept" | "prepare" | "ship" | "deliver" | "cancel" | "cancel_line";

/** The statuses each move starts from. Delivered and cancelled orders are final. */
const ALLOWED_FROM: Readonly<Record<OrderMove, readonly OrderStatus[]>> = {
  accept: ["confirmée"],
  prepare: ["confirmée", "acceptée"],
  ship: ["confirmée", "acceptée", "en préparation", "expédiée partiellement"],
  deliver: ["expédiée"],
  cancel: ["confirmée", "acceptée", "en préparation"],
  cancel_line: ["confirmée", "acceptée", "en préparation", "expédiée partiellement"],
};

const SHIPPED_STATUSES: readonly OrderStatus[] = ["expédiée partiellement", "expédiée"];

/** Why `move` is impossible from `status` (a French sentence naming the order), or null. */
export function moveRefusal(orderRef: string, status: OrderStatus, move: OrderMove): string | null {
  if (ALLOWED_FROM[move].includes(status)) return null;
  const order = `La commande ${orderRef}`;
  if (status === "annulée" || status === "livrée") return `${order} est ${status} : elle ne peut plus changer.`;
  switch (move) {
    case "accept":
      return status === "acceptée" ? `${order} est déjà acceptée.` : `${order} est déjà « ${status} » : elle ne peut plus être acceptée.`;
    case "prepare":
      return status === "en préparation"
        ? `${order} est déjà en préparation.`
        : `${order} est déjà « ${status} » : elle ne peut plus passer en préparation.`;
    case "ship":
    case "cancel_line":
      return `${order} est entièrement expédiée : il ne reste rien à ${move === "ship" ? "expédier" : "annuler"}.`;
    case "deliver":
      return SHIPPED_STATUSES.includes(status)
        ? `${order} n'est pas entièrement expédiée : expédiez ou annulez d'abord ses reliquats.`
        : `${order} n'a encore fait l'objet d'aucune expédition : elle ne peut pas être livrée.`;
    case "cancel":
      return status === "expédiée partiellement"
        ? `${order} est partiellement expédiée : annulez ses reliquats ligne par ligne.`
        : `${order} est déjà expédiée : elle ne peut plus être annulée.`;
  }
}

/** Quantities of one product line of an order. */
export interface LineQuantities {
  qty: number;
  shipped: number;
  cancelled: number;
}

/** Units still to be sent. */
export function remainingOf(line: LineQuantities): number {
  return line.qty - line.shipped - line.cancelled;
}

/** A line's quantities and the back-order its steps recorded (`order_lines.backorder_qty`). */
export interface BackorderQuantities extends LineQuantities {
  /** The confirmation's shortfall, then everything unsent after a shipment, 0 once cancelled. */
  backorder: number;
}

/**
 * Units on back-order (« en reliquat »): what the customer still waits for beyond what ships
 * now (decision 0160). Before any shipment it is the confirmation's shortfall, not the whole
 * line: the units the stock on hand served leave with the first shipment. After a shipment it is
 * everything still to send. The one figure every page, export and alert shows; never more than
 * the line still has to send, never negative, whatever a row holds.
 */
export function backorderUnits(line: BackorderQuantities): number {
  return Math.max(0, Math.min(line.backorder, remainingOf(line)));
}

/** Units a confirmation cannot serve from the stock on hand: the first back-order. */
export function shortfall(qty: number, stockOnHand: number | null): number {
  return Math.max(0, qty - Math.max(0, stockOnHand ?? 0));
}

/**
 * The order's status once its lines' quantities changed (a shipment, a cancelled remainder):
 * everything sent or cancelled is « expédiée » when something left, « annulée » when nothing did;
 * something sent and something left is « expédiée partiellement »; otherwise unchanged.
 */
export function statusAfterQuantities(status: OrderStatus, lines: readonly LineQuantities[]): OrderStatus {
  const anyShipped = lines.some((line) => line.shipped > 0);
  if (lines.every((line) => remainingOf(line) === 0)) return anyShipped ? "expédiée" : "annulée";
  return anyShipped ? "expédiée partiellement" : status;
}

export interface ShippableLine extends LineQuantities {
  obj_ref: string;
  is_port: boolean;
}

export interface ShipmentPlan {
  /** Refusals, one per wrong line of the request (`lines.<index>`). */
  issues: DomainIssue[];
  /** Units to send, by normalized reference of the order's line. */
  quantities: Map<string, number>;
}

/**
 * Checks a shipment against the order: each reference must be a product line of the order,
 * once, not cancelled, and no more than what remains (ordered − shipped − cancelled).
 */
export function planShipment(
  orderRef: string,
  lines: readonly ShippableLine[],
  requested: readonly { obj_ref: string; qty: number }[],
): ShipmentPlan {
  const byRef = new Map(lines.map((line) => [normalizeReference(line.obj_ref), line]));
  const issues: DomainIssue[] = [];
  const quantities = new Map<string, number>();
  requested.forEach((wanted, index) => {
    const ref = normalizeReference(wanted.obj_ref);
    const line = byRef.get(ref);
    const refuse = (message: string) => issues.push({ path: `lines.${index}`, message });
    if (!line) return refuse(`La référence ${ref} ne figure pas sur la commande ${orderRef}.`);
    if (line.is_port) return refuse(`${ref} est une ligne de frais de port : elle ne s'expédie pas.`);
    if (quantities.has(ref)) return refuse(`La référence ${ref} figure deux fois dans l'expédition.`);
    const remaining = remainingOf(line);
    if (remaining === 0 && line.cancelled > 0) return refuse(`La ligne ${ref} est annulée : elle ne peut plus être expédiée.`);
    if (wanted.qty > remaining) {
      return refuse(
        `Quantité trop élevée pour ${ref} : commandé ${line.qty}, déjà expédié ${line.shipped}, annulé ${line.cancelled} ; il reste ${remaining} à expédier.`,
      );
    }
    quantities.set(ref, wanted.qty);
  });
  return { issues, quantities };
}

export interface BackorderFacts {
  /** Units on back-order now. */
  backorder: number;
  /**
   * Units of the line still to send, back-order included: the stock on hand serves them all
   * (confirming reserves nothing), so it must cover them all before the back-order is available.
   */
  unsent: number;
  cancelled: number;
  /** A stock arrival marked it available. */
  markedAvailable: boolean;
  /** The product's stock on hand now (null when the product has no stock row). */
  stockOnHand: number | null;
}

/**
 * The state of a line that became a back-order: sent or cancelled once nothing waits; else
 * available when a stock arrival said so or when the stock on hand covers everything the line
 * still has to send (not only its back-order: the rest comes out of the same stock), waiting
 * otherwise.
 */
export function backorderState(facts: BackorderFacts): BackorderState {
  if (facts.backorder === 0) return facts.cancelled > 0 ? "annulé" : "expédié";
  if (facts.markedAvailable || (facts.stockOnHand ?? 0) >= Math.max(facts.backorder, facts.unsent)) return "disponible";
  return "en attente";
}

/** What an event's label names, stored with it. */
export interface EventData {
  shipment_number?: number;
  units?: number;
  carrier?: string;
  tracking_number?: string | null;
  obj_ref?: string;
  qty?: number;
}

const units = (count: number): string => `${count} article${count > 1 ? "s" : ""}`;

/** The timeline's French sentence for an event. */
export function eventLabel(kind: EventKind, data: EventData): string {
  const line = `${data.obj_ref ?? "?"} (${data.qty ?? 0})`;
  switch (kind) {
    case "confirmed":
      return "Commande confirmée";
    case "accepted":
      return "Commande acceptée";
    case "preparing":
      return "Commande en préparation";
    case "shipped": {
      const tracking = data.tracking_number ? `, suivi ${data.tracking_number}` : "";
      return `Expédition n° ${data.shipment_number ?? 1} : ${units(data.units ?? 0)} (${data.carrier ?? "transporteur"}${tracking})`;
    }
    case "delivered":
      return "Commande livrée";
    case "cancelled":
      return "Commande annulée";
    case "line_cancelled":
      return `Reliquat annulé : ${line}`;
    case "backorder_available":
      return `Reliquat disponible : ${line}`;
    case "cancellation_requested":
      return `Demande d'annulation du reliquat ${line}`;
    case "cancellation_refused":
      return `Demande d'annulation du reliquat ${data.obj_ref ?? "?"} refusée`;
  }
}
