import type { SessionResponse } from "@shared/contracts/api";
import { invoiceDetail, invoiceListResponse, type InvoiceDetail, type InvoiceListResponse } from "@shared/contracts/invoices";
import { call, type Backoffice } from "./harness";
import { erp, placeOrder, setStock, testProducts } from "./orders-fixtures";

/** Invoices as the customer reads them (/api/oms/invoices). */
export async function invoiceList(bo: Backoffice, session: SessionResponse, query = ""): Promise<InvoiceListResponse> {
  const answer = await call(bo, `/oms/invoices?org_id=${session.user.auth_org_id}${query}`, { token: session.token });
  if (answer.status !== 200) throw new Error(`invoice list: ${answer.status} ${JSON.stringify(answer.body)}`);
  return invoiceListResponse.parse(answer.body);
}

export async function invoiceOf(bo: Backoffice, session: SessionResponse, id: number): Promise<InvoiceDetail> {
  const answer = await call(bo, `/oms/invoices/${id}`, { token: session.token });
  if (answer.status !== 200) throw new Error(`invoice ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return invoiceDetail.parse(answer.body);
}

/** The same invoice as the distributor's systems read it, by number. */
export async function erpInvoice(bo: Backoffice, number: string): Promise<InvoiceDetail> {
  const answer = await erp(bo, `/invoices/${number}`);
  if (answer.status !== 200) throw new Error(`erp invoice ${number}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return invoiceDetail.parse(answer.body);
}

export interface RawResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/** A binary answer (a PDF, a ZIP). */
export async function download(bo: Backoffice, path: string, token: string, body?: unknown): Promise<RawResponse> {
  const response = await fetch(`${bo.baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Test products with stock, the first ones with an ecotax when the catalogue has them. */
export async function stockedProducts(bo: Backoffice, count: number): Promise<{ id: number; ref: string }[]> {
  const candidates = await testProducts(bo.db, Math.max(count * 3, 40));
  const ecotaxed = new Set(
    (
      await bo.db
        .selectFrom("products")
        .select("id")
        .where("ecotaxe", ">", 0)
        .where(
          "id",
          "in",
          candidates.map((product) => product.id),
        )
        .execute()
    ).map((row) => row.id),
  );
  const chosen = [
    ...candidates.filter((product) => ecotaxed.has(product.id)),
    ...candidates.filter((product) => !ecotaxed.has(product.id)),
  ].slice(0, count);
  for (const product of chosen) await setStock(bo.db, product.id, 500);
  return chosen;
}

/** Places an order and ships all of it (or the quantities given) through the distributor's calls. */
export async function shippedOrder(
  bo: Backoffice,
  session: SessionResponse,
  lines: readonly [{ id: number; ref: string }, number][],
  key: string,
  shipped?: readonly [{ ref: string }, number][],
) {
  const placed = await placeOrder(bo, session, lines, key);
  const shipment = await erp(bo, `/orders/${placed.ord_ref}/shipments`, {
    carrier: "Colissimo",
    lines: (shipped ?? lines).map(([product, qty]) => ({ obj_ref: product.ref, qty })),
  });
  if (shipment.status !== 201) throw new Error(`shipment of ${placed.ord_ref}: ${shipment.status} ${JSON.stringify(shipment.body)}`);
  return placed;
}
