import type { Kysely } from "kysely";
import { backorderUnits } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { loadApprovalAlert } from "./approval-alerts";
import type { LoadedAlert } from "./loaded-alert";
import { loadReplenishmentAlert, type ReplenishmentAlertEvent } from "./replenishment-alerts";
import { loadReturnAlert, type ReturnAlertEvent } from "./returns-alerts";

/**
 * The events that send alerts (docs/alerts.md), as the code that commits them tells the
 * dispatcher, and what each alert says, read from the committed rows. Each event has a key:
 * the same event told twice has the same key, and alert_deliveries sends it once per user.
 */
/** `arrival`: names one stock arrival (the product and the instant), so a replayed arrival alerts once. */
export type AlertEvent =
  | { kind: "order_confirmed"; orderId: number }
  | { kind: "order_shipped"; orderRef: string; shipment: number }
  | { kind: "invoice_issued" | "invoice_overdue"; invoiceId: number }
  | { kind: "backorder_available"; orderId: number; objRef: string; arrival: string }
  | { kind: "favourite_back_in_stock"; usrId: number; productId: number; arrival: string }
  | { kind: "approval_requested" | "approval_decided"; approvalId: number }
  | ReplenishmentAlertEvent
  | ReturnAlertEvent;

export type { LoadedAlert } from "./loaded-alert";

/** What the alert of `event` says and to whom; undefined when its rows are gone. */
export async function loadAlert(db: Kysely<Database>, event: AlertEvent): Promise<LoadedAlert | undefined> {
  switch (event.kind) {
    case "approval_requested":
    case "approval_decided":
      return loadApprovalAlert(db, event);
    case "replenishment_reminder":
    case "replenishment_failed":
      return loadReplenishmentAlert(db, event);
    case "return_answered":
    case "return_settled":
      return loadReturnAlert(db, event);
    case "order_confirmed": {
      const order = await db
        .selectFrom("orders as o")
        .innerJoin("organizations as g", "g.id", "o.org_id")
        .select((eb) => [
          "o.id",
          "o.ref",
          "o.cart_ref",
          "o.org_id",
          "o.usr_id",
          "o.usr_name",
          "o.schedule_id",
          "g.name as org_name",
          eb
            .selectFrom("order_lines as l")
            .select((l) => l.fn.countAll<string>().as("n"))
            .whereRef("l.order_id", "=", "o.id")
            .where("l.is_port", "=", false)
            .as("line_count"),
        ])
        .where("o.id", "=", event.orderId)
        .executeTakeFirst();
      if (!order) return undefined;
      const coded = await db
        .selectFrom("order_lines")
        .select(["ref", "customer_code"])
        .where("order_id", "=", order.id)
        .where("customer_code", "is not", null)
        .orderBy("position")
        .execute();
      return {
        kind: event.kind,
        key: `order_confirmed:${order.id}`,
        orgId: order.org_id,
        onlyUser: null,
        path: `/mon-compte/commandes/${order.id}`,
        facts: {
          kind: event.kind,
          orderRef: order.ref,
          customerRef: order.cart_ref,
          orgName: order.org_name,
          createdBy: order.usr_name,
          lineCount: Number(order.line_count ?? 0),
          codes: coded.map((line) => ({ ref: line.ref, code: line.customer_code ?? "" })),
        },
        // The confirmation e-mail (checkout/routes.ts) reached them: the alert is for the representatives.
        // A schedule's run sends no confirmation e-mail: the organization's accounts hear of it here.
        ...(order.schedule_id === null ? { toldAlready: { usrIds: [order.usr_id], organizationAccounts: true } } : {}),
      };
    }
    case "order_shipped": {
      const row = await db
        .selectFrom("shipments as s")
        .innerJoin("orders as o", "o.id", "s.order_id")
        .innerJoin("organizations as g", "g.id", "o.org_id")
        .select([
          "o.id",
          "o.ref",
          "o.cart_ref",
          "o.org_id",
          "o.status",
          "g.name as org_name",
          "s.number",
          "s.carrier",
          "s.tracking_number",
          "s.tracking_url",
        ])
        .where("o.ref", "=", event.orderRef)
        .where("s.number", "=", event.shipment)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        kind: event.kind,
        key: `order_shipped:${row.id}:${row.number}`,
        orgId: row.org_id,
        onlyUser: null,
        path: `/mon-compte/commandes/${row.id}`,
        facts: {
          kind: event.kind,
          orderRef: row.ref,
          customerRef: row.cart_ref,
          orgName: row.org_name,
          shipment: row.number,
          carrier: row.carrier,
          trackingNumber: row.tracking_number,
          trackingUrl: row.tracking_url,
          complete: row.status === "expédiée",
        },
      };
    }
    case "invoice_issued":
    case "invoice_overdue": {
      const invoice = await db
        .selectFrom("invoices as i")
        .innerJoin("organizations as g", "g.id", "i.org_id")
        .select([
          "i.id",
          "i.number",
          "i.kind",
          "i.org_id",
          "i.order_ref",
          "i.customer_ref",
          "i.total_ttc",
          "i.due_on",
          "g.name as org_name",
        ])
        .where("i.id", "=", event.invoiceId)
        .executeTakeFirst();
      // A credit note is not a bill to pay: no alert.
      if (!invoice || invoice.kind !== "facture") return undefined;
      return {
        kind: event.kind,
        key: `${event.kind}:${invoice.id}`,
        orgId: invoice.org_id,
        onlyUser: null,
        path: `/mon-compte/factures/${invoice.id}.pdf`,
        facts: {
          kind: event.kind,
          number: invoice.number,
          orderRef: invoice.order_ref,
          customerRef: invoice.customer_ref,
          orgName: invoice.org_name,
          totalTtc: Number(invoice.total_ttc),
          dueOn: String(invoice.due_on),
        },
      };
    }
    case "backorder_available": {
      const row = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .innerJoin("organizations as g", "g.id", "o.org_id")
        .select([
          "o.id",
          "o.ref",
          "o.cart_ref",
          "o.org_id",
          "g.name as org_name",
          "l.ref as obj_ref",
          "l.title",
          "l.qty",
          "l.shipped_qty",
          "l.cancelled_qty",
          "l.backorder_qty",
        ])
        .where("o.id", "=", event.orderId)
        .where("l.ref", "=", event.objRef)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        kind: event.kind,
        key: `backorder_available:${event.arrival}:${row.id}:${row.obj_ref}`,
        orgId: row.org_id,
        onlyUser: null,
        path: `/mon-compte/commandes/${row.id}`,
        facts: {
          kind: event.kind,
          orderRef: row.ref,
          customerRef: row.cart_ref,
          orgName: row.org_name,
          objRef: row.obj_ref,
          title: row.title,
          // The figure the order page shows (decision 0160).
          qty: backorderUnits({ qty: row.qty, shipped: row.shipped_qty, cancelled: row.cancelled_qty, backorder: row.backorder_qty }),
        },
      };
    }
    case "favourite_back_in_stock": {
      const row = await db
        .selectFrom("users as u")
        .innerJoin("products as p", (join) => join.on("p.id", "=", event.productId))
        .select(["u.org_id", "p.id", "p.ref", "p.title"])
        .where("u.id", "=", event.usrId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        kind: event.kind,
        key: `favourite_back_in_stock:${event.arrival}:${row.id}`,
        orgId: row.org_id,
        onlyUser: event.usrId,
        path: `/catalogue/produit/${row.id}`,
        facts: { kind: event.kind, objRef: row.ref, title: row.title },
      };
    }
  }
}
