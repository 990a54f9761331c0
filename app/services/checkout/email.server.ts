import type { Order } from "@shared/contracts/api";
import type { Address } from "@shared/contracts/entities";
import { formatEuros } from "@shared/domain/index";
import type { MailMessage } from "~/services/mail.server";

/**
 * The order confirmation email, in French: order number, lines, totals (HT only for a
 * tax-exempt account), delivery address. Amounts come from the order the back-office stored.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function addressLines(address: Address | null): string[] {
  if (!address) return ["(non précisée)"];
  return [address.adr_name, address.adr_line1, address.adr_line2, `${address.adr_zipcode} ${address.adr_city}`, address.adr_country].filter(
    (line) => line.trim() !== "",
  );
}

function totalLines(order: Order, taxExempt: boolean): [string, string][] {
  if (taxExempt) return [["Total HT (compte exonéré de TVA)", formatEuros(order.ord_total_ht)]];
  return [
    ["Total HT", formatEuros(order.ord_total_ht)],
    ["Écotaxe", formatEuros(order.ord_total_ecotaxe)],
    ["TVA", formatEuros(order.ord_total_tva)],
    ["Total TTC", formatEuros(order.ord_total_ttc)],
  ];
}

export function orderConfirmationEmail(order: Order, to: string[], taxExempt: boolean): MailMessage {
  const lines = order.lines.map((line) => ({
    label: `${line.obj_ref} · ${line.obj_title}`,
    qty: String(line.qty),
    total: formatEuros(line.line_total_ht),
  }));
  const totals = totalLines(order, taxExempt);
  const delivery = addressLines(order.dlv_address);
  const reference = order.cart_ref.trim() === "" ? "" : ` (votre référence : ${order.cart_ref})`;
  const text = [
    "Bonjour,",
    "",
    `Votre commande ${order.ord_ref}${reference} a bien été enregistrée par ${order.usr_name}.`,
    "",
    "Produits et frais de port (HT) :",
    ...lines.map((line) => `- ${line.label} × ${line.qty} : ${line.total}`),
    "",
    ...totals.map(([label, amount]) => `${label} : ${amount}`),
    "",
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
    `<table><thead><tr><th>Produit</th><th>Quantité</th><th>Total HT</th></tr></thead><tbody>`,
    ...lines.map((line) => `<tr><td>${escapeHtml(line.label)}</td><td>${line.qty}</td><td>${escapeHtml(line.total)}</td></tr>`),
    `</tbody></table>`,
    `<p>${totals.map(([label, amount]) => `${escapeHtml(label)} : ${escapeHtml(amount)}`).join("<br>")}</p>`,
    `<p>Adresse de livraison :<br>${delivery.map(escapeHtml).join("<br>")}</p>`,
    `<p>Vous retrouvez cette commande dans votre espace client, rubrique « Mes commandes ».</p><p>NautiDistrib</p>`,
  ].join("\n");
  return { to, subject: `Confirmation de votre commande ${order.ord_ref}`, text, html };
}
