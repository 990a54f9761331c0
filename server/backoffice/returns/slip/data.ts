import type { Kysely } from "kysely";
import { RETURN_REASON_LABELS, RETURN_RESOLUTION_LABELS, type ReturnStatus } from "@shared/contracts/returns";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../../db/schema";
import { loadBuyer, loadSeller } from "../../documents/parties";
import { effectiveReturnAddress, readReturnSettings } from "../settings";
import type { ReturnSlipDocument } from "./model";

/** The statuses whose return has a slip: accepted, and every step after an acceptance. */
export const SLIP_STATUSES: readonly ReturnStatus[] = ["accepté", "reçu", "avoir émis", "échange expédié"];

/**
 * The slip of one return (decision 0207), from its rows, its order and the distributor's settings
 * as they are now; undefined when the return has none (not accepted, or refused after).
 */
export async function loadReturnSlip(db: Kysely<Database>, returnId: number): Promise<ReturnSlipDocument | undefined> {
  const row = await db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select([
      "r.id",
      "r.number",
      "r.status",
      "r.org_id",
      "r.reason",
      "r.resolution",
      "o.id as order_id",
      "o.ref",
      "o.cart_ref",
      "o.inv_address",
    ])
    .where("r.id", "=", returnId)
    .executeTakeFirst();
  if (!row || !SLIP_STATUSES.includes(row.status)) return undefined;
  const [accepted, delivered, lines, settings, seller, buyer] = await Promise.all([
    db
      .selectFrom("return_events")
      .select("at")
      .where("return_id", "=", row.id)
      .where("kind", "=", "accepted")
      .orderBy("at")
      .executeTakeFirst(),
    db
      .selectFrom("order_events")
      .select("at")
      .where("order_id", "=", row.order_id)
      .where("kind", "=", "delivered")
      .orderBy("at", "desc")
      .executeTakeFirst(),
    db
      .selectFrom("return_lines")
      .select(["obj_ref", "customer_code", "title", "qty"])
      .where("return_id", "=", row.id)
      .orderBy("position")
      .execute(),
    readReturnSettings(db),
    loadSeller(db),
    loadBuyer(db, row.org_id, row.inv_address),
  ]);
  if (!accepted) return undefined;
  return {
    number: row.number,
    accepted_at: accepted.at.toISOString(),
    reason: RETURN_REASON_LABELS[row.reason],
    resolution: RETURN_RESOLUTION_LABELS[row.resolution],
    seller,
    buyer,
    order_ref: row.ref,
    customer_ref: row.cart_ref,
    delivered_on: delivered ? parisDate(delivered.at) : null,
    lines,
    // No address set: the parcels go to the distributor's head office (decision 0205).
    return_to: await effectiveReturnAddress(db, settings),
    instructions: settings.instructions,
  };
}
