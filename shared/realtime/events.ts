import { z } from "zod";
import { CART_UPDATE_KINDS, type CartUpdatePayload } from "./protocol";

/**
 * The 'cart-update' message as the server checks it before publishing: a payload that does
 * not fit is a bug upstream of the publisher, never sent to browsers. Browsers import
 * protocol.ts, messages.ts and guard.ts, not this file (zod stays out of their bundle).
 */

export * from "./protocol";
export { cartUpdateMessage } from "./messages";
export { readCartUpdate } from "./guard";

export const cartUpdateProduct = z
  .object({
    ref: z.string().max(60),
    title: z.string().max(300),
    qty: z.number().int().min(0).max(1_000_000),
  })
  .strict();

export const cartUpdatePayload: z.ZodType<CartUpdatePayload> = z
  .object({
    kind: z.enum(CART_UPDATE_KINDS),
    // A quick order adds at most a few hundred lines; the list is capped to keep messages small.
    products: z.array(cartUpdateProduct).max(500),
    author: z.string().trim().min(1).max(200),
    orgId: z.number().int().positive(),
    version: z.number().int().min(0),
    reference: z.string().min(1).max(40).optional(),
    originSocketId: z.string().min(1).max(64).optional(),
    own: z.boolean().optional(),
  })
  .strict();

/** Room of an organization: chosen by the server from the back-office's answer, never by a client. */
export function organizationRoom(orgId: number): string {
  return `org:${orgId}`;
}
