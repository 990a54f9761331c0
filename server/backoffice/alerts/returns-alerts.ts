import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { LoadedAlert } from "./loaded-alert";

/**
 * The returns' alerts (docs/returns.md): the distributor's answer to a request (accepted, with
 * the slip to print, or refused with the reason) and its settlement (the credit notes issued, or
 * the replacement shipped with its tracking), told to the organization as a shipment is (its
 * organization accounts and linked representatives who want the kind). No amount in them: the
 * return's page and the credit notes show what each account may see.
 */

export type ReturnAlertEvent =
  | { kind: "return_answered"; returnId: number; step: "accepted" | "refused" }
  | { kind: "return_settled"; returnId: number; step: "credited" | "exchanged" };

/** The return's page on the portal; its slip is `…/bon-de-retour.pdf` under it. */
export const returnPagePath = (number: string) => `/mon-compte/retours/${number}`;

export async function loadReturnAlert(db: Kysely<Database>, event: ReturnAlertEvent): Promise<LoadedAlert | undefined> {
  const row = await db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("organizations as g", "g.id", "r.org_id")
    .select([
      "r.id",
      "r.number",
      "r.org_id",
      "r.refusal",
      "r.exchange_carrier",
      "r.exchange_tracking_number",
      "r.exchange_tracking_url",
      "o.ref as order_ref",
      "o.cart_ref",
      "g.name as org_name",
    ])
    .where("r.id", "=", event.returnId)
    .executeTakeFirst();
  if (!row) return undefined;
  // The step told must have been taken (a replayed or stray event alerts nobody).
  const taken = await db
    .selectFrom("return_events")
    .select("note")
    .where("return_id", "=", row.id)
    .where("kind", "=", event.step)
    .executeTakeFirst();
  if (!taken) return undefined;
  const common = {
    orgId: row.org_id,
    onlyUser: null,
    path: returnPagePath(row.number),
    key: `${event.kind}:${row.id}:${event.step}`,
  };
  const about = { number: row.number, orderRef: row.order_ref, customerRef: row.cart_ref, orgName: row.org_name };
  if (event.kind === "return_answered") {
    return {
      ...common,
      kind: event.kind,
      facts: { kind: event.kind, ...about, accepted: event.step === "accepted", reason: row.refusal, note: taken.note },
    };
  }
  if (event.step === "exchanged") {
    if (!row.exchange_carrier) return undefined;
    return {
      ...common,
      kind: event.kind,
      facts: {
        kind: event.kind,
        ...about,
        creditNotes: [],
        exchange: { carrier: row.exchange_carrier, trackingNumber: row.exchange_tracking_number, trackingUrl: row.exchange_tracking_url },
      },
    };
  }
  const creditNotes = await db
    .selectFrom("invoices")
    .select("number")
    .where("return_id", "=", row.id)
    .where("kind", "=", "avoir")
    .orderBy("number")
    .execute();
  return {
    ...common,
    kind: event.kind,
    facts: { kind: event.kind, ...about, creditNotes: creditNotes.map((note) => note.number), exchange: null },
  };
}
