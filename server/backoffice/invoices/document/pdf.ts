import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { formatEuros } from "@shared/domain/money";
import type { InvoiceLine } from "@shared/contracts/invoices";
import { facturXml } from "./cii";
import {
  EXEMPTION_WORDING,
  OPERATION_CATEGORY_LABEL,
  addressLines,
  documentTitle,
  frenchDate,
  frenchPercent,
  frenchQuantity,
  latePenaltyWording,
  legalFormWording,
  recoveryIndemnityWording,
} from "./mentions";
import type { InvoiceDocument } from "./model";

/**
 * The invoice or credit note as a Factur-X file (docs/invoice-pdf.md): an A4 PDF/A-3b drawn with
 * pdfkit from the InvoiceDocument alone, tagged (structure tree: headings, paragraphs, a table
 * with header cells; page furniture as artifacts), fonts embedded (DejaVu Sans Condensed),
 * with the EN 16931 CII XML attached as factur-x.xml (AFRelationship Alternative) and the
 * Factur-X extension schema in its XMP metadata. The same document gives the same bytes: every
 * date in the file is the issue date and the file identifier is derived from the metadata.
 */

type FontSource = PDFKit.Mixins.PDFFontSource;

/**
 * A parsed font, shared by every document: pdfkit accepts a fontkit font object as a font
 * source, and parsing the 700 kB TrueType file again for each invoice was most of the time of a
 * render. pdfkit parses it once here (through a document that is never written); each document
 * still embeds its own subset. fontkit is pdfkit's, not a dependency of ours: hence the probe.
 */
function parsedFont(file: string): FontSource {
  const probe = new PDFDocument({ autoFirstPage: false, font: fileURLToPath(new URL(file, import.meta.url)) }) as unknown as { _font?: { font?: { layout?: unknown } } };
  const font = probe._font?.font;
  if (typeof font?.layout !== "function") throw new Error(`font ${file}: pdfkit did not parse it`);
  return font as unknown as FontSource;
}

let fonts: { regular: FontSource; bold: FontSource } | null = null;
function loadFonts(): { regular: FontSource; bold: FontSource } {
  fonts ??= { regular: parsedFont("./fonts/DejaVuSansCondensed.ttf"), bold: parsedFont("./fonts/DejaVuSansCondensed-Bold.ttf") };
  return fonts;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stops here; the footer is drawn below. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 72;
const FOOTER_Y = PAGE_HEIGHT - 58;
const GREY = "#555555";
const RULE = "#999999";

type Align = "left" | "right" | "center";
interface Column {
  header: string;
  width: number;
  align: Align;
  cell: (line: InvoiceLine) => string;
}

const COLUMNS: Column[] = [
  { header: "Référence", width: 62, align: "left", cell: (line) => line.obj_ref },
  { header: "Désignation", width: 163, align: "left", cell: (line) => (line.is_port ? `${line.title} (frais de port)` : line.title) },
  { header: "Qté", width: 30, align: "right", cell: (line) => frenchQuantity(line.qty) },
  { header: "P.U. HT", width: 58, align: "right", cell: (line) => formatEuros(line.unit_list_price) },
  { header: "Remise", width: 38, align: "right", cell: (line) => (line.discount_pct > 0 ? frenchPercent(line.discount_pct) : "—") },
  { header: "Éco-part. unit. HT", width: 52, align: "right", cell: (line) => (line.unit_ecotax > 0 ? formatEuros(line.unit_ecotax) : "—") },
  { header: "Total HT", width: 66, align: "right", cell: (line) => formatEuros(line.line_total_ht) },
  { header: "TVA", width: 46, align: "right", cell: (line) => frenchPercent(line.vat_rate) },
];
const CELL_PADDING = 3;
const TABLE_FONT_SIZE = 8;

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** XML text content: the metadata carries names typed by people. */
function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The Factur-X XMP: the PDF/A extension schema that declares the fx: properties, then them. */
function facturXmp(doc: InvoiceDocument, issued: Date): string {
  const iso = `${issued.toISOString().slice(0, 19)}Z`;
  const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;
  return `
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <xmp:ModifyDate>${iso}</xmp:ModifyDate>
            <xmp:MetadataDate>${iso}</xmp:MetadataDate>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property("DocumentFileName", "The name of the embedded XML document")}${property("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER")}${property("Version", "The actual version of the standard applying to the embedded XML document")}${property("ConformanceLevel", "The conformance level of the embedded XML document")}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:format>application/pdf</dc:format>
            <dc:language><rdf:Bag><rdf:li>fr-FR</rdf:li></rdf:Bag></dc:language>
            <dc:publisher><rdf:Bag><rdf:li>${xmlEscape(doc.seller.name)}</rdf:li></rdf:Bag></dc:publisher>
        </rdf:Description>
        `;
}

/** Draws the document page by page; `y` is where the next block starts. */
class Layout {
  y = MARGIN;
  constructor(
    readonly pdf: Doc,
    readonly doc: InvoiceDocument,
    readonly root: Struct,
  ) {}

  /** Page furniture (rules, repeated headers, footers): not part of the reading order. */
  artifact(draw: () => void, type: "Layout" | "Pagination" = "Layout"): void {
    this.pdf.markContent("Artifact", { type });
    draw();
    this.pdf.endMarkedContent();
  }

  font(bold: boolean, size: number): Doc {
    return this.pdf.font(bold ? "Bold" : "Regular").fontSize(size);
  }

  /** A tagged paragraph (or heading) at x with a width; returns its bottom. */
  text(content: string, x: number, y: number, width: number, options: { bold?: boolean; size?: number; type?: string; align?: Align; color?: string; parent?: Struct } = {}): number {
    this.font(options.bold ?? false, options.size ?? 9).fillColor(options.color ?? "black");
    this.pdf.text(content, x, y, { width, align: options.align ?? "left", structParent: options.parent ?? this.root, structType: options.type ?? "P" });
    this.pdf.fillColor("black");
    return this.pdf.y;
  }

  /** Lines of text as one tagged paragraph each; returns the bottom. */
  lines(lines: string[], x: number, y: number, width: number, size = 9): number {
    let bottom = y;
    for (const line of lines) if (line) bottom = this.text(line, x, bottom, width, { size });
    return bottom;
  }

  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.pdf.addPage();
    this.y = MARGIN;
    this.artifact(() => {
      this.font(true, 10).text(`${documentTitle(this.doc) === "AVOIR" ? "Avoir" : "Facture"} N° ${this.doc.number} (suite) — ${this.doc.seller.name}`, MARGIN, this.y, { width: CONTENT_WIDTH, lineBreak: false });
    });
    this.y += 22;
  }

  rule(y: number): void {
    this.artifact(() => {
      this.pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
    });
  }
}

function drawHeader(layout: Layout): void {
  const { doc } = layout;
  const seller = doc.seller;
  const leftWidth = 270;
  const rightX = MARGIN + 290;
  const rightWidth = CONTENT_WIDTH - 290;
  // The title first: it opens the reading order (structure tree).
  let right = layout.text(documentTitle(doc), rightX, MARGIN, rightWidth, { bold: true, size: 20, type: "H1" });
  right = layout.text(`N° ${doc.number}`, rightX, right + 2, rightWidth, { bold: true, size: 11 });
  right = layout.lines(
    [
      `Date d'émission : ${frenchDate(doc.issued_on)}`,
      `Date de la vente / livraison : ${frenchDate(doc.sale_on)}`,
      `Date d'échéance : ${frenchDate(doc.due_on)}`,
      OPERATION_CATEGORY_LABEL,
    ],
    rightX,
    right + 4,
    rightWidth,
  );
  let left = layout.text(seller.name, MARGIN, MARGIN, leftWidth, { bold: true, size: 13, type: "P" });
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

  // Parties: where the goods went (when elsewhere) on the left, who is invoiced on the right.
  const top = layout.y;
  const buyer = doc.buyer;
  let buyerBottom = layout.text(doc.kind === "avoir" ? "Client" : "Facturé à", rightX, top, rightWidth, { bold: true, size: 9.5, type: "H2" });
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
  let deliveryBottom = top;
  if (doc.delivery_address) {
    deliveryBottom = layout.text("Adresse de livraison", MARGIN, top, leftWidth, { bold: true, size: 9.5, type: "H2" });
    deliveryBottom = layout.lines(addressLines(doc.delivery_address), MARGIN, deliveryBottom + 2, leftWidth);
  }
  layout.y = Math.max(buyerBottom, deliveryBottom) + 12;

  const references = [
    ...(doc.customer_ref ? [`Votre référence de commande : ${doc.customer_ref}`] : []),
    ...(doc.order_ref ? [`Notre commande N° ${doc.order_ref}`] : []),
  ].join(" — ");
  if (references) layout.y = layout.text(references, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 4;
  if (doc.kind === "avoir" && doc.credits) {
    layout.y = layout.text(`Avoir sur la facture N° ${doc.credits.number} du ${frenchDate(doc.credits.issued_on)}`, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 1;
    layout.y = layout.text(`Motif : ${doc.credits.reason}`, MARGIN, layout.y, CONTENT_WIDTH) + 4;
  }
  layout.y += 6;
}

function rowHeight(layout: Layout, cells: string[], bold: boolean): number {
  layout.font(bold, TABLE_FONT_SIZE);
  return Math.max(...cells.map((cell, index) => layout.pdf.heightOfString(cell, { width: (COLUMNS[index]?.width ?? 0) - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
}

/** One row; tagged as TR with TH/TD cells, or as an artifact for a header repeated on a new page. */
function drawRow(layout: Layout, cells: string[], options: { header: boolean; table: Struct | null }): void {
  const height = rowHeight(layout, cells, options.header);
  const y = layout.y;
  if (options.header) {
    layout.artifact(() => {
      layout.pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fillColor("#e8e8e8").fill();
      layout.pdf.fillColor("black");
    });
  }
  const row = options.table ? layout.pdf.struct("TR") : null;
  if (row && options.table) options.table.add(row);
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const column = COLUMNS[index];
    if (!column) return;
    layout.font(options.header, TABLE_FONT_SIZE).fillColor("black");
    const textOptions = { width: column.width - 2 * CELL_PADDING, align: column.align };
    if (row) {
      layout.pdf.text(cell, x + CELL_PADDING, y + CELL_PADDING, { ...textOptions, structParent: row, structType: options.header ? "TH" : "TD" });
    } else {
      layout.artifact(() => layout.pdf.text(cell, x + CELL_PADDING, y + CELL_PADDING, textOptions));
    }
    x += column.width;
  });
  layout.y = y + height;
  layout.rule(layout.y);
}

function drawLines(layout: Layout): void {
  const headers = COLUMNS.map((column) => column.header);
  const table = layout.pdf.struct("Table");
  layout.root.add(table);
  layout.ensure(rowHeight(layout, headers, true) + 30);
  drawRow(layout, headers, { header: true, table });
  for (const line of layout.doc.lines) {
    const cells = COLUMNS.map((column) => column.cell(line));
    const height = rowHeight(layout, cells, false);
    if (layout.y + height > CONTENT_BOTTOM) {
      layout.ensure(CONTENT_BOTTOM);
      drawRow(layout, headers, { header: true, table: null });
    }
    drawRow(layout, cells, { header: false, table });
  }
  table.end();
  layout.y += 10;
}

function drawTotals(layout: Layout): void {
  const { doc } = layout;
  const rows: Array<{ label: string; value: string; bold?: boolean }> = [];
  for (const entry of doc.vat) {
    rows.push({ label: doc.vat_exemption ? "Total HT exonéré de TVA" : `Total HT soumis à TVA ${frenchPercent(entry.rate)}`, value: formatEuros(entry.base_ht) });
    rows.push({ label: `TVA ${frenchPercent(entry.rate)}`, value: formatEuros(entry.vat) });
  }
  rows.push({ label: "Total HT", value: formatEuros(doc.total_ht), bold: true });
  rows.push({ label: "Total TVA", value: formatEuros(doc.total_vat), bold: true });
  rows.push({ label: doc.kind === "avoir" ? "Total TTC de l'avoir" : "Total TTC", value: formatEuros(doc.total_ttc), bold: true });
  if (doc.total_ecotax > 0) rows.push({ label: "dont éco-participation HT", value: formatEuros(doc.total_ecotax) });
  if (doc.kind !== "avoir") rows.push({ label: "Net à payer", value: formatEuros(doc.total_ttc), bold: true });

  const exemption = doc.vat_exemption ? EXEMPTION_WORDING[doc.vat_exemption] : null;
  layout.ensure(rows.length * 13 + 20);
  const labelX = MARGIN + 300;
  const labelWidth = 140;
  const valueX = labelX + labelWidth;
  const valueWidth = CONTENT_WIDTH - 300 - labelWidth;
  const top = layout.y;
  const table = layout.pdf.struct("Table");
  layout.root.add(table);
  let y = top;
  for (const row of rows) {
    const tr = layout.pdf.struct("TR");
    table.add(tr);
    layout.font(row.bold ?? false, 9).fillColor("black");
    layout.pdf.text(row.label, labelX, y, { width: labelWidth, structParent: tr, structType: "TH" });
    layout.pdf.text(row.value, valueX, y, { width: valueWidth, align: "right", structParent: tr, structType: "TD" });
    y += 13;
  }
  table.end();
  let left = top;
  if (exemption) {
    left = layout.text(exemption, MARGIN, left, 280, { bold: true, size: 9 }) + 2;
    if (doc.vat_exemption === "intra_eu") {
      left = layout.lines(
        [`N° TVA du vendeur : ${doc.seller.vat_number}`, `N° TVA de l'acquéreur : ${doc.buyer.vat_number ?? "non communiqué"}`],
        MARGIN,
        left,
        280,
      );
    }
  }
  layout.y = Math.max(y, left) + 12;
}

function drawPayment(layout: Layout): void {
  const { doc } = layout;
  const seller = doc.seller;
  const lines = [
    `Conditions de paiement : ${doc.payment_terms} — échéance le ${frenchDate(doc.due_on)}`,
    `Escompte : ${doc.early_payment_discount}`,
    latePenaltyWording(doc.late_penalty_rate),
    recoveryIndemnityWording(doc.recovery_indemnity),
    `Règlement par virement — IBAN : ${seller.iban} — BIC : ${seller.bic} — à l'ordre de ${seller.name}, en rappelant le N° ${doc.number}`,
  ];
  layout.font(false, 8.5);
  const height = lines.reduce((sum, line) => sum + layout.pdf.heightOfString(line, { width: CONTENT_WIDTH }), 0) + 24;
  layout.ensure(height);
  layout.rule(layout.y);
  layout.y = layout.text("Paiement", MARGIN, layout.y + 6, CONTENT_WIDTH, { bold: true, size: 9.5, type: "H2" }) + 2;
  layout.y = layout.lines(lines, MARGIN, layout.y, CONTENT_WIDTH, 8.5);
}

/** Footers on every page: the seller's legal line and « Page i / n ». */
function drawFooters(layout: Layout): void {
  const { pdf, doc } = layout;
  const seller = doc.seller;
  const range = pdf.bufferedPageRange();
  const legal = [seller.name, legalFormWording(doc), seller.siren ? `SIREN ${seller.siren}` : "", seller.rcs, seller.vat_number ? `N° TVA ${seller.vat_number}` : ""].filter(Boolean).join(" — ");
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    layout.artifact(() => {
      pdf.moveTo(MARGIN, FOOTER_Y - 4).lineTo(MARGIN + CONTENT_WIDTH, FOOTER_Y - 4).lineWidth(0.5).strokeColor(RULE).stroke();
      layout.font(false, 7).fillColor(GREY);
      pdf.text(legal, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH - 70, lineBreak: true });
      pdf.text(`Page ${index - range.start + 1} / ${range.count}`, MARGIN + CONTENT_WIDTH - 70, FOOTER_Y, { width: 70, align: "right", lineBreak: false });
      pdf.fillColor("black");
    }, "Pagination");
  }
}

/** The bytes of the finished document. */
function collect(pdf: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const xml = await facturXml(doc);
  const issued = new Date(`${doc.issued_on.slice(0, 10)}T00:00:00Z`);
  const label = doc.kind === "avoir" ? "Avoir" : "Facture";
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: 20, left: MARGIN, right: MARGIN },
    pdfVersion: "1.7",
    subset: "PDF/A-3b",
    tagged: true,
    lang: "fr-FR",
    displayTitle: true,
    bufferPages: true,
    font: regular as unknown as string,
    info: {
      Title: `${label} ${doc.number}`,
      Subject: `${label} ${doc.number} du ${frenchDate(doc.issued_on)} (Factur-X EN 16931)`,
      Keywords: "Factur-X, EN 16931, facture",
      Creator: "Portail B2B — back-office",
      Producer: "PDFKit",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const done = collect(pdf);
  pdf.registerFont("Regular", regular);
  pdf.registerFont("Bold", bold);
  const root = pdf.struct("Document");
  pdf.addStructure(root);
  const layout = new Layout(pdf, doc, root);

  drawHeader(layout);
  drawLines(layout);
  drawTotals(layout);
  drawPayment(layout);
  drawFooters(layout);
  root.end();

  const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: "factur-x.xml",
    type: "text/xml",
    description: "Factur-X — facture électronique EN 16931 (CII)",
    creationDate: issued,
    modifiedDate: issued,
    relationship: "Alternative",
  };
  pdf.file(Buffer.from(xml, "utf8"), attachment);
  pdf.appendXML(facturXmp(doc, issued));
  pdf.end();
  return done;
}
