import type { CancellationRequest, OrderDetail, ServiceOrderSummary, StockArrival } from "@shared/contracts/orders";
import {
  RETURN_REASON_LABELS,
  RETURN_RESOLUTION_LABELS,
  type ReturnStepKind,
  type ServiceReturnDetail,
  type ServiceReturnListResponse,
} from "@shared/contracts/returns";
import { formatEuros, formatNumericDate, formatNumericDateTime } from "@shared/domain/french-format";

/** What `npm run warehouse` prints, in French (docs/orders.md). */

export const when = (iso: string): string => formatNumericDateTime(iso);
const day = (iso: string): string => formatNumericDate(iso);
const money = (cents: number | null): string => (cents === null ? "—" : formatEuros(cents));
const units = (count: number): string => `${count} article${count > 1 ? "s" : ""}`;

/** The order's state after a step: status, what remains, the open back-orders. */
export function orderState(order: OrderDetail): string {
  const remaining = order.lines.reduce((sum, line) => sum + line.remaining, 0);
  const backorders = order.lines.filter((line) => line.backorder && line.backorder.qty > 0);
  const lines = [`Commande ${order.ord_ref} (${order.org_ref} ${order.org_name}) : ${order.status}.`];
  if (remaining > 0) lines.push(`Reste à expédier : ${units(remaining)}.`);
  if (backorders.length > 0) {
    lines.push(
      `Reliquats : ${backorders.map((line) => `${line.obj_ref} × ${line.backorder?.qty ?? 0} (${line.backorder?.state ?? ""})`).join(", ")}.`,
    );
  }
  return lines.join("\n");
}

/** The whole order: lines, shipments, timeline. */
export function orderDetail(order: OrderDetail): string {
  const out = [
    `${order.ord_ref} du ${when(order.created_at)} — ${order.org_ref} ${order.org_name} — ${order.status}`,
    `Passée par ${order.author.name}${order.author.on_behalf_of ? ` pour ${order.author.on_behalf_of}` : ""}${order.cart_ref ? ` — référence « ${order.cart_ref} »` : ""}`,
    `Total : ${money(order.ord_total_ht)} HT, ${money(order.ord_total_ttc)} TTC`,
    "",
    "Lignes (commandé / expédié / annulé / reste) :",
    ...order.lines.map((line) => {
      const backorder =
        line.backorder && line.backorder.qty > 0
          ? ` — reliquat ${line.backorder.qty} ${line.backorder.state}${line.backorder.expected_date ? `, prévu le ${day(`${line.backorder.expected_date}T12:00:00Z`)}` : ""}`
          : "";
      const request =
        line.cancellation_request?.status === "en attente"
          ? ` — demande d'annulation n° ${line.cancellation_request.req_id} en attente`
          : "";
      return `  ${line.obj_ref.padEnd(16)} ${String(line.ordered).padStart(4)} / ${String(line.shipped).padStart(4)} / ${String(line.cancelled).padStart(4)} / ${String(line.remaining).padStart(4)}  ${line.obj_title}${backorder}${request}`;
    }),
  ];
  for (const line of order.shipping_lines) out.push(`  ${line.obj_ref.padEnd(16)} ${line.obj_title} : ${money(line.amount_ht)} HT`);
  if (order.shipments.length > 0) {
    out.push("", "Expéditions :");
    for (const shipment of order.shipments) {
      const tracking = shipment.tracking_number ? `, suivi ${shipment.tracking_number}` : "";
      out.push(
        `  n° ${shipment.number} du ${when(shipment.shipped_at)} : ${shipment.carrier}${tracking} — ${shipment.lines.map((line) => `${line.obj_ref} × ${line.qty}`).join(", ")}`,
      );
    }
  }
  out.push("", "Historique :");
  for (const event of order.timeline)
    out.push(`  ${when(event.at)}  ${event.label} — ${event.author}${event.note ? ` : « ${event.note} »` : ""}`);
  return out.join("\n");
}

export function orderList(list: { items: ServiceOrderSummary[]; total: number; page: number; size: number }): string {
  if (list.total === 0) return "Aucune commande.";
  const pages = Math.ceil(list.total / list.size);
  return [
    ...list.items.map(
      (item) =>
        `${item.ord_ref}  ${day(item.created_at)}  ${`${item.org_ref} ${item.org_name}`.padEnd(34)}  ${item.status.padEnd(22)}  reste ${String(item.remaining_units).padStart(3)}  ${money(item.ord_total_ttc)} TTC`,
    ),
    `${list.total} commande${list.total > 1 ? "s" : ""} — page ${list.page} sur ${pages}.`,
  ].join("\n");
}

export function stockArrival(arrival: StockArrival): string {
  const next = arrival.sto_refill_date
    ? ` Prochain réassort : ${day(`${arrival.sto_refill_date}T12:00:00Z`)}${arrival.sto_refill_qte ? ` (${arrival.sto_refill_qte})` : ""}.`
    : "";
  const served =
    arrival.backorders_available.length === 0
      ? "Aucun reliquat rendu disponible."
      : `Reliquats disponibles : ${arrival.backorders_available.map((line) => `${line.ord_ref} × ${line.qty}`).join(", ")}.`;
  return `Stock de ${arrival.obj_ref} : ${arrival.sto_disp} en stock.${next}\n${served}`;
}

export function request(item: CancellationRequest & { org_ref?: string; org_name?: string }): string {
  const org = item.org_ref ? ` (${item.org_ref} ${item.org_name ?? ""})` : "";
  const answer =
    item.status === "en attente" ? "" : ` — ${item.status} par ${item.answered_by ?? "?"}${item.answer ? ` : « ${item.answer} »` : ""}`;
  return `n° ${item.req_id}  ${item.ord_ref}${org}  ${item.obj_ref} × ${item.qty} — demandée le ${when(item.requested_at)} par ${item.requested_by} : « ${item.reason} »${answer}`;
}

export function requestList(items: readonly (CancellationRequest & { org_ref?: string })[]): string {
  return items.length === 0 ? "Aucune demande d'annulation." : items.map(request).join("\n");
}

// ---- returns (docs/returns.md) ------------------------------------------------------------------

const RETURN_STEP_LABELS: Record<ReturnStepKind, string> = {
  requested: "Retour demandé",
  accepted: "Retour accepté",
  refused: "Retour refusé",
  received: "Retour réceptionné",
  credited: "Avoir émis",
  exchanged: "Échange expédié",
  withdrawn: "Demande annulée par le client",
};

const received = (item: ServiceReturnDetail) => item.lines.reduce((sum, line) => sum + (line.received ?? 0), 0);

/** The return's state after a step: status, and what the step left (refusal, reception, credit notes, exchange). */
export function returnState(item: ServiceReturnDetail): string {
  const out = [`Retour ${item.number} (${item.customer.ref} ${item.customer.name}, commande ${item.order_ref}) : ${item.status}.`];
  if (item.status === "accepté") out.push("Le client peut imprimer son bon de retour.");
  if (item.refusal) out.push(`Motif du refus : « ${item.refusal} »`);
  if (item.lines.some((line) => line.received !== null)) out.push(`Reçu : ${received(item)} sur ${units(item.units)}.`);
  if (item.credit_notes.length > 0) {
    out.push(
      `Avoir${item.credit_notes.length > 1 ? "s" : ""} : ${item.credit_notes.map((note) => `${note.number} (${money(note.total_ttc)} TTC)`).join(", ")}.`,
    );
    if (item.restocking_fee_pct) out.push(`Frais de remise en stock : ${item.restocking_fee_pct} %.`);
  }
  if (item.exchange) {
    const tracking = item.exchange.tracking_number ? `, suivi ${item.exchange.tracking_number}` : "";
    out.push(`Remplacement expédié le ${when(item.exchange.shipped_at)} : ${item.exchange.carrier}${tracking}.`);
  }
  return out.join("\n");
}

/** The whole return: lines (asked / received), steps, credit notes or exchange. */
export function returnDetail(item: ServiceReturnDetail): string {
  const out = [
    `${item.number} du ${when(item.requested_at)} — ${item.customer.ref} ${item.customer.name} — ${item.status}`,
    `Commande ${item.order_ref}, demandé par ${item.requested_by} — motif : ${RETURN_REASON_LABELS[item.reason]} — souhait : ${RETURN_RESOLUTION_LABELS[item.resolution]}`,
    ...(item.comment ? [`Commentaire : « ${item.comment} »`] : []),
    `Montant HT : ${money(item.amount_ht)}${item.photos.length > 0 ? ` — ${item.photos.length} photo${item.photos.length > 1 ? "s" : ""}` : ""}`,
    "",
    "Lignes (demandé / reçu) :",
    ...item.lines.map(
      (line) =>
        `  ${line.obj_ref.padEnd(16)} ${String(line.qty).padStart(4)} / ${(line.received === null ? "—" : String(line.received)).padStart(4)}  ${line.title}${line.customer_code ? ` (votre code ${line.customer_code})` : ""}`,
    ),
  ];
  const state = returnState(item).split("\n").slice(1);
  if (state.length > 0) out.push("", ...state);
  out.push("", "Historique :");
  for (const step of item.steps)
    out.push(`  ${when(step.at)}  ${RETURN_STEP_LABELS[step.kind]} — ${step.author}${step.note ? ` : « ${step.note} »` : ""}`);
  return out.join("\n");
}

export function returnList(list: ServiceReturnListResponse): string {
  if (list.total === 0) return "Aucun retour.";
  const pages = Math.ceil(list.total / list.size);
  return [
    ...list.items.map(
      (item) =>
        `${item.number}  ${day(item.requested_at)}  ${`${item.customer_ref} ${item.customer_name}`.padEnd(34)}  ${item.order_ref}  ${item.status.padEnd(16)}  ${units(item.units).padStart(12)}  ${money(item.amount_ht)} HT  ${RETURN_REASON_LABELS[item.reason]}`,
    ),
    `${list.total} retour${list.total > 1 ? "s" : ""} — page ${list.page} sur ${pages}.`,
  ].join("\n");
}
