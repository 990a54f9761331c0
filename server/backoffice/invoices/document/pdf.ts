import { ECOTAX_LABEL } from "@shared/domain/totals";
import type { InvoiceLine } from "@shared/contracts/invoices";
import { facturXml } from "./cii";
import {
  EXEMPTION_WORDING,
  VAT_ON_DEBITS_WORDING,
  documentTitle,
  latePenaltyWording,
  operationCategoryWording,
  recoveryIndemnityWording,
  vatOnDebitsApplies,
} from "./mentions";
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
import {
  LEFT_COLUMN,
  RIGHT_COLUMN,
  addressLines,
  buyerLines,
  drawLegalFooters,
  drawLetterhead,
  drawPartyBlock,
} from "../../documents/letterhead";
import type { InvoiceDocument } from "./model";
import { formatEuros, formatNumericDate, formatPercent, formatQuantity } from "@shared/domain/french-format";

/**
 * The invoice or credit note as a Factur-X file (docs/invoice-pdf.md): an A4 PDF/A-3b drawn with
 * pdfkit from the InvoiceDocument alone, tagged (structure tree: headings, paragraphs, a table
 * with header cells; page furniture as artifacts), fonts embedded (DejaVu Sans Condensed),
 * with the EN 16931 CII XML attached as factur-x.xml (AFRelationship Alternative) and the
 * Factur-X extension schema in its XMP metadata. The same document gives the same bytes: every
 * date in the file is the issue date and the file identifier is derived from the metadata.
 */

/** The product, and the quote whose price it was ordered at (docs/quotes.md). */
function designation(line: InvoiceLine): string {
  const title = line.is_port ? `${line.title} (frais de port)` : line.title;
  return line.quote_number ? `${title}\nPrix du devis ${line.quote_number}` : title;
}

const COLUMNS: Column<InvoiceLine>[] = [
  { header: "Référence", width: 62, align: "left", cell: (line) => line.obj_ref },
  { header: "Désignation", width: 163, align: "left", cell: designation },
  { header: "Qté", width: 30, align: "right", cell: (line) => formatQuantity(line.qty) },
  { header: "P.U. HT", width: 58, align: "right", cell: (line) => formatEuros(line.unit_list_price) },
  { header: "Remise", width: 38, align: "right", cell: (line) => (line.discount_pct > 0 ? formatPercent(line.discount_pct) : "—") },
  { header: "Éco-part. unit. HT", width: 52, align: "right", cell: (line) => (line.unit_ecotax > 0 ? formatEuros(line.unit_ecotax) : "—") },
  { header: "Total HT", width: 66, align: "right", cell: (line) => formatEuros(line.line_total_ht) },
  { header: "TVA", width: 46, align: "right", cell: (line) => formatPercent(line.vat_rate) },
];

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

/** The page layout with the invoice it draws. */
class Layout extends PageLayout {
  constructor(
    pdf: Doc,
    readonly doc: InvoiceDocument,
    root: Struct,
  ) {
    super(pdf, root, `${documentTitle(doc) === "AVOIR" ? "Avoir" : "Facture"} N° ${doc.number} (suite) — ${doc.seller.name}`);
  }
}

function drawHeader(layout: Layout): void {
  const { doc } = layout;
  drawLetterhead(layout, doc.seller, (column) => {
    let right = layout.text(documentTitle(doc), column.x, MARGIN, column.width, { bold: true, size: 20, type: "H1" });
    right = layout.text(`N° ${doc.number}`, column.x, right + 2, column.width, { bold: true, size: 11 });
    return layout.lines(
      [
        `Date d'émission : ${formatNumericDate(doc.issued_on)}`,
        `Date de la vente / livraison : ${formatNumericDate(doc.sale_on)}`,
        `Date d'échéance : ${formatNumericDate(doc.due_on)}`,
        operationCategoryWording(doc.operation_category),
        ...(vatOnDebitsApplies(doc) ? [VAT_ON_DEBITS_WORDING] : []),
      ],
      column.x,
      right + 4,
      column.width,
    );
  });

  // Parties: where the goods went (when elsewhere) on the left, who is invoiced on the right.
  const top = layout.y;
  const buyerBottom = drawPartyBlock(layout, RIGHT_COLUMN, top, doc.kind === "avoir" ? "Client" : "Facturé à", buyerLines(doc.buyer));
  const deliveryBottom = doc.delivery_address
    ? drawPartyBlock(layout, LEFT_COLUMN, top, "Adresse de livraison", addressLines(doc.delivery_address))
    : top;
  layout.y = Math.max(buyerBottom, deliveryBottom) + 12;

  const references = [
    ...(doc.customer_ref ? [`Votre référence de commande : ${doc.customer_ref}`] : []),
    ...(doc.order_ref ? [`Notre commande N° ${doc.order_ref}`] : []),
  ].join(" — ");
  if (references) layout.y = layout.text(references, MARGIN, layout.y, CONTENT_WIDTH, { bold: true }) + 4;
  if (doc.kind === "avoir" && doc.credits) {
    layout.y =
      layout.text(
        `Avoir sur la facture N° ${doc.credits.number} du ${formatNumericDate(doc.credits.issued_on)}`,
        MARGIN,
        layout.y,
        CONTENT_WIDTH,
        { bold: true },
      ) + 1;
    layout.y = layout.text(`Motif : ${doc.credits.reason}`, MARGIN, layout.y, CONTENT_WIDTH) + 4;
  }
  layout.y += 6;
}

function drawLines(layout: Layout): void {
  drawTable(layout, COLUMNS, layout.doc.lines);
}

function drawTotals(layout: Layout): void {
  const { doc } = layout;
  const rows: Array<{ label: string; value: string; bold?: boolean }> = [];
  for (const entry of doc.vat) {
    rows.push({
      label: doc.vat_exemption ? "Total HT exonéré de TVA" : `Total HT soumis à TVA ${formatPercent(entry.rate)}`,
      value: formatEuros(entry.base_ht),
    });
    rows.push({ label: `TVA ${formatPercent(entry.rate)}`, value: formatEuros(entry.vat) });
  }
  rows.push({ label: "Total HT", value: formatEuros(doc.total_ht), bold: true });
  // Right under the HT total it is a part of, in the words of every page and e-mail (decision 0161).
  if (doc.total_ecotax > 0) rows.push({ label: `dont ${ECOTAX_LABEL}`, value: formatEuros(doc.total_ecotax) });
  rows.push({ label: "Total TVA", value: formatEuros(doc.total_vat), bold: true });
  rows.push({ label: doc.kind === "avoir" ? "Total TTC de l'avoir" : "Total TTC", value: formatEuros(doc.total_ttc), bold: true });
  if (doc.kind !== "avoir") rows.push({ label: "Net à payer", value: formatEuros(doc.total_ttc), bold: true });

  const exemption = doc.vat_exemption ? EXEMPTION_WORDING[doc.vat_exemption] : null;
  layout.ensure(rows.length * 13 + 20);
  const top = layout.y;
  const y = drawFigures(layout, rows, top, MARGIN + 300, 140);
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
    `Conditions de paiement : ${doc.payment_terms} — échéance le ${formatNumericDate(doc.due_on)}`,
    `Escompte : ${doc.early_payment_discount}`,
    latePenaltyWording(doc.late_penalty_rate),
    recoveryIndemnityWording(doc.recovery_indemnity),
    `Règlement par virement — IBAN : ${seller.iban} — BIC : ${seller.bic} — à l'ordre de ${seller.name}, en rappelant le N° ${doc.number}`,
  ];
  layout.section("Paiement", lines);
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const xml = await facturXml(doc);
  const issued = new Date(`${doc.issued_on.slice(0, 10)}T00:00:00Z`);
  const label = doc.kind === "avoir" ? "Avoir" : "Facture";
  const { pdf, root, done } = openDocument({
    title: `${label} ${doc.number}`,
    subject: `${label} ${doc.number} du ${formatNumericDate(doc.issued_on)} (Factur-X EN 16931)`,
    keywords: "Factur-X, EN 16931, facture",
    created: issued,
    pdfA: true,
  });
  const layout = new Layout(pdf, doc, root);

  drawHeader(layout);
  drawLines(layout);
  drawTotals(layout);
  drawPayment(layout);
  drawLegalFooters(layout, doc.seller, { vatNumber: true });
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
