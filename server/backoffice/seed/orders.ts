import type { Kysely } from "kysely";
import type { Cart, CartLine } from "@shared/contracts/entities";
import { computeTotals, emptyCart, lineUnitPrice } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { accountContext } from "../oms/account";
import { nextOrderNumber } from "../oms/cart-store";
import { pricedProducts } from "../pim/pricing";
import { addDays, type Prng } from "./prng";

const PAST_STATUSES = ["livrée", "expédiée", "en préparation"];

function pastLine(row: { id: number; ref: string; title: string; name: string; price_selling: number; ecotaxe: number; prc_price: number; prc_discount: number }, qty: number): CartLine {
  return {
    obj_id: row.id, obj_ref: row.ref, obj_title: row.title, obj_name: row.name, qty, line_id: `line-${row.id}`,
    prd_is_port: false, prd_price_selling: row.price_selling, prc_price: row.prc_price, prc_promo_price: null,
    prc_promo_name: null, prc_discount: row.prc_discount, prd_ecotaxe: row.ecotaxe, prd_weight_gross: 0,
    prd_weight_net: 0, prd_sto_disp: 0, prd_refill_date: null, prd_refill_qte: null, certificates: [], obj_properties: {},
  };
}

/** A few past orders for each given client, priced with its prices as of their date. */
export async function seedPastOrders(db: Kysely<Database>, rng: Prng, orgIds: readonly number[], productIds: readonly number[], today: string): Promise<void> {
  for (const orgId of orgIds) {
    const org = await db.selectFrom("organizations").selectAll().where("id", "=", orgId).executeTakeFirstOrThrow();
    const author = await db.selectFrom("users").select(["id", "name"]).where("org_id", "=", orgId).orderBy("id").executeTakeFirst();
    if (!author) continue;
    for (let k = 1; k <= 3; k += 1) {
      const day = addDays(today, -k * 17);
      const ids = [...new Set(Array.from({ length: rng.int(2, 4) }, () => rng.pick(productIds)))];
      const rows = await pricedProducts(db, orgId, day)
        .select(["p.id", "p.ref", "p.title", "p.name", "p.price_selling", "p.ecotaxe"])
        .where("p.id", "in", ids)
        .execute();
      const cart: Cart = { ...emptyCart(), ref: `Réassort ${k}`, products: rows.map((row) => pastLine(row, rng.int(1, 6))) };
      const totals = computeTotals(cart, accountContext(org));
      const { id } = await db.insertInto("orders").values({
        ref: nextOrderNumber, org_id: orgId, usr_id: author.id, usr_name: author.name,
        idempotency_key: `demo-${orgId}-${k}`, created_at: `${day}T09:30:00+02:00`, status: PAST_STATUSES[k - 1] ?? "livrée",
        cart_ref: cart.ref, comments: "", notes: "", partial_delivery: false, saturday: false, ldd_active: false,
        dlv_address: null, inv_address: null, total_ht: totals.ht, total_ecotaxe: totals.ecotaxe, total_tva: totals.tva, total_ttc: totals.ttc,
      }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("order_lines").values(cart.products.map((line, position) => ({
        order_id: id, position, product_id: line.obj_id, ref: line.obj_ref, title: line.obj_title, qty: line.qty,
        is_port: false, unit_price: lineUnitPrice(line), ecotaxe: line.prd_ecotaxe, line_total_ht: lineUnitPrice(line) * line.qty,
      }))).execute();
    }
  }
}
