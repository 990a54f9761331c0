import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import {
  BUSINESS_PROCESS,
  VAT_ON_DEBITS_WORDING,
  operationCategory,
  operationCategoryWording,
  vatOnDebitsApplies,
} from "../../../server/backoffice/invoices/document/mentions";
import { facturXml, renderInvoicePdf } from "../../../server/backoffice/invoices/document/index";
import type { InvoiceDocument } from "../../../server/backoffice/invoices/document/model";
import { exportInvoice, standardInvoice, SELLER } from "./invoice-document-fixtures";

/**
 * The reform's mentions (decision 0186): the category of the operation decided from the lines
 * (shipping follows the goods), the option for VAT on debits on services only, and where the
 * Factur-X XML carries them (BT-23, a note), with the buyer's SIREN (BT-47, scheme 0002) and
 * the delivery place (BG-15) — the XML still validated by @e-invoice-eu/core.
 */

const goods = { is_port: false };
const service = { is_port: false, is_service: true };
const shipping = { is_port: true };

/** The standard sample with its first line (or all) made services, the seller opted for VAT on debits. */
function servicesInvoice(which: "all" | "first", optedIn = true): InvoiceDocument {
  const base = standardInvoice({ lines: 3 });
  const lines = base.lines.map((line, index) => ({ ...line, is_service: which === "all" || index === 0 }));
  return {
    ...base,
    seller: { ...SELLER, vat_on_debits: optedIn },
    lines,
    operation_category: operationCategory(lines),
  };
}

const normalized = (xml: string) => xml.replace(/\s+/g, " ");

describe("the category of the operation", () => {
  it("is goods for goods, services for services, mixed for both; shipping follows the goods and never mixes", () => {
    expect(operationCategory([goods, goods, shipping])).toBe("Livraison de biens");
    expect(operationCategory([service, service])).toBe("Prestation de services");
    expect(operationCategory([service, shipping])).toBe("Prestation de services");
    expect(operationCategory([goods, service, shipping])).toBe("Mixte");
    expect(operationCategory([shipping])).toBe("Livraison de biens");
    expect(operationCategory([])).toBe("Livraison de biens");
    expect(operationCategoryWording("Mixte")).toBe("Nature de l'opération : Mixte");
    expect(BUSINESS_PROCESS).toEqual({ "Livraison de biens": "B1", "Prestation de services": "S1", Mixte: "M1" });
  });
});

describe("the option for VAT on debits", () => {
  it("applies only when the seller opted, the document carries services and charges VAT", () => {
    const opted = { ...SELLER, vat_on_debits: true };
    expect(vatOnDebitsApplies({ seller: opted, operation_category: "Prestation de services", total_vat: 2000 })).toBe(true);
    expect(vatOnDebitsApplies({ seller: opted, operation_category: "Mixte", total_vat: 2000 })).toBe(true);
    expect(vatOnDebitsApplies({ seller: opted, operation_category: "Livraison de biens", total_vat: 2000 })).toBe(false);
    expect(vatOnDebitsApplies({ seller: opted, operation_category: "Prestation de services", total_vat: 0 })).toBe(false);
    expect(vatOnDebitsApplies({ seller: SELLER, operation_category: "Prestation de services", total_vat: 2000 })).toBe(false);
    expect(vatOnDebitsApplies({ seller: { ...SELLER, vat_on_debits: false }, operation_category: "Mixte", total_vat: 2000 })).toBe(false);
  });
});

describe("the Factur-X XML", () => {
  it("carries goods as B1 with the category's note, the buyer's SIREN under scheme 0002 and the delivery place", async () => {
    const doc = standardInvoice();
    const xml = normalized(await facturXml(doc));
    expect(xml).toContain("<ram:BusinessProcessSpecifiedDocumentContextParameter> <ram:ID>B1</ram:ID>");
    expect(xml).toContain("Nature de l'opération : Livraison de biens");
    expect(xml).not.toContain(VAT_ON_DEBITS_WORDING);
    const buyer = xml.slice(xml.indexOf("<ram:BuyerTradeParty>"), xml.indexOf("</ram:BuyerTradeParty>"));
    expect(buyer).toMatch(/<ram:SpecifiedLegalOrganization> <ram:ID schemeID="0002">398765432<\/ram:ID>/);
    const shipTo = xml.slice(xml.indexOf("<ram:ShipToTradeParty>"), xml.indexOf("</ram:ShipToTradeParty>"));
    expect(shipTo).toContain("ZI de la Lande, rue Ampère");
    expect(shipTo).toContain("<ram:PostcodeCode>44470</ram:PostcodeCode>");
  });

  it("carries services as S1 and mixed as M1, with the option for VAT on debits when the seller opted", async () => {
    const services = normalized(await facturXml(servicesInvoice("all")));
    expect(services).toContain("<ram:ID>S1</ram:ID>");
    expect(services).toContain("Nature de l'opération : Prestation de services");
    expect(services).toContain(VAT_ON_DEBITS_WORDING);
    const mixed = normalized(await facturXml(servicesInvoice("first", false)));
    expect(mixed).toContain("<ram:ID>M1</ram:ID>");
    expect(mixed).toContain("Nature de l'opération : Mixte");
    expect(mixed).not.toContain(VAT_ON_DEBITS_WORDING);
  });

  it("carries no VAT-on-debits option on an exempt export, even of services", async () => {
    const base = exportInvoice({ lines: 2 });
    const lines = base.lines.map((line) => ({ ...line, is_service: true }));
    const doc = { ...base, lines, operation_category: operationCategory(lines), seller: { ...SELLER, vat_on_debits: true } };
    expect(normalized(await facturXml(doc))).not.toContain(VAT_ON_DEBITS_WORDING);
  });
});

describe("the PDF", () => {
  it("prints the category of the operation and, on services when opted, the option for VAT on debits", async () => {
    const textOf = async (doc: InvoiceDocument) =>
      (await extractText(await getDocumentProxy(await renderInvoicePdf(doc)), { mergePages: true })).text.replace(
        /[\s\u00a0\u202f]+/g,
        " ",
      );
    const services = await textOf(servicesInvoice("all"));
    expect(services).toContain("Nature de l'opération : Prestation de services");
    expect(services).toContain(VAT_ON_DEBITS_WORDING);
    const goodsText = await textOf({ ...standardInvoice(), seller: { ...SELLER, vat_on_debits: true } });
    expect(goodsText).toContain("Nature de l'opération : Livraison de biens");
    expect(goodsText).not.toContain(VAT_ON_DEBITS_WORDING);
  });
});
