import { sql, type Kysely, type Transaction } from "kysely";
import { NOT_RETURNABLE_LABELS, type CreateReturnRequest, type ReturnSettings } from "@shared/contracts/returns";
import { formatDate, parisDate } from "@shared/domain/index";
import { returnDeadline, returnNumberOf, returnWindowOpen } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { ApiFailure, notFound, type ApiIssue } from "../http/errors";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { deliveredOn, orderEligibility, type LineEligibility, type OrderEligibility } from "./eligibility";
import { checkPhotos, storePhotos, type CheckedPhoto } from "./photos";
import { readReturnSettings } from "./settings";
import { loadReturnById } from "./view";

/**
 * A customer's return request (docs/returns.md, decision 0203), all or nothing in one
 * transaction: the order row is locked first, so two requests for the same order run one after
 * the other and the second sees the units the first took; every line is checked against what
 * was delivered less what the order's returns already hold; the photos by their content. The
 * number is given at once (RET-YYYY-NNNNNN), the prices frozen from the order line, the
 * `requested` step and the `return.requested` event written with it.
 */

export interface NewReturn {
  orgId: number;
  /** Whom the request is recorded under (the contributor after login-as). */
  author: { id: number; name: string };
  request: CreateReturnRequest;
  now: Date;
}

/** One refusal speaks for itself; several are listed under a general message. */
const refusal = (issues: ApiIssue[]): ApiFailure => {
  const message = issues.length === 1 && issues[0] ? issues[0].message : "La demande de retour ne peut pas être enregistrée.";
  return new ApiFailure(422, "invalid_return", message, { issues });
};

/** The lines' refusals: unknown or repeated positions, products that may not come back, too many units. */
function lineIssues(order: OrderEligibility, request: CreateReturnRequest): ApiIssue[] {
  const issues: ApiIssue[] = [];
  const lines = new Map(order.lines.map((line) => [line.position, line]));
  const seen = new Set<number>();
  request.lines.forEach((asked, index) => {
    const line = lines.get(asked.position);
    if (!line) {
      issues.push({ path: `lines.${index}.position`, message: `La commande ${order.ref} n'a pas de ligne livrée n° ${asked.position}.` });
    } else if (seen.has(asked.position)) {
      issues.push({ path: `lines.${index}.position`, message: `La ligne ${line.obj_ref} est demandée deux fois.` });
    } else if (line.not_returnable) {
      issues.push({ path: `lines.${index}.qty`, message: `${line.obj_ref} : ${NOT_RETURNABLE_LABELS[line.not_returnable]}` });
    } else if (asked.qty > line.returnable) {
      issues.push({ path: `lines.${index}.qty`, message: tooMany(line) });
    }
    seen.add(asked.position);
  });
  return issues;
}

function tooMany(line: LineEligibility): string {
  return `Au plus ${line.returnable} à retourner pour ${line.obj_ref} (livré ${line.delivered}, déjà en retour ${line.in_returns}).`;
}

/** The reason's rules: the photos it needs, the comment « Autre motif » needs. */
function reasonIssues(request: CreateReturnRequest, settings: ReturnSettings): ApiIssue[] {
  const issues: ApiIssue[] = [];
  if (request.photos.length === 0 && settings.photo_required_reasons.includes(request.reason)) {
    issues.push({ path: "photos", message: "Joignez au moins une photo pour ce motif." });
  }
  if (request.reason === "other" && request.comment === "") {
    issues.push({ path: "comment", message: "Précisez le motif du retour dans le commentaire." });
  }
  return issues;
}

function windowClosed(ref: string, delivered: string, settings: ReturnSettings): ApiFailure {
  const deadline = returnDeadline(delivered, settings.window_days);
  const message = `Le délai de retour de la commande ${ref} est dépassé : les retours étaient possibles jusqu'au ${formatDate(deadline)} (${settings.window_days} jours après la livraison).`;
  return new ApiFailure(422, "return_window_closed", message, { issues: [{ path: "order_id", message }] });
}

/** The year's next number (RET-2026-000012), taken in the request's transaction like the invoices'. */
async function takeNumber(trx: Transaction<Database>, year: number): Promise<string> {
  const row = await trx
    .insertInto("return_sequences")
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last: sql<number>`return_sequences.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return returnNumberOf(year, row.last);
}

/** The order row, locked until the transaction ends: one request at a time per order. */
async function lockOrder(trx: Transaction<Database>, orgId: number, orderId: number): Promise<void> {
  const row = await trx
    .selectFrom("orders")
    .select("id")
    .where("id", "=", orderId)
    .where("org_id", "=", orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
}

async function insertReturn(
  trx: Transaction<Database>,
  input: NewReturn,
  order: OrderEligibility,
  photos: readonly CheckedPhoto[],
): Promise<{ id: number; number: string }> {
  const { request, now } = input;
  const number = await takeNumber(trx, Number(parisDate(now).slice(0, 4)));
  const { id } = await trx
    .insertInto("returns")
    .values({
      number,
      org_id: input.orgId,
      order_id: order.id,
      reason: request.reason,
      resolution: request.resolution,
      comment: request.comment,
      refusal: null,
      restocking_fee_pct: null,
      requested_at: now,
      requested_by: input.author.id,
      requested_by_name: input.author.name,
      updated_at: now,
      exchange_carrier: null,
      exchange_tracking_number: null,
      exchange_tracking_url: null,
      exchange_shipped_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lines = new Map(order.lines.map((line) => [line.position, line]));
  await trx
    .insertInto("return_lines")
    .values(
      request.lines.map((asked) => {
        const line = lines.get(asked.position);
        if (!line) throw new Error(`line ${asked.position} checked but missing`);
        return {
          return_id: id,
          order_id: order.id,
          position: line.position,
          obj_ref: line.obj_ref,
          title: line.title,
          customer_code: line.customer_code,
          qty: asked.qty,
          received: null,
          unit_price: line.unit_price,
          unit_ecotax: line.unit_ecotax,
        };
      }),
    )
    .execute();
  await storePhotos(trx, id, photos, now);
  await trx
    .insertInto("return_events")
    .values({ return_id: id, at: now, kind: "requested", author: input.author.name, note: null })
    .execute();
  return { id, number };
}

/** Records the request; returns the new return's id. Refusals are French 404/422 that change nothing. */
export async function createReturn(db: Kysely<Database>, input: NewReturn): Promise<number> {
  const { request, now } = input;
  // The photos are decoded and checked before anything is locked.
  const checked = checkPhotos(request.photos);
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx, input.orgId, request.order_id);
    const order = await orderEligibility(trx, input.orgId, request.order_id);
    if (!order) throw notFound();
    const settings = await readReturnSettings(trx);
    const delivered = deliveredOn(order);
    if (!returnWindowOpen(delivered, settings.window_days, parisDate(now))) throw windowClosed(order.ref, delivered, settings);
    const issues = [...lineIssues(order, request), ...checked.issues, ...reasonIssues(request, settings)];
    if (issues.length > 0) throw refusal(issues);
    const created = await insertReturn(trx, input, order, checked.photos);
    await recordOutboxEvent(trx, {
      type: "return.requested",
      stream: `return:${created.number}`,
      orgId: input.orgId,
      at: now,
      data: { customer: await eventCustomerOf(trx, input.orgId), return: await loadReturnById(trx, created.id, { prices: true }) },
    });
    return created.id;
  });
}
