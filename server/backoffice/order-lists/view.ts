import { sql, type Kysely } from "kysely";
import type { OrderListDetail, OrderListLine, OrderListSummary } from "@shared/contracts/order-lists";
import { lineUnitPrice } from "@shared/domain/pricing";
import type { Database } from "../db/schema";
import type { CatalogueServiceDeps } from "../http/deps";
import { readModelRows } from "../oms/read-model-rows";
import { codesOf } from "../part-numbers/store";
import { canEdit, type ListActor } from "./access";

/**
 * The lists as the contract shows them (shared/contracts/order-lists.ts): a summary with its
 * counts and what the caller may do, and a list's lines with the product as it is today for
 * the organization (net price with the `prices` right only, stock, own code).
 */

function summaries(db: Kysely<Database>, actor: ListActor) {
  return db
    .selectFrom("order_lists as l")
    .select((eb) => [
      "l.id",
      "l.name",
      "l.shared",
      "l.owner_id",
      "l.owner_name",
      "l.created_at",
      "l.updated_at",
      eb
        .selectFrom("order_list_lines as i")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("i.list_id", "=", "l.id")
        .as("lines_count"),
      eb
        .selectFrom("replenishment_schedules as r")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("r.list_id", "=", "l.id")
        .as("schedules_count"),
    ])
    .where("l.org_id", "=", actor.org.id)
    .where((eb) => eb.or([eb("l.shared", "=", true), eb("l.owner_id", "=", actor.user.id)]));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["executeTakeFirstOrThrow"]>>;

function toSummary(actor: ListActor, row: SummaryRow): OrderListSummary {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    lines_count: row.lines_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    can_edit: canEdit(actor, row),
    schedules_count: row.schedules_count ?? 0,
  };
}

/** The lists the actor sees, the most recently changed first. */
export async function listSummaries(db: Kysely<Database>, actor: ListActor): Promise<OrderListSummary[]> {
  const rows = await summaries(db, actor).orderBy("l.updated_at", "desc").orderBy("l.id", "desc").execute();
  return rows.map((row) => toSummary(actor, row));
}

export interface DetailOptions {
  today: string;
  showPrices: boolean;
}

/** One list (already checked visible) with its lines at today's prices and stock. */
export async function listDetail(
  deps: Pick<CatalogueServiceDeps, "db" | "readModel">,
  actor: ListActor,
  id: number,
  options: DetailOptions,
): Promise<OrderListDetail> {
  const { db, readModel } = deps;
  const summary = await summaries(db, actor).where("l.id", "=", id).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("order_list_lines as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .select([
      "i.product_id",
      "i.qty",
      "i.note",
      "p.ref",
      "p.title",
      "p.discontinued",
      "p.is_mmsi",
      sql<string | null>`p.images->>0`.as("image"),
    ])
    .where("i.list_id", "=", id)
    .orderBy("i.position")
    .execute();
  const ids = lines.map((line) => line.product_id);
  const [index, pricing, codes] = await Promise.all([
    readModel.products(),
    readModel.pricing(actor.org.id),
    codesOf(db, actor.org.id, ids),
  ]);
  const today = await readModelRows(index, { ...pricing, today: options.today }, readModel.stocks, ids, { includeDiscontinued: true });
  const todayOf = new Map(today.map((row) => [row.id, row]));
  return {
    ...toSummary(actor, summary),
    lines: lines.map((line): OrderListLine => {
      const now = todayOf.get(line.product_id);
      return {
        product_id: line.product_id,
        ref: line.ref,
        title: line.title,
        own_code: codes.get(line.product_id) ?? null,
        qty: line.qty,
        note: line.note,
        unit_price:
          options.showPrices && now
            ? lineUnitPrice({
                prd_price_selling: now.price_selling,
                prc_price: now.prc_price,
                prc_discount: now.prc_discount,
                prc_promo_price: now.prc_promo_price,
              })
            : null,
        stock: now?.sto_disp ?? 0,
        discontinued: line.discontinued,
        needs_certificate: line.is_mmsi,
        image: line.image,
      };
    }),
  };
}
