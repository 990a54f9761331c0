import { sql, type Kysely, type Transaction } from "kysely";
import type { QuoteActor, QuoteCreateRequest, QuoteSide } from "@shared/contracts/quotes";
import { parisDate } from "@shared/domain/index";
import { quoteNumberOf } from "@shared/domain/quotes";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { storeAttachment, type CheckedFile } from "./attachments";
import { recordQuoteEvent } from "./workflow";
import { recordQuoteOutboxEvent } from "./outbox";

/**
 * Asking for a quote (docs/quotes.md): the number is taken from the year's sequence row in the
 * creating transaction, which holds it locked until the end, so concurrent requests queue there
 * and a rollback gives the number back: DV-YYYY-NNNNNN without gap, as invoices are numbered.
 */

export async function takeQuoteNumber(trx: Transaction<Database>, year: number): Promise<{ number: string; sequence: number }> {
  const row = await trx
    .insertInto("quote_number_sequences")
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last: sql<number>`quote_number_sequences.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return { number: quoteNumberOf(year, row.last), sequence: row.last };
}

/** A message of the thread, with its file; returns its id. */
export async function addMessage(
  trx: Transaction<Database>,
  input: { quoId: number; actor: QuoteActor & { usr_id: number }; body: string; file: CheckedFile | null; at: Date },
): Promise<number> {
  const { id } = await trx
    .insertInto("quote_messages")
    .values({
      quo_id: input.quoId,
      at: input.at,
      author_id: input.actor.usr_id,
      author_name: input.actor.name,
      side: input.actor.side as QuoteSide,
      body: input.body,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (input.file)
    await storeAttachment(trx, { quoId: input.quoId, messageId: id, file: input.file, userId: input.actor.usr_id, at: input.at });
  await trx.updateTable("quotes").set({ updated_at: input.at }).where("id", "=", input.quoId).execute();
  return id;
}

interface AskedProduct {
  id: number;
  ref: string;
  title: string;
}

/** The catalogue products named by the request: each must exist and not be a shipping product. */
async function askedProducts(db: Kysely<Database>, request: QuoteCreateRequest): Promise<Map<number, AskedProduct>> {
  const ids = [...new Set(request.lines.flatMap((line) => (line.obj_id === undefined ? [] : [line.obj_id])))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("products").select(["id", "ref", "title"]).where("id", "in", ids).where("is_port", "=", false).execute();
  const found = new Map(rows.map((row) => [row.id, row]));
  const issues = request.lines.flatMap((line, index) =>
    line.obj_id !== undefined && !found.has(line.obj_id)
      ? [{ path: `lines.${index}.obj_id`, message: "Produit inconnu du catalogue." }]
      : [],
  );
  if (issues.length > 0) throw new ApiFailure(400, "unknown_product", "Un produit demandé n'existe pas dans le catalogue.", { issues });
  return found;
}

export interface NewQuote {
  orgId: number;
  actor: QuoteActor & { usr_id: number };
  request: QuoteCreateRequest;
  file: CheckedFile | null;
  now: Date;
}

/** Creates the quote « demandé » with its lines, first message and file; returns its id. */
export async function createQuote(db: Kysely<Database>, input: NewQuote): Promise<number> {
  const products = await askedProducts(db, input.request);
  const at = input.now;
  return db.transaction().execute(async (trx) => {
    const { number, sequence } = await takeQuoteNumber(trx, Number(parisDate(at).slice(0, 4)));
    const message = input.request.message;
    const { id } = await trx
      .insertInto("quotes")
      .values({
        number,
        year: Number(number.slice(3, 7)),
        sequence,
        org_id: input.orgId,
        customer_ref: input.request.customer_ref,
        state: "demandé",
        requested_by: input.actor.usr_id,
        requested_by_name: input.actor.name,
        wished_date: input.request.wished_date ?? null,
        message,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("quote_lines")
      .values(
        input.request.lines.map((line, index) => {
          const product = line.obj_id === undefined ? undefined : products.get(line.obj_id);
          return {
            quo_id: id,
            position: index + 1,
            product_id: product?.id ?? null,
            obj_ref: product?.ref ?? null,
            title: product?.title ?? line.text ?? "",
            qty: line.qty,
          };
        }),
      )
      .execute();
    await recordQuoteEvent(trx, id, { kind: "requested", state: "demandé", actor: input.actor, at });
    // The request's words open the thread; its file belongs to the request itself.
    if (message.length > 0) await addMessage(trx, { quoId: id, actor: input.actor, body: message, file: null, at });
    if (input.file) await storeAttachment(trx, { quoId: id, messageId: null, file: input.file, userId: input.actor.usr_id, at });
    await recordQuoteOutboxEvent(trx, id, "quote.requested", at);
    return id;
  });
}
