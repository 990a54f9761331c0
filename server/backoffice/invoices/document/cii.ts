import { InvoiceService, type Invoice, type Logger } from "@e-invoice-eu/core";
import type { InvoiceLine } from "@shared/contracts/invoices";
import { legalFormWording } from "../../documents/letterhead";
import {
  BUSINESS_PROCESS,
  EXEMPTION_CATEGORY,
  EXEMPTION_WORDING,
  VAT_ON_DEBITS_WORDING,
  latePenaltyWording,
  operationCategoryWording,
  recoveryIndemnityWording,
  vatOnDebitsApplies,
} from "./mentions";
import type { PostalAddress } from "../../documents/parties";
import type { InvoiceDocument } from "./model";
import { formatNumericDate, formatPercent } from "@shared/domain/french-format";

/**
 * The EN 16931 invoice in UN/CEFACT CII syntax (the XML embedded as factur-x.xml), built by
 * @e-invoice-eu/core from its UBL-shaped input: the library checks that input against its
 * EN 16931 JSON schema (cardinalities, code lists, formats, required business terms) and throws
 * when it does not conform, so no invalid XML is ever embedded
 * (docs/decisions/0109-invoice-pdf-and-factur-x.md).
 *
 * Each line: the item net price (BT-146) is the list price; the discount is a line allowance
 * (BG-27, reason code 95) and the ecotax a line charge (BG-28, reason code AEO « collection and
 * recycling ») of quantity × unit ecotax, so that the line net amount (BT-131) is the printed
 * « Total HT », which includes the ecotax, and the document totals add up (BR-CO-10).
 */

type UblInvoice = Invoice["ubl:Invoice"];
type UblLine = UblInvoice["cac:InvoiceLine"][number];
type CurrencyCode = NonNullable<UblInvoice["cbc:DocumentCurrencyCode"]>;

/** What the library found wrong in the invoice data (EN 16931 schema), in its own words. */
export class FacturXValidationError extends Error {
  constructor(readonly details: string) {
    super(`Factur-X : données de facture non conformes EN 16931 — ${details}`);
    this.name = "FacturXValidationError";
  }
}

/** The library logs what it rejects; keep it for the error instead of printing it. */
class CollectingLogger implements Logger {
  readonly messages: string[] = [];
  log(message: string): void {
    this.messages.push(message);
  }
  warn(message: string): void {
    this.messages.push(message);
  }
  error(message: string): void {
    this.messages.push(message);
  }
}

/** Cents → « 1234.56 » (the XML decimal form). */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

function percent(rate: number): string {
  return String(Number(rate.toFixed(2)));
}

function ublAddress(address: PostalAddress) {
  return {
    "cbc:StreetName": address.street,
    ...(address.street2 ? { "cbc:AdditionalStreetName": address.street2 } : {}),
    "cbc:CityName": address.city,
    "cbc:PostalZone": address.zipcode,
    "cac:Country": { "cbc:IdentificationCode": address.country.toUpperCase() as "FR" },
  };
}

/** The VAT category of a rate on this document: S for a taxed rate, else the exemption's. */
function category(
  doc: InvoiceDocument,
  rate: number,
): { code: "S" | "Z" | "K" | "G" | "E"; reason_code: string | null; reason: string | null } {
  if (doc.vat_exemption) {
    const exemption = EXEMPTION_CATEGORY[doc.vat_exemption];
    return { ...exemption, reason: EXEMPTION_WORDING[doc.vat_exemption] };
  }
  return { code: rate > 0 ? "S" : "Z", reason_code: null, reason: null };
}

/** The payment terms text (BT-20): terms, early payment, late penalties, recovery indemnity. */
export function paymentTermsText(doc: InvoiceDocument): string {
  return [
    `${doc.payment_terms}, échéance le ${formatNumericDate(doc.due_on)}.`,
    doc.early_payment_discount,
    `${latePenaltyWording(doc.late_penalty_rate)}.`,
    `${recoveryIndemnityWording(doc.recovery_indemnity)}.`,
  ].join(" ");
}

/**
 * The quantity and item net price (BT-129, BT-146) of a line. A deduction printed at a negative
 * unit price (a return's restocking fee on its credit note, decision 0204) is written as a
 * negative quantity at the positive price: EN 16931 forbids a negative item net price (BR-27),
 * not a negative quantity, and the line net amount stays the same.
 */
function quantityAndPrice(line: InvoiceLine): { qty: number; price: number } {
  return line.unit_list_price < 0 ? { qty: -line.qty, price: -line.unit_list_price } : { qty: line.qty, price: line.unit_list_price };
}

function ublLine(doc: InvoiceDocument, line: InvoiceLine, currency: CurrencyCode): UblLine {
  const vat = category(doc, line.vat_rate);
  const ecotax = line.qty * line.unit_ecotax;
  const { qty, price } = quantityAndPrice(line);
  // The discount as a line allowance on the list price: the library maps a price discount
  // (BT-147/148) onto the net price element of CII, which would overwrite BT-146 with the gross
  // price (docs/decisions/0109-invoice-pdf-and-factur-x.md). Line net = qty × list price − discount + ecotax.
  const discount = qty * price + ecotax - line.line_total_ht;
  const allowanceCharges: NonNullable<UblLine["cac:AllowanceCharge"]> = [];
  if (discount > 0) {
    allowanceCharges.push({
      "cbc:ChargeIndicator": "false",
      "cbc:AllowanceChargeReasonCode": "95",
      "cbc:AllowanceChargeReason": `Remise ${formatPercent(line.discount_pct)}`,
      "cbc:Amount": amount(discount),
      "cbc:Amount@currencyID": currency,
    });
  }
  if (ecotax > 0) {
    allowanceCharges.push({
      "cbc:ChargeIndicator": "true",
      "cbc:AllowanceChargeReasonCode": "AEO",
      "cbc:AllowanceChargeReason": "Éco-participation",
      "cbc:Amount": amount(ecotax),
      "cbc:Amount@currencyID": currency,
    });
  }
  return {
    "cbc:ID": String(line.position),
    "cbc:InvoicedQuantity": String(qty),
    "cbc:InvoicedQuantity@unitCode": "C62",
    "cbc:LineExtensionAmount": amount(line.line_total_ht),
    "cbc:LineExtensionAmount@currencyID": currency,
    ...(allowanceCharges.length > 0 ? { "cac:AllowanceCharge": allowanceCharges } : {}),
    "cac:Item": {
      "cbc:Name": line.title,
      ...(line.obj_ref ? { "cac:SellersItemIdentification": { "cbc:ID": line.obj_ref } } : {}),
      "cac:ClassifiedTaxCategory": { "cbc:ID": vat.code, "cbc:Percent": percent(line.vat_rate), "cac:TaxScheme": { "cbc:ID": "VAT" } },
    },
    "cac:Price": { "cbc:PriceAmount": amount(price), "cbc:PriceAmount@currencyID": currency },
  };
}

/** The library's input: EN 16931 business terms in UBL vocabulary. */
export function ublInvoice(doc: InvoiceDocument): Invoice {
  const currency = doc.currency;
  const seller = doc.seller;
  const buyer = doc.buyer;
  const deliveredTo = doc.delivery_address ?? buyer.address;
  const notes = [
    [legalFormWording(doc.seller), seller.rcs, seller.siret ? `SIRET ${seller.siret}` : ""].filter(Boolean).join(" — "),
    ...(doc.kind === "avoir" && doc.credits
      ? [`Avoir sur la facture ${doc.credits.number} du ${formatNumericDate(doc.credits.issued_on)} — motif : ${doc.credits.reason}`]
      : []),
    ...(doc.vat_exemption ? [EXEMPTION_WORDING[doc.vat_exemption]] : []),
    // The category of the operation has no business term of its own: a note, besides BT-23.
    operationCategoryWording(doc.operation_category),
    ...(vatOnDebitsApplies(doc) ? [VAT_ON_DEBITS_WORDING] : []),
  ];
  const invoice: UblInvoice = {
    "cbc:CustomizationID": "urn:cen.eu:en16931:2017",
    // French e-invoicing « cadre de facturation » (BT-23): B1 goods, S1 services, M1 both.
    "cbc:ProfileID": BUSINESS_PROCESS[doc.operation_category],
    "cbc:ID": doc.number,
    "cbc:IssueDate": doc.issued_on,
    "cbc:DueDate": doc.due_on,
    "cbc:InvoiceTypeCode": doc.kind === "avoir" ? "381" : "380",
    "cbc:Note": notes,
    "cbc:DocumentCurrencyCode": currency,
    ...(doc.customer_ref || doc.order_ref
      ? {
          "cac:OrderReference": {
            ...(doc.customer_ref ? { "cbc:ID": doc.customer_ref } : {}),
            ...(doc.order_ref ? { "cbc:SalesOrderID": doc.order_ref } : {}),
          },
        }
      : {}),
    ...(doc.kind === "avoir" && doc.credits
      ? {
          "cac:BillingReference": [
            { "cac:InvoiceDocumentReference": { "cbc:ID": doc.credits.number, "cbc:IssueDate": doc.credits.issued_on } },
          ],
        }
      : {}),
    "cac:AccountingSupplierParty": {
      "cac:Party": {
        ...(seller.email ? { "cbc:EndpointID": seller.email, "cbc:EndpointID@schemeID": "EM" as const } : {}),
        ...(seller.siret ? { "cac:PartyIdentification": [{ "cbc:ID": seller.siret, "cbc:ID@schemeID": "0009" as const }] } : {}),
        "cac:PartyName": { "cbc:Name": seller.name },
        "cac:PostalAddress": ublAddress(seller.address),
        ...(seller.vat_number
          ? {
              "cac:PartyTaxScheme": [{ "cbc:CompanyID": seller.vat_number, "cac:TaxScheme": { "cbc:ID": "VAT" } }] as [
                { "cbc:CompanyID": string; "cac:TaxScheme": { "cbc:ID": string } },
              ],
            }
          : {}),
        "cac:PartyLegalEntity": {
          "cbc:RegistrationName": seller.name,
          ...(seller.siren ? { "cbc:CompanyID": seller.siren, "cbc:CompanyID@schemeID": "0002" as const } : {}),
          "cbc:CompanyLegalForm": [legalFormWording(doc.seller), seller.rcs].filter(Boolean).join(" — "),
        },
        ...(seller.phone || seller.email
          ? {
              "cac:Contact": {
                ...(seller.phone ? { "cbc:Telephone": seller.phone } : {}),
                ...(seller.email ? { "cbc:ElectronicMail": seller.email } : {}),
              },
            }
          : {}),
      },
    },
    "cac:AccountingCustomerParty": {
      "cac:Party": {
        ...(buyer.ref ? { "cac:PartyIdentification": { "cbc:ID": buyer.ref } } : {}),
        "cac:PostalAddress": ublAddress(buyer.address),
        ...(buyer.vat_number ? { "cac:PartyTaxScheme": { "cbc:CompanyID": buyer.vat_number, "cac:TaxScheme": { "cbc:ID": "VAT" } } } : {}),
        "cac:PartyLegalEntity": {
          "cbc:RegistrationName": buyer.name,
          ...(buyer.siren ? { "cbc:CompanyID": buyer.siren, "cbc:CompanyID@schemeID": "0002" as const } : {}),
        },
      },
    },
    "cac:Delivery": {
      "cbc:ActualDeliveryDate": doc.sale_on,
      "cac:DeliveryLocation": { "cac:Address": ublAddress(deliveredTo) },
      "cac:DeliveryParty": { "cac:PartyName": { "cbc:Name": deliveredTo.name } },
    },
    "cac:PaymentMeans": [
      {
        "cbc:PaymentMeansCode": "58",
        "cbc:PaymentMeansCode@name": "Virement SEPA",
        "cbc:PaymentID": doc.number,
        ...(seller.iban
          ? {
              "cac:PayeeFinancialAccount": {
                "cbc:ID": seller.iban.replace(/\s+/g, ""),
                "cbc:Name": seller.name,
                ...(seller.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": seller.bic } } : {}),
              },
            }
          : {}),
      },
    ],
    "cac:PaymentTerms": { "cbc:Note": paymentTermsText(doc) },
    "cac:TaxTotal": [
      {
        "cbc:TaxAmount": amount(doc.total_vat),
        "cbc:TaxAmount@currencyID": currency,
        "cac:TaxSubtotal": doc.vat.map((entry) => {
          const vat = category(doc, entry.rate);
          return {
            "cbc:TaxableAmount": amount(entry.base_ht),
            "cbc:TaxableAmount@currencyID": currency,
            "cbc:TaxAmount": amount(entry.vat),
            "cbc:TaxAmount@currencyID": currency,
            "cac:TaxCategory": {
              "cbc:ID": vat.code,
              "cbc:Percent": percent(entry.rate),
              ...(vat.reason_code ? { "cbc:TaxExemptionReasonCode": vat.reason_code } : {}),
              ...(vat.reason ? { "cbc:TaxExemptionReason": vat.reason } : {}),
              "cac:TaxScheme": { "cbc:ID": "VAT" },
            },
          };
        }),
      },
    ],
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": amount(doc.total_ht),
      "cbc:LineExtensionAmount@currencyID": currency,
      "cbc:TaxExclusiveAmount": amount(doc.total_ht),
      "cbc:TaxExclusiveAmount@currencyID": currency,
      "cbc:TaxInclusiveAmount": amount(doc.total_ttc),
      "cbc:TaxInclusiveAmount@currencyID": currency,
      "cbc:PayableAmount": amount(doc.total_ttc),
      "cbc:PayableAmount@currencyID": currency,
    },
    "cac:InvoiceLine": doc.lines.map((line) => ublLine(doc, line, currency)) as UblInvoice["cac:InvoiceLine"],
  };
  return { "ubl:Invoice": invoice };
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The invoice a credit note corrects (BG-3, BT-25/BT-26). The library validates it in its input
 * (cac:BillingReference) but its CII mapping looks for the number one level too high and drops
 * it (@e-invoice-eu/core 2.3.4), so it is written here, where the CII schema puts it: after the
 * monetary summation of the header settlement.
 */
function withPrecedingInvoice(xml: string, doc: InvoiceDocument): string {
  if (doc.kind !== "avoir" || !doc.credits || xml.includes("<ram:InvoiceReferencedDocument>")) return xml;
  const reference = [
    "<ram:InvoiceReferencedDocument>",
    `<ram:IssuerAssignedID>${xmlEscape(doc.credits.number)}</ram:IssuerAssignedID>`,
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${doc.credits.issued_on.replaceAll("-", "")}</qdt:DateTimeString></ram:FormattedIssueDateTime>`,
    "</ram:InvoiceReferencedDocument>",
  ].join("");
  const anchor = "</ram:SpecifiedTradeSettlementHeaderMonetarySummation>";
  if (!xml.includes(anchor)) throw new FacturXValidationError("XML CII sans récapitulatif des montants");
  return xml.replace(anchor, `${anchor}\n\t\t\t${reference}`);
}

/**
 * The seller's SIRET (BT-29, scheme 0009) and its legal form, capital and RCS (BT-33). The
 * library validates both in its input but writes neither: its CII mapping reads the
 * identifier from a single object where its schema wants an array, and the legal information
 * from `cbc:LegalForm` where its schema names it `cbc:CompanyLegalForm`. Written here in CII
 * order (GlobalID before Name, Description after it), only when absent.
 */
function withSellerIdentifiers(xml: string, doc: InvoiceDocument): string {
  const open = "<ram:SellerTradeParty>";
  const start = xml.indexOf(open);
  const end = xml.indexOf("</ram:SellerTradeParty>", start);
  if (start < 0 || end < 0) throw new FacturXValidationError("XML CII sans vendeur");
  let party = xml.slice(start, end);
  const legal = [legalFormWording(doc.seller), doc.seller.rcs].filter(Boolean).join(" — ");
  if (!party.includes("<ram:Description>") && legal)
    party = party.replace(/<\/ram:Name>/, `$&<ram:Description>${xmlEscape(legal)}</ram:Description>`);
  if (!party.includes("<ram:GlobalID") && doc.seller.siret)
    party = party.replace(open, `${open}<ram:GlobalID schemeID="0009">${xmlEscape(doc.seller.siret)}</ram:GlobalID>`);
  return xml.slice(0, start) + party + xml.slice(end);
}

let service: { invoices: InvoiceService; logger: CollectingLogger } | null = null;

/**
 * The CII XML of the document, checked by the library against its EN 16931 schema (throws a
 * FacturXValidationError with the library's findings when the data does not conform).
 */
export async function facturXml(doc: InvoiceDocument): Promise<string> {
  service ??= (() => {
    const logger = new CollectingLogger();
    return { invoices: new InvoiceService(logger), logger };
  })();
  const { invoices, logger } = service;
  logger.messages.length = 0;
  try {
    const xml = await invoices.generate(ublInvoice(doc), { format: "CII", lang: "fr-fr", noWarnings: true });
    if (typeof xml !== "string") throw new FacturXValidationError("la bibliothèque n'a pas rendu de XML");
    return withPrecedingInvoice(withSellerIdentifiers(xml, doc), doc);
  } catch (error) {
    if (error instanceof FacturXValidationError) throw error;
    const details = logger.messages.join("\n") || (error instanceof Error ? error.message : String(error));
    throw new FacturXValidationError(details);
  }
}
