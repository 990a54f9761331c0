import type { Kysely } from "kysely";
import { order, savedCart, type Order, type SavedCart, type SessionResponse } from "@shared/contracts/api";
import type { Cart, CartLine } from "@shared/contracts/entities";
import {
  quoteAcceptResponse,
  quoteDetail,
  type QuoteAcceptResponse,
  type QuoteCreateRequest,
  type QuoteDetail,
  type QuoteProposalRequest,
} from "@shared/contracts/quotes";
import { accountContextOf, addDaysTo, computeTotals, emptyCart } from "@shared/domain/index";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_TODAY, call, startBackoffice, type Backoffice, type CallResult, type Engine } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";

/** Calls of the quote tests (docs/quotes.md): the customer's under /oms, the representative's under /sales. */

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export interface TestProduct {
  id: number;
  ref: string;
}

/**
 * A quote suite's back-office on `engine` with `count` stocked products of the demo;
 * `product(index)` fails the suite loudly when the demo has fewer.
 */
export async function startQuoteBackoffice(
  engine: Engine,
  count: number,
): Promise<{ bo: Backoffice; product: (index: number) => TestProduct }> {
  const bo = await startBackoffice(engine);
  const products = await stockedProducts(bo, count);
  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  return { bo, product };
}

export function upload(fileName: string, bytes: Buffer) {
  return { file_name: fileName, content_base64: bytes.toString("base64") };
}

/** A validity `days` after the demo's day. */
export const validIn = (days: number) => addDaysTo(DEMO_TODAY, days);

export async function createQuote(
  bo: Backoffice,
  session: SessionResponse,
  request: Omit<QuoteCreateRequest, "org_id" | "message"> & { message?: string },
): Promise<QuoteDetail> {
  const answer = await call(bo, "/oms/quotes", {
    token: session.token,
    body: { org_id: session.user.auth_org_id, message: "", ...request },
  });
  if (answer.status !== 201) throw new Error(`quote request: ${answer.status} ${JSON.stringify(answer.body)}`);
  return quoteDetail.parse(answer.body);
}

/** A move expected to succeed; the detail answered, parsed by the contract. */
export async function move(bo: Backoffice, session: SessionResponse, path: string, body: unknown = {}): Promise<QuoteDetail> {
  const answer = await call(bo, path, { token: session.token, body });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return quoteDetail.parse(answer.body);
}

export async function detailOf(bo: Backoffice, session: SessionResponse, path: string): Promise<QuoteDetail> {
  const answer = await call(bo, path, { token: session.token });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return quoteDetail.parse(answer.body);
}

export function proposal(lines: QuoteProposalRequest["lines"], validUntil = validIn(30)): QuoteProposalRequest {
  return { valid_until: validUntil, conditions: "Franco de port à partir de 500 € HT. Paiement à 30 jours.", lines };
}

export async function accept(
  bo: Backoffice,
  session: SessionResponse,
  quoId: number,
  version: number,
  positions: number[],
): Promise<CallResult<Record<string, unknown>>> {
  return call(bo, `/oms/quotes/${quoId}/accept`, { token: session.token, body: { version, positions } });
}

export function accepted(result: CallResult<Record<string, unknown>>): QuoteAcceptResponse {
  if (result.status !== 200) throw new Error(`accept: ${result.status} ${JSON.stringify(result.body)}`);
  return quoteAcceptResponse.parse(result.body);
}

export async function cartOf(bo: Backoffice, session: SessionResponse): Promise<SavedCart> {
  return savedCart.parse((await call(bo, `/oms/cart/${session.user.auth_org_id}`, { token: session.token })).body);
}

/** Saves these lines as the whole cart, on the current version. */
export async function saveLines(bo: Backoffice, session: SessionResponse, lines: CartLine[]): Promise<SavedCart> {
  const current = await cartOf(bo, session);
  const saved = await call(bo, `/oms/cart/${session.user.auth_org_id}`, {
    token: session.token,
    body: { version: current.version, cart: { ...emptyCart(), products: lines } },
  });
  if (saved.status !== 200) throw new Error(`cart save: ${saved.status} ${JSON.stringify(saved.body)}`);
  return savedCart.parse(saved.body);
}

/** Orders the cart as it stands, with the totals it shows. */
export async function confirmCart(bo: Backoffice, session: SessionResponse, key: string): Promise<Order> {
  const { cart, version } = await cartOf(bo, session);
  const totals = computeTotals(cart as Cart, accountContextOf(session.user));
  const author = session.master ?? session.user;
  const confirmed = await call(
    bo,
    `/oms/cart/${session.user.auth_org_id}/confirm?usr_id=${author.obj_id}&usr_name=${encodeURIComponent(author.obj_name)}`,
    {
      token: session.token,
      body: { cart, version, idempotency_key: key, ord_total_ht: totals.ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: totals.ttc },
    },
  );
  if (confirmed.status !== 201) throw new Error(`confirmation: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return order.parse(confirmed.body);
}

/** Rows of the quote tables: a refused call must leave them as they were. */
export async function quoteRowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    "quotes",
    "quote_lines",
    "quote_proposals",
    "quote_proposal_lines",
    "quote_messages",
    "quote_attachments",
    "quote_events",
    "quote_accepted_positions",
    "quote_cart_locks",
  ] as const;
  const counts = await Promise.all(
    tables.map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ),
  );
  return Object.fromEntries(tables.map((table, index) => [table, Number(counts[index]?.n ?? 0)]));
}
