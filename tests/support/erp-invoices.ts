import PDFDocument from "pdfkit";
import type { ErpInvoiceLine } from "@shared/contracts/erp-invoices";

/**
 * What an ERP posts to POST /api/erp/invoices (docs/integration.md « Factures émises par
 * l'ERP »): a small real PDF, and a body whose totals add up from its lines.
 */

/** A one-page PDF drawn with pdfkit, as an ERP's (not Factur-X: the portal stores it as given). */
export function smallPdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: "A4", info: { Title: text, CreationDate: new Date("2026-11-20T09:00:00Z") } });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
    document.fontSize(14).text(text);
    document.end();
  });
}

export type LineInput = Pick<ErpInvoiceLine, "obj_ref" | "title" | "qty" | "unit_price" | "vat_rate"> &
  Partial<Pick<ErpInvoiceLine, "unit_ecotax" | "is_port" | "unit_list_price" | "discount_pct">>;

/** Lines of two rates (20 % with ecotax and a shipping line, 5.5 %). */
export const TWO_RATES: LineInput[] = [
  {
    obj_ref: "GIL-PLA-150",
    title: "Gilet autogonflant Pilot 150 N",
    qty: 2,
    unit_list_price: 12990,
    unit_price: 10000,
    unit_ecotax: 50,
    vat_rate: 20,
  },
  { obj_ref: "PORT", title: "Frais de port", qty: 1, unit_price: 1500, vat_rate: 20, is_port: true },
  { obj_ref: "LIV-NAV-01", title: "Guide de navigation côtière", qty: 1, unit_price: 2000, vat_rate: 5.5 },
];

/** The totals of these lines as the contract wants them: bases per rate, VAT rounded per rate. */
export function totalsOf(lines: LineInput[]) {
  const bases = new Map<number, number>();
  for (const line of lines) {
    bases.set(line.vat_rate, (bases.get(line.vat_rate) ?? 0) + line.qty * (line.unit_price + (line.unit_ecotax ?? 0)));
  }
  const vat = [...bases].map(([rate, base_ht]) => ({ rate, base_ht, vat: Math.round((base_ht * rate) / 100) }));
  const total_ht = vat.reduce((sum, entry) => sum + entry.base_ht, 0);
  const total_vat = vat.reduce((sum, entry) => sum + entry.vat, 0);
  const total_ecotax = lines.reduce((sum, line) => sum + line.qty * (line.unit_ecotax ?? 0), 0);
  return { total_ht, total_ecotax, total_vat, total_ttc: total_ht + total_vat, vat };
}

export interface ErpBodyInput {
  number: string;
  kind?: "facture" | "avoir";
  ordRef: string;
  orgRef?: string;
  creditsNumber?: string;
  issuedOn: string;
  dueOn: string;
  lines?: LineInput[];
  pdf: Buffer;
}

export function erpBody(input: ErpBodyInput) {
  const lines = input.lines ?? TWO_RATES;
  return {
    number: input.number,
    kind: input.kind ?? "facture",
    ord_ref: input.ordRef,
    org_ref: input.orgRef ?? "C0001",
    ...(input.creditsNumber ? { credits_number: input.creditsNumber, reason: "Retour d'un gilet" } : {}),
    issued_on: input.issuedOn,
    due_on: input.dueOn,
    lines,
    ...totalsOf(lines),
    pdf: input.pdf.toString("base64"),
  };
}
