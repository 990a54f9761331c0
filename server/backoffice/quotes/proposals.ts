import { formatDate } from "@shared/domain/french-format";
import type { QuoteProposalRequest } from "@shared/contracts/quotes";
import { latestValidity } from "@shared/domain/quotes";
import { ApiFailure } from "../http/errors";
import { addMessage } from "./create";
import type { MoveContext } from "./workflow";
import { recordQuoteEvent } from "./workflow";
import type { QuoteCaller } from "./access";

/**
 * A proposal, or the revision of the one in force (docs/quotes.md): a new version with its
 * lines, the older ones kept. Each line is an orderable catalogue product (an alternative when
 * it differs from the product asked on the line it answers), at an integer price in cents
 * between 1 and 10,000,000, valid from today to one year ahead (France).
 */

const invalid = (message: string, path: string) => new ApiFailure(400, "invalid_proposal", message, { issues: [{ path, message }] });

/** The checks that need no database: the validity's bounds and one line per product. */
export function assertProposalShape(request: QuoteProposalRequest, today: string): void {
  if (request.valid_until < today)
    throw invalid("La date de validité est passée : choisissez aujourd'hui ou une date future.", "valid_until");
  const latest = latestValidity(today);
  if (request.valid_until > latest)
    throw invalid(`La validité d'une proposition ne peut pas dépasser un an (au plus tard le ${formatDate(latest)}).`, "valid_until");
  const seen = new Set<number>();
  request.lines.forEach((line, index) => {
    if (seen.has(line.obj_id))
      throw invalid("Un produit figure deux fois dans la proposition : une ligne par produit.", `lines.${index}.obj_id`);
    seen.add(line.obj_id);
  });
}

/** Writes the proposal in the move's transaction; returns its version and whether it revised one. */
export async function writeProposal(
  { trx, quote, state, now }: MoveContext,
  caller: QuoteCaller,
  request: QuoteProposalRequest,
): Promise<{ version: number; revised: boolean }> {
  const ids = request.lines.map((line) => line.obj_id);
  const [products, asked] = await Promise.all([
    trx
      .selectFrom("products")
      .select(["id", "ref", "title", "ecotaxe"])
      .where("id", "in", ids)
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .execute(),
    trx.selectFrom("quote_lines").select(["position", "product_id"]).where("quo_id", "=", quote.id).execute(),
  ]);
  const productById = new Map(products.map((product) => [product.id, product]));
  const askedByPosition = new Map(asked.map((line) => [line.position, line]));
  const lines = request.lines.map((line, index) => {
    const product = productById.get(line.obj_id);
    if (!product) throw invalid("Ce produit n'existe pas ou ne peut plus être commandé.", `lines.${index}.obj_id`);
    const answers = line.answers_position ?? null;
    const askedLine = answers === null ? undefined : askedByPosition.get(answers);
    if (answers !== null && !askedLine) throw invalid(`La demande n'a pas de ligne ${answers}.`, `lines.${index}.answers_position`);
    return {
      quo_id: quote.id,
      position: index + 1,
      product_id: product.id,
      obj_ref: product.ref,
      title: product.title,
      qty: line.qty,
      unit_price: line.unit_price,
      ecotax: Math.max(0, product.ecotaxe),
      answers_position: answers,
      // A free-text line has no product to differ from: the product proposed is its answer.
      is_alternative: askedLine?.product_id != null && askedLine.product_id !== product.id,
      note: line.note ? line.note : null,
    };
  });
  const version = quote.version + 1;
  const total = lines.reduce((sum, line) => sum + line.qty * line.unit_price, 0);
  await trx
    .insertInto("quote_proposals")
    .values({
      quo_id: quote.id,
      version,
      valid_until: request.valid_until,
      conditions: request.conditions,
      author_id: caller.actor.usr_id,
      author_name: caller.actor.name,
      created_at: now,
      total_ht: total,
    })
    .execute();
  await trx
    .insertInto("quote_proposal_lines")
    .values(lines.map((line) => ({ ...line, version })))
    .execute();
  // A new validity: its reminder is due again.
  await trx
    .updateTable("quotes")
    .set({ version, valid_until: request.valid_until, total_ht: total, reminded_at: null })
    .where("id", "=", quote.id)
    .execute();
  const revised = state === "proposé";
  await recordQuoteEvent(trx, quote.id, {
    kind: revised ? "revised" : "proposed",
    state: "proposé",
    actor: caller.actor,
    at: now,
    note: `Version ${version}, valable jusqu'au ${formatDate(request.valid_until)}.`,
  });
  if (request.message) await addMessage(trx, { quoId: quote.id, actor: caller.actor, body: request.message, file: null, at: now });
  return { version, revised };
}
