import { sql, type Kysely } from "kysely";
import type { PaymentRequest } from "@shared/contracts/invoices";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { unknownInvoice } from "./issue";
import { formatEuros } from "@shared/domain/french-format";

export interface PaymentInput {
  number: string;
  request: PaymentRequest;
  author: string;
  now: Date;
}

const refused = (message: string, path: string) => new ApiFailure(422, "invalid_payment", message, { issues: [{ path, message }] });

/** The invoice of this number, locked until the transaction ends (payments, platform statuses); 404 otherwise. */
export async function lockInvoiceByNumber(trx: Kysely<Database>, number: string) {
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "kind", "number", "issued_on", "total_ttc"])
    .where("number", "=", number)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) throw unknownInvoice(number);
  return invoice;
}

/** What is still owed on (or, for a credit note, left to use of) a locked invoice. */
export async function remainingOn(trx: Kysely<Database>, invoice: { id: number; total_ttc: number }): Promise<number> {
  const { paid } = await trx
    .selectFrom("invoice_payments")
    .select(sql<number>`coalesce(sum(amount), 0)`.as("paid"))
    .where("invoice_id", "=", invoice.id)
    .executeTakeFirstOrThrow();
  return invoice.total_ttc - Number(paid);
}

/**
 * Records a payment received on an invoice, or the use of a credit note (docs/invoices.md):
 * with the invoice locked, never more than what remains, never dated in the future nor before
 * the invoice. Payments are only ever added: the invoice itself does not change.
 */
export async function recordPayment(db: Kysely<Database>, input: PaymentInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invoice = await lockInvoiceByNumber(trx, input.number);
    const { amount, paid_on: paidOn } = input.request;
    if (paidOn > parisDate(input.now)) throw refused("La date de paiement est dans le futur.", "paid_on");
    if (paidOn < invoice.issued_on)
      throw refused(`La date de paiement précède la date de la facture ${invoice.number} (${invoice.issued_on}).`, "paid_on");
    const remaining = await remainingOn(trx, invoice);
    if (remaining <= 0) {
      throw refused(
        invoice.kind === "avoir"
          ? `L'avoir ${invoice.number} est déjà entièrement imputé.`
          : `La facture ${invoice.number} est déjà entièrement payée.`,
        "amount",
      );
    }
    if (amount > remaining) {
      const what =
        invoice.kind === "avoir" ? `le reste à imputer de l'avoir ${invoice.number}` : `le reste dû de la facture ${invoice.number}`;
      throw refused(`Le montant de ${formatEuros(amount)} dépasse ${what} (${formatEuros(remaining)}).`, "amount");
    }
    await trx
      .insertInto("invoice_payments")
      .values({
        invoice_id: invoice.id,
        paid_on: paidOn,
        amount,
        method: input.request.method,
        reference: input.request.reference ?? null,
        recorded_at: input.now,
        author: input.author,
      })
      .execute();
  });
}
