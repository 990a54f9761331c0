import { sql, type Kysely, type Transaction } from "kysely";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import { RETURN_REASON_LABELS } from "@shared/contracts/returns";
import { formatPercent } from "@shared/domain/french-format";
import { normalizeReference } from "@shared/domain/index";
import { allocateCredit, type CreditableInvoice } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { ApiFailure, type ApiIssue } from "../http/errors";
import { issueCreditNote } from "../invoices/issue";
import { takeStep, type LockedReturn, type StepInput } from "./lifecycle";
import { readReturnSettings } from "./settings";

/**
 * A received return credited (docs/returns.md, decision 0204). With INVOICES_ISSUED_BY=portal the
 * portal issues the credit notes: the received units spread over the order's invoices, the latest
 * first (allocateCredit), one credit note per invoice touched through the credit-note path
 * (issueCreditNote: the invoiced prices, ecotax and VAT), less the restocking fee as one negative
 * line per VAT rate. With INVOICES_ISSUED_BY=erp the ERP filed its own credit notes already
 * (POST /api/erp/invoices) and names them: they are linked to the return. Either way the credit
 * notes carry the return's id, and the fee applied is kept on the return.
 */

/** The restocking fee a credit note deducts, with the title of its lines; none at 0 %. */
export function restockingFee(pct: number): { percent: number; label: string } | undefined {
  return pct > 0 ? { percent: pct, label: `Frais de remise en stock ${formatPercent(pct)}` } : undefined;
}

export interface CreditInput extends StepInput {
  /** Another fee than the reason's, in percent (a gesture). */
  feePct?: number;
  /** The ERP's credit notes (erp mode only). */
  creditNotes?: readonly string[];
  issuedBy: InvoicesIssuedBy;
}

export interface Credited {
  locked: LockedReturn;
  /** The credit notes the portal issued (their PDFs are drawn after the commit); none in erp mode. */
  issued: number[];
}

const invalidCredit = (issues: ApiIssue[]) =>
  new ApiFailure(422, "invalid_credit", issues.map((issue) => issue.message).join(" "), { issues });

/**
 * The order's invoices, locked, the latest first, with what remains creditable per reference:
 * invoiced less what their credit notes took back. Shipping lines are no product: never returned.
 */
async function creditableInvoices(trx: Transaction<Database>, orderId: number): Promise<CreditableInvoice[]> {
  const invoices = await trx
    .selectFrom("invoices")
    .select(["id", "number"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "facture")
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .forUpdate()
    .execute();
  if (invoices.length === 0) return [];
  const ids = invoices.map((invoice) => invoice.id);
  const [invoiced, credited] = await Promise.all([
    trx
      .selectFrom("invoice_lines")
      .select(["invoice_id", "obj_ref", sql<number>`sum(qty)::int`.as("qty")])
      .where("invoice_id", "in", ids)
      .where("is_port", "=", false)
      .groupBy(["invoice_id", "obj_ref"])
      .execute(),
    trx
      .selectFrom("invoice_lines as l")
      .innerJoin("invoices as c", "c.id", "l.invoice_id")
      .select(["c.credits_id", "l.obj_ref", sql<number>`sum(l.qty)::int`.as("qty")])
      .where("c.credits_id", "in", ids)
      .groupBy(["c.credits_id", "l.obj_ref"])
      .execute(),
  ]);
  const taken = new Map(credited.map((row) => [`${row.credits_id}|${normalizeReference(row.obj_ref)}`, Number(row.qty)]));
  return invoices.map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    lines: invoiced
      .filter((line) => line.invoice_id === invoice.id)
      .map((line) => ({
        obj_ref: line.obj_ref,
        creditable: Number(line.qty) - (taken.get(`${invoice.id}|${normalizeReference(line.obj_ref)}`) ?? 0),
      })),
  }));
}

/** The portal's credit notes for the received units, one per invoice touched. */
async function issueCreditNotes(
  trx: Transaction<Database>,
  locked: LockedReturn,
  at: Date,
  author: string,
  pct: number,
): Promise<number[]> {
  const received = await trx
    .selectFrom("return_lines")
    .select(["obj_ref", "received"])
    .where("return_id", "=", locked.id)
    .where("received", ">", 0)
    .orderBy("position")
    .execute();
  const { allocations, unallocated } = allocateCredit(
    received.map((line) => ({ obj_ref: line.obj_ref, qty: line.received ?? 0 })),
    await creditableInvoices(trx, locked.order_id),
  );
  if (unallocated.length > 0) {
    throw new ApiFailure(
      409,
      "nothing_to_credit",
      `Le retour ${locked.number} ne peut pas être crédité : ${unallocated.map((line) => `${line.obj_ref} × ${line.qty}`).join(", ")} ne figure sur aucune facture de la commande restant à créditer.`,
    );
  }
  const reason = `Retour ${locked.number} : ${RETURN_REASON_LABELS[locked.reason]}`;
  const fee = restockingFee(pct);
  const issued: number[] = [];
  for (const allocation of allocations) {
    const note = await issueCreditNote(trx, {
      number: allocation.number,
      reason,
      lines: allocation.lines,
      at,
      author,
      returnId: locked.id,
      fee,
    });
    issued.push(note.id);
  }
  return issued;
}

/** The ERP's credit notes named by the call: each an ERP's, of the return's organization and order, not another return's. */
async function linkErpCreditNotes(trx: Transaction<Database>, locked: LockedReturn, numbers: readonly string[]): Promise<void> {
  const rows = await trx
    .selectFrom("invoices")
    .select(["id", "number", "kind", "issued_by", "org_id", "order_id", "return_id"])
    .where("number", "in", [...numbers])
    .forUpdate()
    .execute();
  const issues: ApiIssue[] = [];
  const seen = new Set<string>();
  numbers.forEach((number, index) => {
    const path = `credit_notes.${index}`;
    const row = rows.find((candidate) => candidate.number === number);
    if (seen.has(number)) issues.push({ path, message: `${number} est indiqué deux fois.` });
    else if (!row) issues.push({ path, message: `Avoir ${number} introuvable : envoyez-le d'abord par POST /api/erp/invoices.` });
    else if (row.kind !== "avoir" || row.issued_by !== "erp")
      issues.push({ path, message: `${number} n'est pas un avoir émis par votre ERP.` });
    else if (row.org_id !== locked.org_id || row.order_id !== locked.order_id)
      issues.push({ path, message: `L'avoir ${number} ne porte pas sur la commande de ce retour.` });
    else if (row.return_id !== null && row.return_id !== locked.id)
      issues.push({ path, message: `L'avoir ${number} règle déjà un autre retour.` });
    seen.add(number);
  });
  if (issues.length > 0) throw invalidCredit(issues);
  const unlinked = rows.filter((row) => row.return_id === null).map((row) => row.id);
  if (unlinked.length > 0) await trx.updateTable("invoices").set({ return_id: locked.id }).where("id", "in", unlinked).execute();
}

export async function creditReturn(db: Kysely<Database>, input: CreditInput): Promise<Credited> {
  let issued: number[] = [];
  const locked = await takeStep(db, "credited", input, async (trx, locked, at) => {
    const pct = input.feePct ?? (await readReturnSettings(trx)).restocking_fee_pct[locked.reason];
    if (input.issuedBy === "erp") {
      if (!input.creditNotes || input.creditNotes.length === 0) {
        throw invalidCredit([
          { path: "credit_notes", message: "Votre ERP émet les avoirs (INVOICES_ISSUED_BY=erp) : indiquez ceux qui règlent ce retour." },
        ]);
      }
      await linkErpCreditNotes(trx, locked, input.creditNotes);
    } else {
      if (input.creditNotes && input.creditNotes.length > 0) {
        throw invalidCredit([
          {
            path: "credit_notes",
            message: "Sur ce portail, le portail émet les avoirs des retours (INVOICES_ISSUED_BY=portal) : n'en indiquez pas.",
          },
        ]);
      }
      issued = await issueCreditNotes(trx, locked, at, input.author, pct);
    }
    return { columns: { restocking_fee_pct: pct } };
  });
  return { locked, issued };
}
