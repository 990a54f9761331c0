import type { Order } from "@shared/contracts/api";
import type { Address } from "@shared/contracts/entities";
import { orderReceiptRows } from "@shared/domain/order-receipt";
import { shownTotalLines } from "@shared/domain/totals";
import type { MailMessage } from "~/services/mail.server";
import { formatEuros } from "@shared/domain/french-format";

/**
 * The order confirmation email, in French: order number, product lines, shipping amounts under
 * their French names (the direct-delivery fee included, decision 0129), totals (HT only for a
 * tax-exempt account), delivery address. A product line names the organization's own code
 * beside the reference when the line was ordered under one (issue 38). Its lines add up to its
 * totals. Amounts come from the order the back-office stored; without them (an account without
 * `prices`, or an answer whose amounts are null) the email has no amount at all: no « Total HT »
 * column, no totals (docs/decisions/0107-no-amounts-without-prices.md).
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

interface MailLine {
  label: string;
  qty: string;
  total: string | null;
}

interface MailContent {
  products: MailLine[];
  shipping: MailLine[];
  francoNote: string | null;
  totals: [string, string][];
}

/** « réf. ABC-123 », with the organization's own code when the line was ordered under one (issue 38). */
function productReference(line: { ref: string; ownCode: string | null }): string {
  return line.ownCode ? `réf. ${line.ref} · votre code : ${line.ownCode}` : `réf. ${line.ref}`;
}

/** Every amount there, or none: an order with a hidden amount is mailed without amounts (no partial sums). */
function mailContent(order: Order, options: OrderEmailOptions): MailContent {
  const receipt = orderReceiptRows(order);
  const priced = options.showPrices ? receipt.totals : null;
  const total = (cents: number | null) => (priced && cents !== null ? formatEuros(cents) : null);
  const products = receipt.products.map((line) => ({
    label: `${line.title} (${productReference(line)})`,
    qty: String(line.qty),
    total: total(line.amount),
  }));
  const shipping = receipt.shipping.rows.map((row) => ({ label: row.label, qty: String(row.qty), total: total(row.amount) }));
  if (!priced) return { products, shipping, francoNote: receipt.shipping.francoNote, totals: [] };
  // The same rows and words as the confirmation page (decision 0161).
  const totals = shownTotalLines(priced, options.taxExempt).map(({ key, label, cents }): [string, string] => [
    key === "ht" && options.taxExempt ? "Total HT (compte exonéré de TVA)" : label,
    formatEuros(cents),
  ]);
  return { products, shipping, francoNote: receipt.shipping.francoNote, totals };
}

const textLine = (line: MailLine) => `- ${line.label} × ${line.qty}${line.total === null ? "" : ` : ${line.total}`}`;
/** A shipping row names its quantity only when there are several (one pallet per motor). */
const shippingTextLine = (line: MailLine) =>
  `- ${line.label}${line.qty === "1" ? "" : ` × ${line.qty}`}${line.total === null ? "" : ` : ${line.total}`}`;

const RIGHT = ' style="text-align:right;white-space:nowrap"';

function htmlRow(line: MailLine): string {
  return `<tr><th scope="row" style="text-align:left;font-weight:normal">${escapeHtml(line.label)}</th><td${RIGHT}>${line.qty}</td>${line.total === null ? "" : `<td${RIGHT}>${escapeHtml(line.total)}</td>`}</tr>`;
}

function htmlTable(content: MailContent): string[] {
  const priced = content.totals.length > 0;
  const shipping =
    content.shipping.length > 0
      ? [
          `<tbody>`,
          `<tr><th scope="rowgroup" colspan="${priced ? 3 : 2}" style="text-align:left">Frais de port</th></tr>`,
          ...content.shipping.map(htmlRow),
          `</tbody>`,
        ]
      : [];
  return [
    `<table cellpadding="6" style="border-collapse:collapse">`,
    `<caption style="text-align:left;font-weight:bold">Produits et frais de port${priced ? " (montants HT)" : ""}</caption>`,
    `<thead><tr><th scope="col" style="text-align:left">Produit</th><th scope="col"${RIGHT}>Quantité</th>${priced ? `<th scope="col"${RIGHT}>Total HT</th>` : ""}</tr></thead>`,
    `<tbody>`,
    ...content.products.map(htmlRow),
    `</tbody>`,
    ...shipping,
    `</table>`,
  ];
}

export function orderConfirmationEmail(order: Order, to: string[], options: OrderEmailOptions): MailMessage {
  const content = mailContent(order, options);
  const priced = content.totals.length > 0;
  const delivery = addressLines(order.dlv_address);
  const reference = order.cart_ref.trim() === "" ? "" : ` (votre référence : ${order.cart_ref})`;
  const text = [
    "Bonjour,",
    "",
    `Votre commande ${order.ord_ref}${reference} a bien été enregistrée par ${order.usr_name}.`,
    "",
    priced ? "Produits (HT) :" : "Produits :",
    ...content.products.map(textLine),
    ...(content.shipping.length > 0
      ? ["", priced ? "Frais de port (HT) :" : "Frais de port :", ...content.shipping.map(shippingTextLine)]
      : []),
    ...(content.francoNote ? [content.francoNote] : []),
    "",
    ...(priced ? [...content.totals.map(([label, amount]) => `${label} : ${amount}`), ""] : []),
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
    ...htmlTable(content),
    ...(content.francoNote ? [`<p>${escapeHtml(content.francoNote)}</p>`] : []),
    ...(priced ? [`<p>${content.totals.map(([label, amount]) => `${escapeHtml(label)} : ${escapeHtml(amount)}`).join("<br>")}</p>`] : []),
    `<p>Adresse de livraison :<br>${delivery.map(escapeHtml).join("<br>")}</p>`,
    `<p>Vous retrouvez cette commande dans votre espace client, rubrique « Mes commandes ».</p><p>NautiDistrib</p>`,
  ].join("\n");
  return { to, subject: `Confirmation de votre commande ${order.ord_ref}`, text, html };
}
