import type { Order } from "@shared/contracts/api";
import type { Address } from "@shared/contracts/entities";
import { formatEuros } from "@shared/domain/index";
import type { MailMessage } from "~/services/mail.server";

/**
 * The order confirmation email, in French: order number, lines, totals (HT only for a
 * tax-exempt account), delivery address. Amounts come from the order the back-office stored;
 * without them (an account without `prices`, or an answer whose amounts are null) the email
 * has no amount at all: no « Total HT » column, no totals
 * (docs/decisions/0107-no-amounts-without-prices.md).
 */

export interface OrderEmailOptions {
  taxExempt: boolean;
  /** The confirming account may view prices (permissionsOf(...).canViewPrices). */
  showPrices: boolean;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function addressLines(address: Address | null): string[] {
  if (!address) return ["(non précisée)"];
  return [address.adr_name, address.adr_line1, address.adr_line2, `${address.adr_zipcode} ${address.adr_city}`, address.adr_country].filter(
    (line) => line.trim() !== "",
  );
}

interface PricedOrder {
  ht: number;
  ecotaxe: number;
  tva: number;
  ttc: number;
  lineTotals: number[];
}

/** The order's amounts when every one is there; null when any is null (no partial amounts). */
function pricedOrder(order: Order): PricedOrder | null {
  const { ord_total_ht: ht, ord_total_ecotaxe: ecotaxe, ord_total_tva: tva, ord_total_ttc: ttc } = order;
  const lineTotals = order.lines.map((line) => line.line_total_ht);
  if (ht === null || ecotaxe === null || tva === null || ttc === null) return null;
  if (lineTotals.some((total) => total === null)) return null;
  return { ht, ecotaxe, tva, ttc, lineTotals: lineTotals.filter((total) => total !== null) };
}

function totalLines(priced: PricedOrder, taxExempt: boolean): [string, string][] {
  if (taxExempt) return [["Total HT (compte exonéré de TVA)", formatEuros(priced.ht)]];
  return [
    ["Total HT", formatEuros(priced.ht)],
    ["Écotaxe", formatEuros(priced.ecotaxe)],
    ["TVA", formatEuros(priced.tva)],
    ["Total TTC", formatEuros(priced.ttc)],
  ];
}

export function orderConfirmationEmail(order: Order, to: string[], options: OrderEmailOptions): MailMessage {
  const priced = options.showPrices ? pricedOrder(order) : null;
  const lines = order.lines.map((line, index) => ({
    label: `${line.obj_ref} · ${line.obj_title}`,
    qty: String(line.qty),
    total: priced ? formatEuros(priced.lineTotals[index] ?? 0) : null,
  }));
  const totals = priced ? totalLines(priced, options.taxExempt) : [];
  const delivery = addressLines(order.dlv_address);
  const reference = order.cart_ref.trim() === "" ? "" : ` (votre référence : ${order.cart_ref})`;
  const text = [
    "Bonjour,",
    "",
    `Votre commande ${order.ord_ref}${reference} a bien été enregistrée par ${order.usr_name}.`,
    "",
    priced ? "Produits et frais de port (HT) :" : "Produits et frais de port :",
    ...lines.map((line) => `- ${line.label} × ${line.qty}${line.total === null ? "" : ` : ${line.total}`}`),
    "",
    ...(priced ? [...totals.map(([label, amount]) => `${label} : ${amount}`), ""] : []),
    "Adresse de livraison :",
    ...delivery,
    "",
    "Vous retrouvez cette commande dans votre espace client, rubrique « Mes commandes ».",
    "",
    "NautiDistrib",
  ].join("\n");
  const html = [
    `<p>Bonjour,</p>`,
    `<p>Votre commande <strong>${escapeHtml(order.ord_ref)}</strong>${escapeHtml(reference)} a bien été enregistrée par ${escapeHtml(order.usr_name)}.</p>`,
    `<table><thead><tr><th>Produit</th><th>Quantité</th>${priced ? "<th>Total HT</th>" : ""}</tr></thead><tbody>`,
    ...lines.map(
      (line) => `<tr><td>${escapeHtml(line.label)}</td><td>${line.qty}</td>${line.total === null ? "" : `<td>${escapeHtml(line.total)}</td>`}</tr>`,
    ),
    `</tbody></table>`,
    ...(priced ? [`<p>${totals.map(([label, amount]) => `${escapeHtml(label)} : ${escapeHtml(amount)}`).join("<br>")}</p>`] : []),
    `<p>Adresse de livraison :<br>${delivery.map(escapeHtml).join("<br>")}</p>`,
    `<p>Vous retrouvez cette commande dans votre espace client, rubrique « Mes commandes ».</p><p>NautiDistrib</p>`,
  ].join("\n");
  return { to, subject: `Confirmation de votre commande ${order.ord_ref}`, text, html };
}
