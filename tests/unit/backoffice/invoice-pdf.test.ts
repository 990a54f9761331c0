import { inflateSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { EXEMPTION_WORDING, FacturXValidationError, facturXml, renderInvoicePdf } from "../../../server/backoffice/invoices/document/index";
import type { InvoiceDocument } from "../../../server/backoffice/invoices/document/model";
import {
  creditNote,
  exportInvoice,
  intraEuInvoice,
  returnCreditNote,
  standardInvoice,
  suspensionInvoice,
} from "./invoice-document-fixtures";
import { formatEuros, formatPercent } from "@shared/domain/french-format";

/**
 * The invoice PDF (docs/invoice-pdf.md): its text carries every mention a French B2B invoice
 * must, in French formats; it is a PDF/A-3 Factur-X whose embedded EN 16931 XML says what the
 * page says; the same document gives the same bytes.
 */

interface Rendered {
  doc: InvoiceDocument;
  pdf: Uint8Array;
  /** The text of every page, whitespace (incl. no-break spaces) folded to single spaces. */
  text: string;
  pages: number;
  xml: string;
  /** The file as latin1: metadata and object dictionaries are plain text in it. */
  raw: string;
  /** The structure roles of page 1, in reading order, as pdf.js reads the tags. */
  roles: string[];
}

interface StructNode {
  role?: string;
  children?: StructNode[];
}
function roles(node: StructNode | null): string[] {
  if (!node) return [];
  return [...(node.role ? [node.role] : []), ...(node.children ?? []).flatMap(roles)];
}

const fold = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const euros = (cents: number) => fold(formatEuros(cents));
const percent = (rate: number) => fold(formatPercent(rate));
const frDate = (iso: string) => iso.split("-").reverse().join("/");
const decimal = (cents: number) => (cents / 100).toFixed(2);

async function render(doc: InvoiceDocument): Promise<Rendered> {
  const pdf = await renderInvoicePdf(doc);
  const proxy = await getDocumentProxy(pdf.slice());
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  // pdf.js lists the attachments (names only); the bytes are read from the file itself.
  const attachments = (await proxy.getAttachments()) as Map<string, { filename: string }> | Record<string, { filename: string }> | null;
  const names = attachments instanceof Map ? [...attachments.keys()] : Object.keys(attachments ?? {});
  expect(names).toEqual(["factur-x.xml"]);
  const raw = Buffer.from(pdf).toString("latin1");
  const tree = (await (await proxy.getPage(1)).getStructTree()) as StructNode | null;
  return { doc, pdf, text: fold(text), pages: totalPages, xml: embeddedFile(pdf, raw), raw, roles: roles(tree) };
}

/** The one embedded file stream of the PDF (/Type /EmbeddedFile), inflated. */
function embeddedFile(pdf: Uint8Array, raw: string): string {
  const objects = [...raw.matchAll(/<<\s*\/Type \/EmbeddedFile[\s\S]*?\/Length (\d+)[\s\S]*?>>\s*stream\n/g)];
  expect(objects).toHaveLength(1);
  const match = objects[0] as RegExpMatchArray;
  const start = (match.index ?? 0) + match[0].length;
  const bytes = pdf.subarray(start, start + Number(match[1]));
  const data = /\/Filter \/FlateDecode/.test(match[0]) ? inflateSync(bytes) : Buffer.from(bytes);
  return data.toString("utf8");
}

const decode = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The contents of every element of that name (e.g. "ram:LineTotalAmount"), within another's when given. */
function all(xml: string, element: string, within?: string): string[] {
  const scope = within ? all(xml, within).join("\n") : xml;
  const pattern = new RegExp(`<${element}(?:\\s[^>]*)?>([\\s\\S]*?)</${element}>`, "g");
  return [...scope.matchAll(pattern)].map((match) => (match[1] ?? "").trim());
}
/** The text of the first such element, entities decoded. */
const xmlText = (xml: string, element: string, within?: string) => decode(one(xml, element, within));
function one(xml: string, element: string, within?: string): string {
  const values = all(xml, element, within);
  expect(values.length, `${within ?? ""} ${element}`).toBeGreaterThan(0);
  return values[0] as string;
}
const cents = (value: string) => Math.round(Number(value) * 100);

const samples = {
  standard: standardInvoice,
  intra_eu: intraEuInvoice,
  export: exportInvoice,
  suspension: suspensionInvoice,
  credit_note: creditNote,
  return_credit_note: returnCreditNote,
};
type Sample = keyof typeof samples;
const rendered = {} as Record<Sample, Rendered>;

beforeAll(async () => {
  for (const [name, build] of Object.entries(samples) as Array<[Sample, () => InvoiceDocument]>) rendered[name] = await render(build());
});

afterEach(() => {
  vi.useRealTimers();
});

describe.each(Object.keys(samples) as Sample[])("the PDF of the %s sample", (name) => {
  it("prints the number, the dates and the operation's category", () => {
    const { text, doc } = rendered[name];
    expect(text).toContain(doc.kind === "avoir" ? "AVOIR" : "FACTURE");
    expect(text).toContain(`N° ${doc.number}`);
    expect(text).toContain(`Date d'émission : ${frDate(doc.issued_on)}`);
    expect(text).toContain(`Date de la vente / livraison : ${frDate(doc.sale_on)}`);
    expect(text).toContain(`Date d'échéance : ${frDate(doc.due_on)}`);
    expect(text).toContain("Nature de l'opération : Livraison de biens");
  });

  it("names the seller with its legal form, capital, address, SIREN, SIRET, RCS, VAT number and bank", () => {
    const { text, doc } = rendered[name];
    const seller = doc.seller;
    expect(text).toContain(seller.name);
    expect(text).toContain("SAS au capital de 250 000,00 €");
    expect(text).toContain(`${seller.address.street} ${seller.address.street2} ${seller.address.zipcode} ${seller.address.city}`);
    expect(text).toContain(`SIREN ${seller.siren} — SIRET ${seller.siret}`);
    expect(text).toContain(seller.rcs);
    expect(text).toContain(`N° TVA intracommunautaire : ${seller.vat_number}`);
    expect(text).toContain(`IBAN : ${seller.iban}`);
    expect(text).toContain(`BIC : ${seller.bic}`);
  });

  it("names the buyer with its address, SIREN and VAT number when known", () => {
    const { text, doc } = rendered[name];
    const { buyer } = doc;
    expect(text).toContain(`${buyer.name} ${buyer.address.street} ${buyer.address.zipcode} ${buyer.address.city}`);
    expect(text).toContain(`Code client : ${buyer.ref}`);
    if (buyer.siren) expect(text).toContain(`SIREN : ${buyer.siren}`);
    else expect(text).not.toContain("SIREN : ");
    if (buyer.vat_number) expect(text).toContain(`N° TVA intracommunautaire : ${buyer.vat_number}`);
    if (doc.delivery_address) {
      const address = doc.delivery_address;
      expect(text).toContain(`Adresse de livraison ${address.name} ${address.street} ${address.zipcode} ${address.city}`);
    } else {
      expect(text).not.toContain("Adresse de livraison");
    }
  });

  it("prints each line: reference, designation, quantity, unit price, discount, unit ecotax, total, VAT rate", () => {
    const { text, doc } = rendered[name];
    expect(text).toContain("Référence Désignation Qté P.U. HT Remise Éco-part. unit. HT Total HT TVA");
    for (const line of doc.lines) {
      const cells = [
        line.obj_ref,
        line.is_port ? `${line.title} (frais de port)` : line.title,
        String(line.qty),
        euros(line.unit_list_price),
        line.discount_pct > 0 ? percent(line.discount_pct) : "—",
        line.unit_ecotax > 0 ? euros(line.unit_ecotax) : "—",
        euros(line.line_total_ht),
        percent(line.vat_rate),
      ];
      expect(text).toContain(cells.join(" "));
    }
  });

  it("prints the totals per VAT rate, the VAT, the total with tax and the ecotax they include", () => {
    const { text, doc } = rendered[name];
    for (const entry of doc.vat) {
      expect(text).toContain(
        `${doc.vat_exemption ? "Total HT exonéré de TVA" : `Total HT soumis à TVA ${percent(entry.rate)}`} ${euros(entry.base_ht)}`,
      );
      expect(text).toContain(`TVA ${percent(entry.rate)} ${euros(entry.vat)}`);
    }
    expect(text).toContain(`Total HT ${euros(doc.total_ht)}`);
    expect(text).toContain(`Total TVA ${euros(doc.total_vat)}`);
    expect(text).toContain(`${doc.kind === "avoir" ? "Total TTC de l'avoir" : "Total TTC"} ${euros(doc.total_ttc)}`);
    expect(text).toContain(`Total HT ${euros(doc.total_ht)} dont éco-participation ${euros(doc.total_ecotax)}`);
  });

  it("prints the order references and the payment terms, penalties and the 40 € indemnity", () => {
    const { text, doc } = rendered[name];
    expect(text).toContain(`Votre référence de commande : ${doc.customer_ref}`);
    expect(text).toContain(`Notre commande N° ${doc.order_ref}`);
    expect(text).toContain(`Conditions de paiement : ${doc.payment_terms} — échéance le ${frDate(doc.due_on)}`);
    expect(text).toContain("Escompte : Pas d'escompte pour paiement anticipé.");
    expect(text).toContain("Pénalités de retard : trois fois le taux d'intérêt légal (art. L. 441-10 du code de commerce)");
    expect(text).toContain("Indemnité forfaitaire pour frais de recouvrement de 40 € (art. L. 441-10 et D. 441-5 du code de commerce)");
    expect(text).toContain("Page 1 / 1");
  });

  it("prints the exemption wording of the account, and no other", () => {
    const { text, doc } = rendered[name];
    for (const [regime, wording] of Object.entries(EXEMPTION_WORDING)) {
      if (regime === doc.vat_exemption) expect(text).toContain(fold(wording));
      else expect(text).not.toContain(fold(wording));
    }
  });

  it("embeds a Factur-X EN 16931 XML whose parties and totals are the document's", () => {
    const { xml, doc } = rendered[name];
    expect(one(xml, "ram:ID", "ram:GuidelineSpecifiedDocumentContextParameter")).toBe("urn:cen.eu:en16931:2017");
    expect(one(xml, "ram:ID", "rsm:ExchangedDocument")).toBe(doc.number);
    expect(one(xml, "ram:TypeCode", "rsm:ExchangedDocument")).toBe(doc.kind === "avoir" ? "381" : "380");
    expect(one(xml, "udt:DateTimeString", "ram:IssueDateTime")).toBe(doc.issued_on.replaceAll("-", ""));
    expect(one(xml, "udt:DateTimeString", "ram:DueDateDateTime")).toBe(doc.due_on.replaceAll("-", ""));
    expect(one(xml, "udt:DateTimeString", "ram:ActualDeliverySupplyChainEvent")).toBe(doc.sale_on.replaceAll("-", ""));

    const seller = one(xml, "ram:SellerTradeParty");
    expect(xmlText(seller, "ram:Name")).toBe(doc.seller.name);
    expect(seller).toContain(`<ram:ID schemeID="0002">${doc.seller.siren}</ram:ID>`);
    expect(seller).toContain(`<ram:ID schemeID="VA">${doc.seller.vat_number}</ram:ID>`);
    expect(seller).toContain(`<ram:GlobalID schemeID="0009">${doc.seller.siret}</ram:GlobalID>`);
    expect(fold(xmlText(seller, "ram:Description"))).toBe(`SAS au capital de 250 000,00 € — ${doc.seller.rcs}`);
    const buyer = one(xml, "ram:BuyerTradeParty");
    expect(xmlText(buyer, "ram:Name")).toBe(doc.buyer.name);
    if (doc.buyer.siren) expect(buyer).toContain(`<ram:ID schemeID="0002">${doc.buyer.siren}</ram:ID>`);
    if (doc.buyer.vat_number) expect(buyer).toContain(`<ram:ID schemeID="VA">${doc.buyer.vat_number}</ram:ID>`);
    expect(one(xml, "ram:CountryID", "ram:BuyerTradeParty")).toBe(doc.buyer.address.country);
    expect(xmlText(xml, "ram:IssuerAssignedID", "ram:BuyerOrderReferencedDocument")).toBe(doc.customer_ref);
    expect(one(xml, "ram:IssuerAssignedID", "ram:SellerOrderReferencedDocument")).toBe(doc.order_ref);

    const totals = one(xml, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    expect(one(totals, "ram:LineTotalAmount")).toBe(decimal(doc.total_ht));
    expect(one(totals, "ram:TaxBasisTotalAmount")).toBe(decimal(doc.total_ht));
    expect(one(totals, "ram:TaxTotalAmount")).toBe(decimal(doc.total_vat));
    expect(one(totals, "ram:GrandTotalAmount")).toBe(decimal(doc.total_ttc));
    expect(one(totals, "ram:DuePayableAmount")).toBe(decimal(doc.total_ttc));
    expect(fold(xmlText(xml, "ram:Description", "ram:SpecifiedTradePaymentTerms"))).toContain(
      "Indemnité forfaitaire pour frais de recouvrement de 40 €",
    );
  });

  it("keeps the EN 16931 calculation rules in the XML (BR-CO-10, 13, 14, 15, line amounts, VAT categories)", () => {
    const { xml, doc } = rendered[name];
    const lines = all(xml, "ram:IncludedSupplyChainTradeLineItem");
    expect(lines).toHaveLength(doc.lines.length);
    let sum = 0;
    for (const line of lines) {
      const total = cents(one(line, "ram:LineTotalAmount"));
      const quantity = Number(one(line, "ram:BilledQuantity"));
      const price = cents(one(line, "ram:ChargeAmount", "ram:NetPriceProductTradePrice"));
      const adjustments = all(line, "ram:SpecifiedTradeAllowanceCharge").reduce((net, charge) => {
        const value = cents(one(charge, "ram:ActualAmount"));
        return one(charge, "udt:Indicator") === "true" ? net + value : net - value;
      }, 0);
      expect(quantity * price + adjustments).toBe(total);
      sum += total;
    }
    const totals = one(xml, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    expect(cents(one(totals, "ram:LineTotalAmount"))).toBe(sum);
    expect(cents(one(totals, "ram:TaxBasisTotalAmount"))).toBe(sum);
    const breakdown = all(xml, "ram:ApplicableTradeTax", "ram:ApplicableHeaderTradeSettlement");
    expect(breakdown).toHaveLength(doc.vat.length);
    expect(breakdown.reduce((total, tax) => total + cents(one(tax, "ram:CalculatedAmount")), 0)).toBe(
      cents(one(totals, "ram:TaxTotalAmount")),
    );
    expect(breakdown.reduce((total, tax) => total + cents(one(tax, "ram:BasisAmount")), 0)).toBe(sum);
    expect(cents(one(totals, "ram:GrandTotalAmount"))).toBe(sum + cents(one(totals, "ram:TaxTotalAmount")));

    const expected = { null: "S", intra_eu: "K", export: "G", suspension: "E" }[String(doc.vat_exemption) as "null"];
    for (const tax of breakdown) {
      expect(one(tax, "ram:CategoryCode")).toBe(expected);
      if (doc.vat_exemption) {
        expect(cents(one(tax, "ram:CalculatedAmount"))).toBe(0);
        expect(xmlText(tax, "ram:ExemptionReason")).toBe(EXEMPTION_WORDING[doc.vat_exemption]);
      }
    }
    for (const line of lines) expect(one(line, "ram:CategoryCode")).toBe(expected);
    if (doc.vat_exemption === "intra_eu") {
      expect(all(xml, "ram:ExemptionReasonCode", "ram:ApplicableHeaderTradeSettlement")).toEqual(["VATEX-EU-IC"]);
      // BR-IC-11/12: the delivery date and the country goods went to.
      expect(one(xml, "ram:CountryID", "ram:ShipToTradeParty")).toBe("BE");
    }
    if (doc.vat_exemption === "export")
      expect(all(xml, "ram:ExemptionReasonCode", "ram:ApplicableHeaderTradeSettlement")).toEqual(["VATEX-EU-G"]);
  });

  it("is a tagged PDF/A-3 Factur-X: XMP identification, Factur-X extension schema, the XML attached as Alternative, embedded fonts", () => {
    const { raw } = rendered[name];
    expect(raw.startsWith("%PDF-1.7")).toBe(true);
    expect(raw).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(raw).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(raw).toContain("<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>");
    expect(raw).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(raw).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(raw).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(raw).toMatch(/\/AFRelationship \/Alternative\s+\/F \(factur-x\.xml\)/);
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain("/Subtype /text#2Fxml");
    expect(raw).toContain("/OutputIntents");
    // Fonts embedded (PDF/A): no standard font left unembedded.
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toContain("/BaseFont /Helvetica");
    // Tagged: a structure tree read back in reading order, the language, tables with header cells.
    const { roles: tags } = rendered[name];
    expect(tags.slice(0, 3)).toEqual(["Root", "Document", "H1"]);
    for (const role of ["H2", "P", "Table", "TR", "TH", "TD"]) expect(tags).toContain(role);
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toContain("/Lang (fr-FR)");
    expect(raw).toContain("/S /Table");
    expect(raw).toContain("/S /TH");
  });
});

describe("the credit note", () => {
  it("is titled AVOIR and names the invoice it corrects and why", () => {
    const { text, xml, doc } = rendered.credit_note;
    expect(text).toContain("AVOIR");
    expect(text).not.toContain("FACTURE");
    expect(text).toContain(`Avoir sur la facture N° FA-2026-000123 du 24/11/2026`);
    expect(text).toContain(`Motif : ${doc.credits?.reason}`);
    expect(one(xml, "ram:IssuerAssignedID", "ram:InvoiceReferencedDocument")).toBe("FA-2026-000123");
  });
});

describe("a return's credit note", () => {
  it("prints the restocking fee as one negative line per VAT rate, and the totals less it", () => {
    const { text, doc } = rendered.return_credit_note;
    const fees = doc.lines.filter((line) => line.obj_ref === "FRAIS-RETOUR");
    expect(fees.map((line) => line.vat_rate)).toEqual([20, 5.5]);
    for (const fee of fees) {
      expect(fee.line_total_ht).toBeLessThan(0);
      expect(text).toContain(`FRAIS-RETOUR Frais de remise en stock 15 % 1 ${euros(fee.unit_price)} — — ${euros(fee.line_total_ht)}`);
    }
    expect(text).toContain("Motif : Retour RET-2026-000003 : Erreur de commande");
    for (const entry of doc.vat) expect(text).toContain(`Total HT soumis à TVA ${percent(entry.rate)} ${euros(entry.base_ht)}`);
    expect(text).toContain(`Total TTC de l'avoir ${euros(doc.total_ttc)}`);
  });

  it("writes the fee in the XML as quantity −1 at a positive net price (BR-27), the line amount negative", () => {
    const { xml, doc } = rendered.return_credit_note;
    const lines = all(xml, "ram:IncludedSupplyChainTradeLineItem").filter((line) => line.includes("FRAIS-RETOUR"));
    const fees = doc.lines.filter((line) => line.obj_ref === "FRAIS-RETOUR");
    expect(lines).toHaveLength(fees.length);
    lines.forEach((line, index) => {
      const fee = fees[index] as (typeof fees)[number];
      expect(one(line, "ram:BilledQuantity")).toBe("-1");
      expect(cents(one(line, "ram:ChargeAmount", "ram:NetPriceProductTradePrice"))).toBe(-fee.unit_price);
      expect(cents(one(line, "ram:LineTotalAmount"))).toBe(fee.line_total_ht);
      expect(one(line, "ram:RateApplicablePercent")).toBe(String(fee.vat_rate));
    });
    for (const price of all(xml, "ram:ChargeAmount", "ram:NetPriceProductTradePrice")) expect(cents(price)).toBeGreaterThanOrEqual(0);
  });
});

describe("a long invoice", () => {
  it("runs on several pages, numbered, with the table header repeated", async () => {
    const long = await render(standardInvoice({ lines: 45 }));
    expect(long.pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= long.pages; page += 1) expect(long.text).toContain(`Page ${page} / ${long.pages}`);
    expect(long.text.split("Référence Désignation Qté").length - 1).toBe(long.pages);
    expect(long.text).toContain(`Facture N° ${long.doc.number} (suite)`);
    for (const line of long.doc.lines) expect(long.text).toContain(`${line.obj_ref} `);
    expect(long.text).toContain(`Total TTC ${euros(long.doc.total_ttc)}`);
    expect(all(long.xml, "ram:IncludedSupplyChainTradeLineItem")).toHaveLength(46);
  });
});

describe("determinism", () => {
  it("gives the same bytes for the same document, whatever the clock says", async () => {
    const doc = intraEuInvoice();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-01T10:00:00Z"));
    const first = await renderInvoicePdf(doc);
    vi.setSystemTime(new Date("2031-07-14T23:59:59Z"));
    const second = await renderInvoicePdf(structuredClone(doc));
    vi.useRealTimers();
    expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
    expect(Buffer.from(first).toString("latin1")).toContain("/CreationDate (D:20261124000000Z)");
    expect(Buffer.compare(Buffer.from(first), Buffer.from(rendered.intra_eu.pdf))).toBe(0);
  });

  it("gives different bytes for a different document", async () => {
    const other = await renderInvoicePdf({ ...intraEuInvoice(), number: "FA-2026-000999" });
    expect(Buffer.compare(Buffer.from(other), Buffer.from(rendered.intra_eu.pdf))).not.toBe(0);
  });
});

// Every sample above was checked by the library on its way into the PDF (renderInvoicePdf
// builds the XML through it and fails without it).
describe("EN 16931 validation by @e-invoice-eu/core", () => {
  it("refuses data that breaks the standard, and then renders no PDF", async () => {
    const broken: InvoiceDocument = {
      ...standardInvoice(),
      buyer: { ...standardInvoice().buyer, address: { ...standardInvoice().buyer.address, country: "XX" } },
    };
    await expect(facturXml(broken)).rejects.toBeInstanceOf(FacturXValidationError);
    await expect(facturXml(broken)).rejects.toThrow(/IdentificationCode/);
    await expect(renderInvoicePdf(broken)).rejects.toBeInstanceOf(FacturXValidationError);
  });
});
