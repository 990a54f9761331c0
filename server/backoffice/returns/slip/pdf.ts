import { formatNumericDate, formatQuantity } from "@shared/domain/french-format";
import { parisDate } from "@shared/domain/index";
import { CONTENT_WIDTH, MARGIN, PageLayout, drawTable, openDocument, type Column, type Doc, type Struct } from "../../documents/kit";
import {
  LEFT_COLUMN,
  RIGHT_COLUMN,
  addressLines,
  buyerLines,
  drawLegalFooters,
  drawLetterhead,
  drawPartyBlock,
} from "../../documents/letterhead";
import type { ReturnSlipDocument, ReturnSlipLine } from "./model";

/**
 * The return slip (docs/returns.md, decision 0207): an A4 PDF drawn with the documents' kit as
 * the quotes and invoices are (fonts embedded, tagged, text extractable), for the customer to
 * put in the parcel: the return's number, where to send it, the lines and their quantities, the
 * distributor's instructions. Every date in the file is the acceptance's: the same document
 * gives the same bytes.
 */

const COLUMNS: Column<ReturnSlipLine>[] = [
  { header: "Référence", width: 80, align: "left", cell: (line) => line.obj_ref },
  { header: "Votre code", width: 80, align: "left", cell: (line) => line.customer_code ?? "—" },
  { header: "Désignation", width: CONTENT_WIDTH - 80 - 80 - 70, align: "left", cell: (line) => line.title },
  { header: "Qté retournée", width: 70, align: "right", cell: (line) => formatQuantity(line.qty) },
];

class Layout extends PageLayout {
  constructor(
    pdf: Doc,
    readonly doc: ReturnSlipDocument,
    root: Struct,
  ) {
    super(pdf, root, `Bon de retour ${doc.number} (suite) — ${doc.seller.name}`);
  }
}

/** « Indiquez le numéro RET-… sur le colis »: what the warehouse reads first. */
export const parcelWording = (number: string) => `Indiquez le numéro ${number} sur le colis`;

function drawHeader(layout: Layout): void {
  const { doc } = layout;
  drawLetterhead(layout, doc.seller, (column) => {
    let right = layout.text("Bon de retour", column.x, MARGIN, column.width, { bold: true, size: 20, type: "H1" });
    right = layout.text(doc.number, column.x, right + 2, column.width, { bold: true, size: 13 });
    return layout.lines(
      [
        `Retour accepté le ${formatNumericDate(parisDate(new Date(doc.accepted_at)))}`,
        `Motif : ${doc.reason}`,
        `Règlement souhaité : ${doc.resolution}`,
      ],
      column.x,
      right + 4,
      column.width,
    );
  });

  // Where the parcel goes on the left, who sends it on the right.
  const top = layout.y;
  const to = drawPartyBlock(layout, LEFT_COLUMN, top, "Adresse de retour", addressLines(doc.return_to));
  const from = drawPartyBlock(layout, RIGHT_COLUMN, top, "Client", buyerLines(doc.buyer));
  layout.y = Math.max(to, from) + 12;

  const order = [
    `Commande N° ${doc.order_ref}`,
    ...(doc.delivered_on ? [`livrée le ${formatNumericDate(doc.delivered_on)}`] : []),
    ...(doc.customer_ref ? [`votre référence : ${doc.customer_ref}`] : []),
  ].join(" — ");
  layout.y = layout.text(order, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 8;

  // The number on the parcel, framed: without it the warehouse cannot tell whose parcel it is.
  const boxTop = layout.y;
  const bottom = layout.text(parcelWording(doc.number), MARGIN + 8, boxTop + 7, CONTENT_WIDTH - 16, {
    bold: true,
    size: 13,
    align: "center",
  });
  layout.artifact(() => {
    layout.pdf
      .rect(MARGIN, boxTop, CONTENT_WIDTH, bottom - boxTop + 7)
      .lineWidth(1.2)
      .strokeColor("black")
      .stroke();
  });
  layout.y = bottom + 18;
}

function drawInstructions(layout: Layout): void {
  const { doc } = layout;
  const own = doc.instructions
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  layout.section("Consignes", [
    "Glissez ce bon dans le colis, avec les articles et les quantités ci-dessus, dans leur emballage d'origine si possible.",
    ...own,
    "Le règlement (avoir ou échange) suit la réception et le contrôle des articles : seuls les articles reçus sont crédités ou échangés.",
  ]);
}

/** The PDF of a return slip. */
export async function renderReturnSlipPdf(doc: ReturnSlipDocument): Promise<Uint8Array> {
  const created = new Date(doc.accepted_at);
  const { pdf, root, done } = openDocument({
    title: `Bon de retour ${doc.number}`,
    subject: `Bon de retour ${doc.number} — commande ${doc.order_ref}`,
    keywords: "bon de retour, retour marchandise",
    created,
  });
  const layout = new Layout(pdf, doc, root);
  drawHeader(layout);
  drawTable(layout, COLUMNS, doc.lines);
  layout.y += 10;
  drawInstructions(layout);
  drawLegalFooters(layout, doc.seller, { first: `Bon de retour ${doc.number}`, vatNumber: false });
  root.end();
  pdf.end();
  return done;
}
