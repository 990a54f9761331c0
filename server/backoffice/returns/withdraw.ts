import type { Kysely } from "kysely";
import { statusAfter, stepRefusal } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { loadReturnById } from "./view";

/**
 * The customer takes a request back while it is still « demandé » (docs/returns.md): the return
 * is « annulé », its units are free again, the distributor hears of it (`return.status_changed`).
 * Once the distributor has answered, only it moves the return.
 */
export async function withdrawReturn(
  db: Kysely<Database>,
  input: { orgId: number; number: string; author: string; now: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("returns")
      .select(["id", "number", "status"])
      .where("org_id", "=", input.orgId)
      .where("number", "=", input.number)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const refused = stepRefusal(row.number, row.status, "withdrawn");
    if (refused) throw new ApiFailure(409, "return_state", refused, { status: row.status });
    await trx
      .updateTable("returns")
      .set({ status: statusAfter("withdrawn"), updated_at: input.now })
      .where("id", "=", row.id)
      .execute();
    await trx
      .insertInto("return_events")
      .values({ return_id: row.id, at: input.now, kind: "withdrawn", author: input.author, note: null })
      .execute();
    await recordOutboxEvent(trx, {
      type: "return.status_changed",
      stream: `return:${row.number}`,
      orgId: input.orgId,
      at: input.now,
      data: {
        customer: await eventCustomerOf(trx, input.orgId),
        step: "withdrawn",
        return: await loadReturnById(trx, row.id, { prices: true }),
      },
    });
    return row.id;
  });
}
