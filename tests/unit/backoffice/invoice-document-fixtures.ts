import type { InvoiceLine, VatBreakdown } from "@shared/contracts/invoices";
import { applyPercentOff, vatOn } from "@shared/domain/money";
import { restockingFees } from "@shared/domain/returns";
import type { BuyerParty, PostalAddress, SellerParty } from "../../../server/backoffice/documents/parties";
import type { InvoiceDocument, VatExemption } from "../../../server/backoffice/invoices/document/model";

/**
 * Sample InvoiceDocuments for the PDF and Factur-X tests and the benchmark: a standard French
 * account, an intra-EU (Belgian) one, an export (Martinique) one, one in VAT suspension, and a
 * credit note. Amounts are computed as the back-office computes them (integer cents, discount
 * then ecotax per unit, VAT rounded once per rate), so every total adds up.
 */

export const SELLER: SellerParty = {
  name: "Distribution Atlantique",
  legal_form: "SAS",
  share_capital: 25_000_000,
  address: {
    name: "Distribution Atlantique",
    street: "12 rue des Forges",
    street2: "ZA de Kerpont",
    zipcode: "56100",
    city: "Lorient",
    country: "FR",
  },
  siren: "812345678",
  siret: "81234567800012",
  rcs: "RCS Lorient 812 345 678",
  vat_number: "FR32812345678",
  iban: "FR76 3000 4000 0312 3456 7890 143",
  bic: "BNPAFRPPXXX",
  email: "facturation@distribution-atlantique.fr",
  phone: "02 97 00 00 00",
};

interface LineSpec {
  ref: string;
  title: string;
  qty: number;
  list: number;
  discount?: number;
  ecotax?: number;
  port?: boolean;
}

const CATALOGUE: LineSpec[] = [
  {
    ref: "CHA-4410",
    title: "Chaise de bureau ergonomique, dossier résille, accoudoirs réglables",
    qty: 4,
    list: 18_990,
    discount: 12,
    ecotax: 150,
  },
  { ref: "BUR-1600", title: "Bureau droit 160 × 80 cm, piétement métal", qty: 2, list: 32_500, discount: 12, ecotax: 400 },
  { ref: "LAM-0021", title: "Lampe LED articulée", qty: 10, list: 2_450, ecotax: 10 },
  { ref: "PAP-A4-80", title: "Ramette papier A4 80 g (500 feuilles)", qty: 50, list: 459, discount: 5 },
  { ref: "CAS-1200", title: "Caisson mobile 3 tiroirs, serrure", qty: 3, list: 14_900, discount: 8, ecotax: 200 },
];

function line(spec: LineSpec, position: number, vatRate: number): InvoiceLine {
  const unitPrice = applyPercentOff(spec.list, spec.discount ?? 0);
  const ecotax = spec.ecotax ?? 0;
  return {
    position,
    obj_ref: spec.ref,
    title: spec.title,
    qty: spec.qty,
    unit_list_price: spec.list,
    discount_pct: spec.discount ?? 0,
    unit_price: unitPrice,
    unit_ecotax: ecotax,
    line_total_ht: spec.qty * (unitPrice + ecotax),
    vat_rate: vatRate,
    is_port: spec.port ?? false,
  };
}

/** `count` product lines taken round the catalogue, then a shipping line. */
function lines(count: number, vatRate: number): InvoiceLine[] {
  const result: InvoiceLine[] = [];
  for (let index = 0; index < count; index += 1) {
    const spec = CATALOGUE[index % CATALOGUE.length] as LineSpec;
    const round = Math.floor(index / CATALOGUE.length);
    result.push(line(round === 0 ? spec : { ...spec, ref: `${spec.ref}-${round}`, qty: spec.qty + round }, index + 1, vatRate));
  }
  result.push(line({ ref: "PORT", title: "Frais de port", qty: 1, list: 2_500, port: true }, count + 1, vatRate));
  return result;
}

function totals(items: InvoiceLine[]): Pick<InvoiceDocument, "vat" | "total_ecotax" | "total_ht" | "total_vat" | "total_ttc"> {
  const byRate = new Map<number, number>();
  for (const item of items) byRate.set(item.vat_rate, (byRate.get(item.vat_rate) ?? 0) + item.line_total_ht);
  const vat: VatBreakdown[] = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base_ht: base, vat: vatOn(base, rate / 100) }));
  const totalHt = vat.reduce((sum, entry) => sum + entry.base_ht, 0);
  const totalVat = vat.reduce((sum, entry) => sum + entry.vat, 0);
  return {
    vat,
    total_ecotax: items.reduce((sum, item) => sum + item.qty * item.unit_ecotax, 0),
    total_ht: totalHt,
    total_vat: totalVat,
    total_ttc: totalHt + totalVat,
  };
}

function buyer(ref: string, name: string, address: Omit<PostalAddress, "name">, siren: string | null, vat: string | null): BuyerParty {
  return { ref, name, address: { name, ...address }, siren, vat_number: vat };
}

interface Options {
  lines?: number;
  number?: string;
}

function invoice(buyerParty: BuyerParty, exemption: VatExemption, options: Options, extra: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const items = lines(options.lines ?? 5, exemption ? 0 : 20);
  return {
    kind: "facture",
    number: options.number ?? "FA-2026-000123",
    issued_on: "2026-11-24",
    sale_on: "2026-11-23",
    due_on: "2027-01-31",
    payment_terms: "45 jours fin de mois",
    operation_category: "Livraison de biens",
    credits: null,
    seller: SELLER,
    buyer: buyerParty,
    delivery_address: null,
    order_ref: "CMD-2026-004512",
    customer_ref: "BC-7781/ACHATS",
    lines: items,
    ...totals(items),
    vat_exemption: exemption,
    currency: "EUR",
    early_payment_discount: "Pas d'escompte pour paiement anticipé.",
    late_penalty_rate: "trois fois le taux d'intérêt légal",
    recovery_indemnity: 4000,
    ...extra,
  };
}

/** A standard French account (20 % VAT), delivered to a site other than its head office. */
export function standardInvoice(options: Options = {}): InvoiceDocument {
  return invoice(
    buyer(
      "C00042",
      "Bureautique de l'Ouest",
      { street: "8 avenue de la Libération", street2: null, zipcode: "44000", city: "Nantes", country: "FR" },
      "398765432",
      "FR45398765432",
    ),
    null,
    options,
    {
      delivery_address: {
        name: "Bureautique de l'Ouest — entrepôt",
        street: "ZI de la Lande, rue Ampère",
        street2: null,
        zipcode: "44470",
        city: "Carquefou",
        country: "FR",
      },
    },
  );
}

/** A Belgian account: an exempt intra-community delivery (Ventes CEE). */
export function intraEuInvoice(options: Options = {}): InvoiceDocument {
  return invoice(
    buyer(
      "C00077",
      "Kantoor Vlaanderen BV",
      { street: "Meir 24", street2: null, zipcode: "2000", city: "Antwerpen", country: "BE" },
      null,
      "BE0456789123",
    ),
    "intra_eu",
    { number: "FA-2026-000124", ...options },
  );
}

/** A Martinique account: an export outside the EU VAT territory (Ventes export). */
export function exportInvoice(options: Options = {}): InvoiceDocument {
  return invoice(
    buyer(
      "C00091",
      "Caraïbes Bureau SARL",
      { street: "15 rue Victor Hugo", street2: null, zipcode: "97200", city: "Fort-de-France", country: "MQ" },
      "512345678",
      null,
    ),
    "export",
    { number: "FA-2026-000125", ...options },
  );
}

/** An exporter buying under VAT suspension (Ventes en suspension de taxe, art. 275 CGI). */
export function suspensionInvoice(options: Options = {}): InvoiceDocument {
  return invoice(
    buyer(
      "C00103",
      "Export Mobilier International",
      { street: "3 quai de la Fosse", street2: null, zipcode: "44000", city: "Nantes", country: "FR" },
      "423456789",
      "FR12423456789",
    ),
    "suspension",
    { number: "FA-2026-000126", ...options },
  );
}

/** A credit note for two chairs returned from the standard invoice. */
export function creditNote(): InvoiceDocument {
  const chair = CATALOGUE[0] as LineSpec;
  const items = [line({ ...chair, qty: 2 }, 1, 20)];
  return {
    ...standardInvoice(),
    kind: "avoir",
    number: "AV-2026-000007",
    issued_on: "2026-11-30",
    due_on: "2026-11-30",
    credits: { number: "FA-2026-000123", issued_on: "2026-11-24", reason: "Retour de 2 chaises endommagées au transport" },
    lines: items,
    ...totals(items),
  };
}

/**
 * A return's credit note (decision 0204): chairs at 20 % and paper at 5,5 % taken back, less a
 * 15 % restocking fee written as one negative line per VAT rate; the ecotax is refunded whole.
 */
export function returnCreditNote(): InvoiceDocument {
  const chair = CATALOGUE[0] as LineSpec;
  const paper = CATALOGUE[3] as LineSpec;
  const products = [line({ ...chair, qty: 2 }, 1, 20), line({ ...paper, qty: 10 }, 2, 5.5)];
  const fees = restockingFees(
    products.map((item) => ({ vat_rate: item.vat_rate, net_ht: item.qty * item.unit_price })),
    15,
  ).map((entry, index): InvoiceLine => ({
    position: products.length + index + 1,
    obj_ref: "FRAIS-RETOUR",
    title: "Frais de remise en stock 15 %",
    qty: 1,
    unit_list_price: -entry.fee,
    discount_pct: 0,
    unit_price: -entry.fee,
    unit_ecotax: 0,
    line_total_ht: -entry.fee,
    vat_rate: entry.vat_rate,
    is_port: false,
  }));
  const items = [...products, ...fees];
  return {
    ...creditNote(),
    number: "AV-2026-000008",
    credits: { number: "FA-2026-000123", issued_on: "2026-11-24", reason: "Retour RET-2026-000003 : Erreur de commande" },
    lines: items,
    ...totals(items),
  };
}
