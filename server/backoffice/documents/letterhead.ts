import { formatEuros } from "@shared/domain/french-format";
import { CONTENT_WIDTH, MARGIN, drawFooters, type PageLayout } from "./kit";
import type { BuyerParty, PostalAddress, SellerParty } from "./parties";

/**
 * The parties as every business document of the back-office prints them (docs/invoice-pdf.md,
 * docs/quote-pdf.md): the seller's block at the top left with its legal details, the document's
 * own title block at the top right, the blocks of the other parties under them, and the seller's
 * legal line in the footers. Written once, so that an invoice and a quote name the distributor in
 * the same words.
 */

/** A column of the first page: the seller and the other parties on the left, the document and the buyer on the right. */
export interface HeaderColumn {
  x: number;
  width: number;
}
export const LEFT_COLUMN: HeaderColumn = { x: MARGIN, width: 270 };
export const RIGHT_COLUMN: HeaderColumn = { x: MARGIN + 290, width: CONTENT_WIDTH - 290 };

/** « SAS au capital de 250 000,00 € ». */
export function legalFormWording(seller: Pick<SellerParty, "legal_form" | "share_capital">): string {
  const { legal_form: form, share_capital: capital } = seller;
  if (capital <= 0) return form;
  return `${form || "Société"} au capital de ${formatEuros(capital)}`;
}

const COUNTRY_NAMES = new Intl.DisplayNames(["fr"], { type: "region" });

/** The printed lines of an address; the country is named when it is not France. */
export function addressLines(address: PostalAddress, withName = true): string[] {
  const lines = withName ? [address.name] : [];
  lines.push(address.street);
  if (address.street2) lines.push(address.street2);
  lines.push(`${address.zipcode} ${address.city}`.trim());
  if (address.country.toUpperCase() !== "FR")
    lines.push((COUNTRY_NAMES.of(address.country.toUpperCase()) ?? address.country).toUpperCase());
  return lines;
}

/** Under the seller's name: legal form and capital, address, SIREN and SIRET, RCS, VAT number, telephone and e-mail. */
function sellerLines(seller: SellerParty): string[] {
  return [
    legalFormWording(seller),
    ...addressLines(seller.address, false),
    [seller.siren ? `SIREN ${seller.siren}` : "", seller.siret ? `SIRET ${seller.siret}` : ""].filter(Boolean).join(" — "),
    seller.rcs,
    seller.vat_number ? `N° TVA intracommunautaire : ${seller.vat_number}` : "",
    [seller.phone ? `Tél. ${seller.phone}` : "", seller.email].filter(Boolean).join(" — "),
  ];
}

/**
 * The top of the first page: the document's title block in the right column (`drawTitle` draws
 * it from the top margin and returns its bottom), then the seller's block in the left one. The
 * title comes first: it opens the reading order (structure tree). The layout continues under both.
 */
export function drawLetterhead(layout: PageLayout, seller: SellerParty, drawTitle: (column: HeaderColumn) => number): void {
  const right = drawTitle(RIGHT_COLUMN);
  let left = layout.text(seller.name, LEFT_COLUMN.x, MARGIN, LEFT_COLUMN.width, { bold: true, size: 13 });
  left = layout.lines(sellerLines(seller), LEFT_COLUMN.x, left + 2, LEFT_COLUMN.width, 8.5);
  layout.y = Math.max(left, right) + 14;
}

/** A party's block under its heading (« Client », « Adresse de livraison »…) at `top` in a column; returns its bottom. */
export function drawPartyBlock(layout: PageLayout, column: HeaderColumn, top: number, heading: string, lines: string[]): number {
  const bottom = layout.text(heading, column.x, top, column.width, { bold: true, size: 9.5, type: "H2" });
  return layout.lines(lines, column.x, bottom + 2, column.width);
}

/** The buyer as a document names it: its head office, customer code, SIREN and VAT number. */
export function buyerLines(buyer: BuyerParty): string[] {
  return [
    ...addressLines(buyer.address),
    `Code client : ${buyer.ref}`,
    ...(buyer.siren ? [`SIREN : ${buyer.siren}`] : []),
    ...(buyer.vat_number ? [`N° TVA intracommunautaire : ${buyer.vat_number}`] : []),
  ];
}

/**
 * Footers on every page: « Page i / n » and the seller's legal line (name, legal form and
 * capital, SIREN, RCS; its VAT number where the document asks for it, an invoice), after what
 * names the document when `first` is given (« Devis DV-… v2 »).
 */
export function drawLegalFooters(layout: PageLayout, seller: SellerParty, options: { first?: string; vatNumber: boolean }): void {
  const parts = [
    options.first ?? "",
    seller.name,
    legalFormWording(seller),
    seller.siren ? `SIREN ${seller.siren}` : "",
    seller.rcs,
    options.vatNumber && seller.vat_number ? `N° TVA ${seller.vat_number}` : "",
  ];
  drawFooters(layout, parts.filter(Boolean).join(" — "));
}
