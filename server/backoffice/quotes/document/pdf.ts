import PDFDocument from "pdfkit";
import { CONTENT_WIDTH, MARGIN, PageLayout, collect, drawFigures, drawFooters, drawTable, loadFonts, registerFonts, type Column } from "../../invoices/document/kit";
import { addressLines, legalFormWording } from "../../invoices/document/mentions";
import type { QuotePdfLine, QuoteProposalDocument } from "./model";
import { formatEuros, formatNumericDate, formatQuantity } from "@shared/domain/french-format";

/**
 * One version of a quote's proposal as an A4 PDF (docs/quote-pdf.md), drawn with the invoice's
 * kit (fonts, French formats, tagging): the distributor and the client, the number, version,
 * dates and validity, the lines with the quoted prices before tax, the totals, the conditions
 * and the representative. Not an invoice: no VAT computed (it is charged at the rate in force
 * when invoiced). The same document gives the same bytes: every date in the file is the
 * proposal's and the file identifier is derived from the metadata.
 */

/** « produit de remplacement » under the designation, then the representative's note. */
function designation(line: QuotePdfLine): string {
  const parts = [line.title];
  if (line.is_alternative) parts.push(line.replaces ? `Produit de remplacement de : ${line.replaces}` : "Produit de remplacement");
  if (line.note) parts.push(`Note : ${line.note}`);
  return parts.join("\n");
}

const COLUMNS: Column<QuotePdfLine>[] = [
  { header: "Référence", width: 66, align: "left", cell: (line) => line.obj_ref },
  { header: "Désignation", width: 205, align: "left", cell: designation },
  { header: "Qté", width: 36, align: "right", cell: (line) => formatQuantity(line.qty) },
  { header: "P.U. HT", width: 66, align: "right", cell: (line) => formatEuros(line.unit_price) },
  { header: "Éco-part. unit. HT", width: 62, align: "right", cell: (line) => (line.ecotax > 0 ? formatEuros(line.ecotax) : "—") },
  { header: "Total HT", width: CONTENT_WIDTH - 66 - 205 - 36 - 66 - 62, align: "right", cell: (line) => formatEuros(line.qty * line.unit_price) },
];

/** Without prices: the designation takes the room of the amounts. */
const COLUMNS_WITHOUT_PRICES: Column<QuotePdfLine>[] = [
  { header: "Référence", width: 66, align: "left", cell: (line) => line.obj_ref },
  { header: "Désignation", width: CONTENT_WIDTH - 66 - 50, align: "left", cell: designation },
  { header: "Qté", width: 50, align: "right", cell: (line) => formatQuantity(line.qty) },
];

class Layout extends PageLayout {
  constructor(
    pdf: PDFKit.PDFDocument,
    readonly doc: QuoteProposalDocument,
    root: PDFKit.PDFStructureElement,
  ) {
    super(pdf, root, `Devis N° ${doc.number} — version ${doc.version} (suite) — ${doc.seller.name}`);
  }
}

function drawHeader(layout: Layout): void {
  const { doc } = layout;
  const seller = doc.seller;
  const leftWidth = 270;
  const rightX = MARGIN + 290;
  const rightWidth = CONTENT_WIDTH - 290;
  // The title first: it opens the reading order (structure tree).
  let right = layout.text("DEVIS", rightX, MARGIN, rightWidth, { bold: true, size: 20, type: "H1" });
  right = layout.text(`N° ${doc.number} — version ${doc.version}`, rightX, right + 2, rightWidth, { bold: true, size: 11 });
  right = layout.lines(
    [`Date de la proposition : ${formatNumericDate(doc.proposed_on)}`, `Demande du ${formatNumericDate(doc.requested_on)}`],
    rightX,
    right + 4,
    rightWidth,
  );
  right = layout.text(`Valable jusqu'au ${formatNumericDate(doc.valid_until)}`, rightX, right + 2, rightWidth, { bold: true, size: 10 });
  let left = layout.text(seller.name, MARGIN, MARGIN, leftWidth, { bold: true, size: 13 });
  left = layout.lines(
    [
      legalFormWording(doc),
      ...addressLines(seller.address, false),
      [seller.siren ? `SIREN ${seller.siren}` : "", seller.siret ? `SIRET ${seller.siret}` : ""].filter(Boolean).join(" — "),
      seller.rcs,
      seller.vat_number ? `N° TVA intracommunautaire : ${seller.vat_number}` : "",
      [seller.phone ? `Tél. ${seller.phone}` : "", seller.email].filter(Boolean).join(" — "),
    ],
    MARGIN,
    left + 2,
    leftWidth,
    8.5,
  );
  layout.y = Math.max(left, right) + 14;

  // The representative on the left, the client on the right.
  const top = layout.y;
  const buyer = doc.buyer;
  let buyerBottom = layout.text("Client", rightX, top, rightWidth, { bold: true, size: 9.5, type: "H2" });
  buyerBottom = layout.lines(
    [
      ...addressLines(buyer.address),
      `Code client : ${buyer.ref}`,
      ...(buyer.siren ? [`SIREN : ${buyer.siren}`] : []),
      ...(buyer.vat_number ? [`N° TVA intracommunautaire : ${buyer.vat_number}`] : []),
    ],
    rightX,
    buyerBottom + 2,
    rightWidth,
  );
  const representative = doc.representative;
  let repBottom = layout.text("Votre interlocuteur", MARGIN, top, leftWidth, { bold: true, size: 9.5, type: "H2" });
  repBottom = layout.lines([representative.name, representative.title ?? "", representative.email ?? ""], MARGIN, repBottom + 2, leftWidth);
  layout.y = Math.max(buyerBottom, repBottom) + 12;

  layout.y = layout.text(`Votre référence : ${doc.customer_ref}`, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 4;
  if (doc.version < doc.latest_version) {
    layout.y = layout.text(`Cette version a été remplacée par la version ${doc.latest_version} : seule la dernière version peut être acceptée.`, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 4;
  } else if (doc.version > 1) {
    layout.y = layout.text(`Cette version remplace les versions précédentes de ce devis.`, MARGIN, layout.y, CONTENT_WIDTH) + 4;
  }
  layout.y += 6;
}

function drawTotals(layout: Layout): void {
  const { doc } = layout;
  if (!doc.show_prices) {
    layout.y = layout.text("Les prix de ce devis ne sont pas affichés pour votre compte : consultez votre interlocuteur.", MARGIN, layout.y, CONTENT_WIDTH, { size: 8.5 }) + 10;
    return;
  }
  const rows: Array<{ label: string; value: string; bold?: boolean }> = [{ label: "Total HT", value: formatEuros(doc.total_ht), bold: true }];
  if (doc.total_ecotax > 0) {
    rows.push({ label: "Éco-participation HT", value: formatEuros(doc.total_ecotax) });
    rows.push({ label: "Total HT éco-participation comprise", value: formatEuros(doc.total_ht + doc.total_ecotax), bold: true });
  }
  layout.ensure(rows.length * 13 + 34);
  const bottom = drawFigures(layout, rows, layout.y, MARGIN + 260, 180);
  layout.y = layout.text("Montants hors TVA : la TVA est facturée au taux en vigueur le jour de la facturation.", MARGIN, bottom + 4, CONTENT_WIDTH, { size: 8, color: "#555555" }) + 10;
}

function drawConditions(layout: Layout): void {
  const { doc } = layout;
  const own = doc.conditions.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  layout.section("Conditions", [
    `Prix unitaires fermes jusqu'au ${formatNumericDate(doc.valid_until)} inclus, pour les quantités indiquées.`,
    ...own,
    "Pour accepter tout ou partie des lignes, rendez-vous dans votre espace client, rubrique « Mes devis » : les lignes acceptées rejoignent votre panier au prix du devis.",
  ]);
}

/** The PDF of one proposal version. */
export async function renderQuotePdf(doc: QuoteProposalDocument): Promise<Uint8Array> {
  const created = new Date(doc.created_at);
  const { regular } = loadFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: 20, left: MARGIN, right: MARGIN },
    pdfVersion: "1.7",
    tagged: true,
    lang: "fr-FR",
    displayTitle: true,
    bufferPages: true,
    font: regular as unknown as string,
    info: {
      Title: `Devis ${doc.number} — version ${doc.version}`,
      Subject: `Devis ${doc.number}, version ${doc.version}, valable jusqu'au ${formatNumericDate(doc.valid_until)}`,
      Keywords: "devis, proposition commerciale",
      Creator: "Portail B2B — back-office",
      Producer: "PDFKit",
      CreationDate: created,
      ModDate: created,
    },
  });
  const done = collect(pdf);
  registerFonts(pdf);
  const root = pdf.struct("Document");
  pdf.addStructure(root);
  const layout = new Layout(pdf, doc, root);

  drawHeader(layout);
  drawTable(layout, doc.show_prices ? COLUMNS : COLUMNS_WITHOUT_PRICES, doc.lines);
  drawTotals(layout);
  drawConditions(layout);
  const seller = doc.seller;
  drawFooters(
    layout,
    [`Devis ${doc.number} v${doc.version}`, seller.name, legalFormWording(doc), seller.siren ? `SIREN ${seller.siren}` : "", seller.rcs].filter(Boolean).join(" — "),
  );
  root.end();
  pdf.end();
  return done;
}
