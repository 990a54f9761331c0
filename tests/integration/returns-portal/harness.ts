import type { SessionResponse } from "@shared/contracts/api";
import type { Backoffice } from "../backoffice/harness";
import { login } from "../backoffice/harness";
import { erp, placeOrder, setStock, testProducts } from "../backoffice/orders-fixtures";
import type { UsersPagesBed } from "../users-pages/harness";

/**
 * What the returns pages' tests set up over the real back-office (tests/integration/users-pages/
 * harness.ts): orders of Voilerie Atlantique placed through the API, shipped and delivered by the
 * distributor's calls (the real path to « livrée »), on the harness's clock (Friday 20 November
 * 2026), so that their window of 30 days runs to 20 December 2026.
 */

export const PATH = "/mon-compte/retours";

/** The back-office of the bed, as the back-office fixtures call it. */
export function backofficeOf(bed: UsersPagesBed): Backoffice {
  return { baseUrl: `${bed.harness.url}/api`, db: bed.db, setNow: bed.harness.clock.set, close: bed.close };
}

export type Product = { id: number; ref: string };

export interface DeliveredOrder {
  id: number;
  ref: string;
}

/** Orders `qty` of each product as `session`, ships it all and delivers it now. */
export async function deliveredOrder(
  bo: Backoffice,
  session: SessionResponse,
  lines: readonly (readonly [Product, number])[],
  key: string,
): Promise<DeliveredOrder> {
  const placed = await placedOrder(bo, session, lines, key);
  const shipment = await erp(bo, `/orders/${placed.ref}/shipments`, {
    carrier: "Colissimo",
    lines: lines.map(([product, qty]) => ({ obj_ref: product.ref, qty })),
  });
  if (shipment.status !== 201) throw new Error(`shipment of ${placed.ref}: ${shipment.status} ${JSON.stringify(shipment.body)}`);
  const delivered = await erp(bo, `/orders/${placed.ref}/deliver`, {});
  if (delivered.status !== 200) throw new Error(`delivery of ${placed.ref}: ${delivered.status} ${JSON.stringify(delivered.body)}`);
  return placed;
}

/** An order placed and left as it is (« confirmée »). */
export async function placedOrder(
  bo: Backoffice,
  session: SessionResponse,
  lines: readonly (readonly [Product, number])[],
  key: string,
): Promise<DeliveredOrder> {
  for (const [product, qty] of lines) await setStock(bo.db, product.id, qty + 10);
  const placed = await placeOrder(
    bo,
    session,
    lines.map(([product, qty]): [Product, number] => [product, qty]),
    key,
  );
  return { id: placed.ord_id, ref: placed.ord_ref };
}

/** Plain products no demo order holds; the last one flagged not returnable by the products feed. */
export async function returnProducts(bo: Backoffice): Promise<{ plain: Product[]; flagged: Product }> {
  const [first, second, flagged] = await testProducts(bo.db, 3);
  if (!first || !second || !flagged) throw new Error("not enough plain products");
  await bo.db.updateTable("products").set({ returnable: false }).where("id", "=", flagged.id).execute();
  return { plain: [first, second], flagged };
}

export { login };

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

/** A file as a browser sends it in a multipart form. */
export const fileOf = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** A multipart request as the form sends it: its fields, then its files (`photos`). */
export function multipartRequest(path: string, fields: Record<string, string>, photos: File[], cookie: string): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A browser sends one empty part when no file is chosen.
  if (photos.length === 0) form.append("photos", new File([], "", { type: "application/octet-stream" }));
  for (const photo of photos) form.append("photos", photo);
  return new Request(`http://portail.test${path}`, { method: "POST", headers: { cookie }, body: form });
}
