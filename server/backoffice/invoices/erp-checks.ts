import { createHash } from "node:crypto";
import { ERP_PDF_MAX_BYTES, type ErpInvoiceLine, type ErpInvoiceRequest } from "@shared/contracts/erp-invoices";
import { parisDate } from "@shared/domain/index";
import { formatEuros } from "@shared/domain/french-format";

/**
 * What the back-office checks of an ERP's document before filing it (docs/backoffice-api.md,
 * « Factures émises par l'ERP »): its amounts add up, its dates hold, its PDF is one. Pure
 * functions: each returns the issues found (path and French message), none when it is right.
 */

export interface Issue {
  path: string;
  message: string;
}

/** The ERP's clock may be a few minutes ahead of this server's (as for the order steps). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A line's total before tax, ecotax included (decision 0161). */
export const erpLineTotal = (line: Pick<ErpInvoiceLine, "qty" | "unit_price" | "unit_ecotax">): number =>
  line.qty * (line.unit_price + line.unit_ecotax);

/** Rates compared in hundredths of a percent: 5.5 and 5.50 are the same rate. */
const rateKey = (rate: number) => Math.round(rate * 100);
const percentText = (rate: number) => `${String(rate).replace(".", ",")} %`;

/**
 * The amounts: each rate's base is exactly the sum of its lines' totals, its VAT within a cent
 * of base × rate, every line's rate has its entry; total_ht, total_vat, total_ttc and
 * total_ecotax are the sums they claim to be.
 */
export function amountIssues(request: ErpInvoiceRequest): Issue[] {
  const issues: Issue[] = [];
  const linesByRate = new Map<number, { total: number; first: number }>();
  request.lines.forEach((line, index) => {
    const key = rateKey(line.vat_rate);
    const entry = linesByRate.get(key);
    if (entry) entry.total += erpLineTotal(line);
    else linesByRate.set(key, { total: erpLineTotal(line), first: index });
  });
  const seen = new Set<number>();
  request.vat.forEach((entry, index) => {
    const key = rateKey(entry.rate);
    const rate = percentText(entry.rate);
    if (seen.has(key)) {
      issues.push({ path: `vat.${index}.rate`, message: `Le taux ${rate} figure deux fois dans vat.` });
      return;
    }
    seen.add(key);
    const lines = linesByRate.get(key)?.total ?? 0;
    if (entry.base_ht !== lines) {
      issues.push({
        path: `vat.${index}.base_ht`,
        message: `La base à ${rate} doit être la somme de ses lignes, écotaxe comprise : ${formatEuros(lines)}, et non ${formatEuros(entry.base_ht)}.`,
      });
    }
    const expected = (entry.base_ht * entry.rate) / 100;
    if (Math.abs(entry.vat - expected) > 1) {
      issues.push({
        path: `vat.${index}.vat`,
        message: `La TVA à ${rate} sur ${formatEuros(entry.base_ht)} vaut ${formatEuros(Math.round(expected))} (à un centime près), et non ${formatEuros(entry.vat)}.`,
      });
    }
  });
  for (const [key, { first }] of linesByRate) {
    if (!seen.has(key)) {
      const rate = request.lines[first]?.vat_rate ?? key / 100;
      issues.push({ path: `lines.${first}.vat_rate`, message: `Le taux ${percentText(rate)} de cette ligne n'a pas sa base dans vat.` });
    }
  }
  const sumHt = request.vat.reduce((sum, entry) => sum + entry.base_ht, 0);
  const sumVat = request.vat.reduce((sum, entry) => sum + entry.vat, 0);
  const ecotax = request.lines.reduce((sum, line) => sum + line.qty * line.unit_ecotax, 0);
  const total = (path: string, label: string, expected: number, sent: number) => {
    if (sent !== expected) issues.push({ path, message: `${label} vaut ${formatEuros(expected)}, et non ${formatEuros(sent)}.` });
  };
  total("total_ht", "Le total HT (somme des bases de TVA, écotaxe comprise)", sumHt, request.total_ht);
  total("total_vat", "Le total de TVA (somme de la TVA par taux)", sumVat, request.total_vat);
  total("total_ttc", "Le total TTC (total HT + TVA)", request.total_ht + request.total_vat, request.total_ttc);
  total("total_ecotax", "Le total d'écotaxe (quantité × écotaxe unitaire)", ecotax, request.total_ecotax);
  return issues;
}

/** The dates: not after today in France (give or take the ERP's clock), due on or after the issue. */
export function dateIssues(request: ErpInvoiceRequest, now: Date): Issue[] {
  const latest = parisDate(new Date(now.getTime() + CLOCK_SKEW_MS));
  const issues: Issue[] = [];
  if (request.issued_on > latest) issues.push({ path: "issued_on", message: `La date d'émission ${request.issued_on} est dans le futur.` });
  if (request.sale_on && request.sale_on > latest) {
    issues.push({ path: "sale_on", message: `La date de vente ${request.sale_on} est dans le futur.` });
  }
  if (request.due_on < request.issued_on) {
    issues.push({ path: "due_on", message: `L'échéance (${request.due_on}) précède la date d'émission (${request.issued_on}).` });
  }
  return issues;
}

export interface ErpPdf {
  bytes: Buffer;
  sha256: string;
}

/** The PDF as sent: base64 decoded, at most 5 MB, starting with « %PDF- ». */
export function decodePdf(base64: string): { pdf: ErpPdf; issues: Issue[] } {
  const bytes = Buffer.from(base64, "base64");
  const issues: Issue[] = [];
  if (bytes.length > ERP_PDF_MAX_BYTES) issues.push({ path: "pdf", message: "Le PDF dépasse 5 Mo." });
  else if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
    issues.push({ path: "pdf", message: "Ce fichier n'est pas un PDF (il doit commencer par « %PDF- »)." });
  }
  return { pdf: { bytes, sha256: createHash("sha256").update(bytes).digest("hex") }, issues };
}
