import { sql, type Kysely } from "kysely";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import type { ShipmentRequest } from "@shared/contracts/orders";
import { normalizeReference, planShipment, remainingOf, statusAfterQuantities } from "@shared/domain/index";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database } from "../db/schema";
import { ApiFailure, type ErrorLogger } from "../http/errors";
import { issueShipmentInvoice } from "../invoices/issue";
import { invoicePdf } from "../invoices/pdf-store";
import { recordEvents } from "./events";
import { assertMove, lockOrderByRef, productLines, quantitiesOf, stepInstant } from "./order-lock";
import { closeRequests } from "./requests-close";

export interface ShipInput {
  ref: string;
  author: string;
  request: ShipmentRequest;
  now: Date;
  /** Told when the invoice's PDF could not be rendered after the shipment (it is rendered on its first download then). */
  logger?: ErrorLogger;
  /** Told once the shipment has committed: the shipment's and its invoice's alerts (alerts/). */
  alerts?: AlertNotifier;
  /** "erp": the ERP issues the invoices (decision 0184), the shipment issues none; default "portal". */
  invoicesIssuedBy?: InvoicesIssuedBy;
}

/**
 * Records a shipment (docs/orders.md): its lines may be part of what remains; several partial
 * shipments may follow. Every unit still to send afterwards is on back-order; the units sent
 * leave the stock on hand; the order becomes « expédiée partiellement » or « expédiée ».
 * The shipment's invoice is issued in the same transaction (docs/invoices.md); its PDF is
 * rendered and stored once the transaction has committed, best effort. When the ERP issues the
 * invoices (`invoicesIssuedBy: "erp"`), the shipment issues none: the ERP posts its own.
 * Returns the shipment's number within the order.
 */
export async function shipOrder(db: Kysely<Database>, input: ShipInput): Promise<number> {
  const { number, invoiceId } = await db.transaction().execute(async (trx) => {
    const order = await lockOrderByRef(trx, input.ref);
    assertMove(order, "ship");
    const at = stepInstant(input.request.at, input.now, order);
    const plan = planShipment(
      order.ref,
      order.lines.map((line) => ({ ...quantitiesOf(line), obj_ref: line.ref, is_port: line.is_port })),
      input.request.lines,
    );
    if (plan.issues.length > 0) {
      throw new ApiFailure(422, "invalid_shipment", plan.issues.map((issue) => issue.message).join(" "), { issues: plan.issues });
    }
    const previous = await trx
      .selectFrom("shipments")
      .select((eb) => eb.fn.max("number").as("last"))
      .where("order_id", "=", order.id)
      .executeTakeFirst();
    const number = Number(previous?.last ?? 0) + 1;
    const { id: shipmentId } = await trx
      .insertInto("shipments")
      .values({
        order_id: order.id,
        number,
        shipped_at: at,
        carrier: input.request.carrier,
        tracking_number: input.request.tracking_number ?? null,
        tracking_url: input.request.tracking_url ?? null,
        author: input.author,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const lines = productLines(order);
    const sent = (line: (typeof lines)[number]) => plan.quantities.get(normalizeReference(line.ref)) ?? 0;
    await trx
      .insertInto("shipment_lines")
      .values(
        lines
          .filter((line) => sent(line) > 0)
          .map((line) => ({ shipment_id: shipmentId, order_id: order.id, position: line.position, qty: sent(line) })),
      )
      .execute();
    const after = lines.map((line) => ({ line, quantities: { ...quantitiesOf(line), shipped: line.shipped_qty + sent(line) } }));
    for (const { line, quantities } of after) {
      const remaining = remainingOf(quantities);
      // After a shipment, whatever is still to send waits: it is a back-order.
      await trx
        .updateTable("order_lines")
        .set({
          shipped_qty: quantities.shipped,
          backorder_qty: remaining,
          backordered_at: remaining > 0 ? (line.backordered_at ?? at) : line.backordered_at,
        })
        .where("order_id", "=", order.id)
        .where("position", "=", line.position)
        .execute();
      if (sent(line) > 0) {
        await trx
          .updateTable("stocks")
          .set({ sto_disp: sql<number>`greatest(0, sto_disp - ${sent(line)})` })
          .where("product_id", "=", line.product_id)
          .execute();
      }
    }
    const status = statusAfterQuantities(
      order.status,
      after.map(({ quantities }) => quantities),
    );
    await trx.updateTable("orders").set({ status }).where("id", "=", order.id).execute();
    const units = [...plan.quantities.values()].reduce((sum, qty) => sum + qty, 0);
    await recordEvents(trx, [
      {
        orderId: order.id,
        at,
        kind: "shipped",
        status,
        author: input.author,
        data: { shipment_number: number, units, carrier: input.request.carrier, tracking_number: input.request.tracking_number ?? null },
      },
    ]);
    await closeRequests(trx, {
      orderId: order.id,
      positions: after.filter(({ line, quantities }) => sent(line) > 0 && remainingOf(quantities) === 0).map(({ line }) => line.position),
      outcome: "refusée",
      answer: "Le reliquat a été expédié entre-temps.",
      author: input.author,
      at,
    });
    if (input.invoicesIssuedBy === "erp") return { number, invoiceId: null };
    const invoice = await issueShipmentInvoice(trx, { shipmentId, now: input.now, author: input.author });
    return { number, invoiceId: invoice.id };
  });
  input.alerts?.notify({ kind: "order_shipped", orderRef: input.ref, shipment: number });
  if (invoiceId === null) return number;
  input.alerts?.notify({ kind: "invoice_issued", invoiceId });
  try {
    await invoicePdf(db, invoiceId);
  } catch (error) {
    (input.logger ?? console).error({ err: error, invoiceId }, "invoice PDF not rendered after the shipment");
  }
  return number;
}
