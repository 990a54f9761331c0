import type { ImportReport } from "@shared/contracts/imports";
import type { Backoffice } from "../backoffice/harness";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";

/** Posts a feed file to /api/erp/imports/<feed> as `npm run import` does; the answer's status and body. */
export async function postFeed(
  bo: Backoffice,
  feed: string,
  bytes: Uint8Array,
  query = "",
): Promise<{ status: number; body: ImportReport & { message: string } }> {
  const response = await fetch(`${bo.baseUrl}/erp/imports/${feed}${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${SERVICE_TOKEN}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as ImportReport };
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** Windows-1252 of Latin-1 text: one byte a character (é = 0xE9), as French Excel saves a CSV. */
export const cp1252 = (text: string): Uint8Array => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
