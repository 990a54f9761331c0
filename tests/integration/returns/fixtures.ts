import type { SessionResponse } from "@shared/contracts/api";
import {
  returnDetail,
  returnableOrder,
  type CreateReturnRequest,
  type ReturnableOrder,
  type ReturnDetail,
} from "@shared/contracts/returns";
import { call, type Backoffice, type CallResult } from "../backoffice/harness";
import { erp, placeOrder, setStock } from "../backoffice/orders-fixtures";

/**
 * Returns in tests (docs/returns.md): orders placed through the API, shipped and delivered by
 * the distributor's calls (the real path to « livrée »), then returns asked as the portal asks.
 */

export interface DeliveredOrder {
  ord_id: number;
  ord_ref: string;
}

type Product = { id: number; ref: string };

/**
 * Orders these products as `session`, ships `shipped` units of each (all by default), cancels
 * the rest, and delivers the order on the back-office's current clock.
 */
export async function deliveredOrder(
  bo: Backoffice,
  session: SessionResponse,
  lines: readonly (readonly [Product, number, number?])[],
  key: string,
): Promise<DeliveredOrder> {
  for (const [product, qty] of lines) await setStock(bo.db, product.id, qty + 10);
  const placed = await placeOrder(
    bo,
    session,
    lines.map(([product, qty]): [Product, number] => [product, qty]),
    key,
  );
  await shipAndDeliver(bo, placed.ord_ref, lines);
  return { ord_id: placed.ord_id, ord_ref: placed.ord_ref };
}

/** The distributor ships an order's lines (`shipped` units, all by default), cancels the rest and delivers it. */
export async function shipAndDeliver(
  bo: Pick<Backoffice, "baseUrl">,
  ref: string,
  lines: readonly (readonly [Product, number, number?])[],
): Promise<void> {
  const shipment = await erp(bo, `/orders/${ref}/shipments`, {
    carrier: "Colissimo",
    lines: lines.map(([product, qty, shipped = qty]) => ({ obj_ref: product.ref, qty: shipped })),
  });
  if (shipment.status !== 201) throw new Error(`shipment of ${ref}: ${shipment.status} ${JSON.stringify(shipment.body)}`);
  for (const [product, qty, shipped = qty] of lines) {
    if (shipped === qty) continue;
    const cancelled = await erp(bo, `/orders/${ref}/cancel`, { obj_ref: product.ref });
    if (cancelled.status !== 200) throw new Error(`cancel ${product.ref} of ${ref}: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
  }
  const delivered = await erp(bo, `/orders/${ref}/deliver`, {});
  if (delivered.status !== 200) throw new Error(`delivery of ${ref}: ${delivered.status} ${JSON.stringify(delivered.body)}`);
}

export function returnsCall<T = Record<string, unknown>>(
  bo: Pick<Backoffice, "baseUrl">,
  session: SessionResponse,
  path: string,
  options: { method?: string; body?: unknown; org?: number } = {},
): Promise<CallResult<T>> {
  const { org = session.user.auth_org_id, ...rest } = options;
  return call<T>(bo, `/returns/${org}${path}`, { token: session.token, ...rest });
}

/** What of an order may be returned, as the form reads it. */
export async function returnable(bo: Pick<Backoffice, "baseUrl">, session: SessionResponse, orderId: number): Promise<ReturnableOrder> {
  const answer = await returnsCall(bo, session, `/orders/${orderId}`);
  if (answer.status !== 200) throw new Error(`returnable ${orderId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return returnableOrder.parse(answer.body);
}

/** A request with no photo, for the reason « Erreur de commande » (no photo required by default). */
export function request(orderId: number, lines: { position: number; qty: number }[], extra: Partial<CreateReturnRequest> = {}) {
  return { order_id: orderId, lines, reason: "order_error", resolution: "credit", comment: "", photos: [], ...extra };
}

export async function askReturn(bo: Pick<Backoffice, "baseUrl">, session: SessionResponse, body: unknown): Promise<ReturnDetail> {
  const answer = await returnsCall(bo, session, "", { body });
  if (answer.status !== 201) throw new Error(`return: ${answer.status} ${JSON.stringify(answer.body)}`);
  return returnDetail.parse(answer.body);
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** The first bytes of a JPEG (JFIF), enough for the content check. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0 photo de test")]);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

export const photo = (bytes: Buffer, file_name = "photo.png") => ({ file_name, content_base64: bytes.toString("base64") });
