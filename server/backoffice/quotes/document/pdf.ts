import { formatEuros, formatNumericDate, formatQuantity } from "@shared/domain/french-format";
import {
  CONTENT_WIDTH,
  MARGIN,
  PageLayout,
  drawFigures,
  drawTable,
  openDocument,
  type Column,
  type Doc,
  type Struct,
} from "../../documents/kit";
import { LEFT_COLUMN, RIGHT_COLUMN, buyerLines, drawLegalFooters, drawLetterhead, drawPartyBlock } from "../../documents/letterhead";
import type { QuotePdfLine, QuoteProposalDocument } from "./model";

/**
 * One version of a quote's proposal as an A4 PDF (docs/quote-pdf.md), drawn with the documents'
 * kit as the invoice is (fonts, tagging, the parties' blocks, the legal line): the distributor and
 * the client, the number, version, dates and validity, the lines with the quoted prices before
 * tax, the totals, the conditions and the representative. Not an invoice: no VAT computed (it is
 * charged at the rate in force when invoiced). The same document gives the same bytes: every
 * date in the file is the proposal's and the file identifier is derived from the metadata.
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
  {
    header: "Total HT",
    width: CONTENT_WIDTH - 66 - 205 - 36 - 66 - 62,
    align: "right",
    cell: (line) => formatEuros(line.qty * line.unit_price),
  },
];

/** Without prices: the designation takes the room of the amounts. */
const COLUMNS_WITHOUT_PRICES: Column<QuotePdfLine>[] = [
  { header: "Référence", width: 66, align: "left", cell: (line) => line.obj_ref },
  { header: "Désignation", width: CONTENT_WIDTH - 66 - 50, align: "left", cell: designation },
  { header: "Qté", width: 50, align: "right", cell: (line) => formatQuantity(line.qty) },
];

class Layout extends PageLayout {
  constructor(
    pdf: Doc,
    readonly doc: QuoteProposalDocument,
    root: Struct,
  ) {
    super(pdf, root, `Devis N° ${doc.number} — version ${doc.version} (suite) — ${doc.seller.name}`);
  }
}

function drawHeader(layout: Layout): void {
  const { doc } = layout;
  drawLetterhead(layout, doc.seller, (column) => {
    let right = layout.text("DEVIS", column.x, MARGIN, column.width, { bold: true, size: 20, type: "H1" });
    right = layout.text(`N° ${doc.number} — version ${doc.version}`, column.x, right + 2, column.width, { bold: true, size: 11 });
    right = layout.lines(
      [`Date de la proposition : ${formatNumericDate(doc.proposed_on)}`, `Demande du ${formatNumericDate(doc.requested_on)}`],
      column.x,
      right + 4,
      column.width,
    );
    return layout.text(`Valable jusqu'au ${formatNumericDate(doc.valid_until)}`, column.x, right + 2, column.width, {
      bold: true,
      size: 10,
    });
  });

  // The representative on the left, the client on the right.
  const top = layout.y;
  const buyerBottom = drawPartyBlock(layout, RIGHT_COLUMN, top, "Client", buyerLines(doc.buyer));
  const representative = doc.representative;
  const repBottom = drawPartyBlock(layout, LEFT_COLUMN, top, "Votre interlocuteur", [
    representative.name,
    representative.title ?? "",
    representative.email ?? "",
  ]);
  layout.y = Math.max(buyerBottom, repBottom) + 12;

  layout.y = layout.text(`Votre référence : ${doc.customer_ref}`, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 4;
  if (doc.version < doc.latest_version) {
    layout.y =
      layout.text(
        `Cette version a été remplacée par la version ${doc.latest_version} : seule la dernière version peut être acceptée.`,
        MARGIN,
        layout.y,
        CONTENT_WIDTH,
        { bold: true },
      ) + 4;
  } else if (doc.version > 1) {
    layout.y = layout.text(`Cette version remplace les versions précédentes de ce devis.`, MARGIN, layout.y, CONTENT_WIDTH) + 4;
  }
  layout.y += 6;
}

function drawTotals(layout: Layout): void {
  const { doc } = layout;
  if (!doc.show_prices) {
    layout.y =
      layout.text(
        "Les prix de ce devis ne sont pas affichés pour votre compte : consultez votre interlocuteur.",
        MARGIN,
        layout.y,
        CONTENT_WIDTH,
        { size: 8.5 },
      ) + 10;
    return;
  }
  const rows: Array<{ label: string; value: string; bold?: boolean }> = [
    { label: "Total HT", value: formatEuros(doc.total_ht), bold: true },
  ];
  if (doc.total_ecotax > 0) {
    rows.push({ label: "Éco-participation HT", value: formatEuros(doc.total_ecotax) });
    rows.push({ label: "Total HT éco-participation comprise", value: formatEuros(doc.total_ht + doc.total_ecotax), bold: true });
  }
  layout.ensure(rows.length * 13 + 34);
  const bottom = drawFigures(layout, rows, layout.y, MARGIN + 260, 180);
  layout.y =
    layout.text(
      "Montants hors TVA : la TVA est facturée au taux en vigueur le jour de la facturation.",
      MARGIN,
      bottom + 4,
      CONTENT_WIDTH,
      { size: 8, color: "#555555" },
    ) + 10;
}

function drawConditions(layout: Layout): void {
  const { doc } = layout;
  const own = doc.conditions
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  layout.section("Conditions", [
    `Prix unitaires fermes jusqu'au ${formatNumericDate(doc.valid_until)} inclus, pour les quantités indiquées.`,
    ...own,
    "Pour accepter tout ou partie des lignes, rendez-vous dans votre espace client, rubrique « Mes devis » : les lignes acceptées rejoignent votre panier au prix du devis.",
  ]);
}

/** The PDF of one proposal version. */
export async function renderQuotePdf(doc: QuoteProposalDocument): Promise<Uint8Array> {
  const { pdf, root, done } = openDocument({
    title: `Devis ${doc.number} — version ${doc.version}`,
    subject: `Devis ${doc.number}, version ${doc.version}, valable jusqu'au ${formatNumericDate(doc.valid_until)}`,
    keywords: "devis, proposition commerciale",
    created: new Date(doc.created_at),
  });
  const layout = new Layout(pdf, doc, root);

  drawHeader(layout);
  drawTable(layout, doc.show_prices ? COLUMNS : COLUMNS_WITHOUT_PRICES, doc.lines);
  drawTotals(layout);
  drawConditions(layout);
  drawLegalFooters(layout, doc.seller, { first: `Devis ${doc.number} v${doc.version}`, vatNumber: false });
  root.end();
  pdf.end();
  return done;
}
