import { savedCart, savedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { approvalSummary, type ApprovalSummary } from "@shared/contracts/approvals";
import { accountContextOf, computeTotals } from "@shared/domain/index";
import { cartWith, lineFor } from "../backoffice/cart-fixtures";
import { call, type Backoffice, type CallResult } from "../backoffice/harness";

/** Saves the organization's cart with these products on its current version; answers its totals as shown. */
export async function fillCart(bo: Backoffice, session: SessionResponse, lines: readonly [{ id: number; ref: string }, number][]) {
  const orgId = session.user.auth_org_id;
  const current = savedCartAnswer.parse((await call(bo, `/oms/cart/${orgId}`, { token: session.token })).body);
  const saved = await call(bo, `/oms/cart/${orgId}`, {
    token: session.token,
    body: { version: current.version, cart: cartWith(lines.map(([product, qty]) => lineFor(product, qty))) },
  });
  if (saved.status !== 200) throw new Error(`cart save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const answer = savedCartAnswer.parse(saved.body);
  const priced = savedCart.safeParse(saved.body);
  const totals = priced.success ? computeTotals(priced.data.cart, accountContextOf(session.user)) : null;
  return { cart: answer.cart, version: answer.version, totals };
}

function authorQuery(session: SessionResponse): string {
  const author = session.master ?? session.user;
  return `usr_id=${author.obj_id}&usr_name=${encodeURIComponent(author.obj_name)}`;
}

/** Confirms the cart as filled (the answer as it comes: 201, or a refusal). */
export function confirm(bo: Backoffice, session: SessionResponse, filled: Awaited<ReturnType<typeof fillCart>>, key: string) {
  return call(bo, `/oms/cart/${session.user.auth_org_id}/confirm?${authorQuery(session)}`, {
    token: session.token,
    body: {
      cart: filled.cart,
      version: filled.version,
      idempotency_key: key,
      ord_total_ht: filled.totals?.ht ?? null,
      ord_total_ecotaxe: filled.totals?.ecotaxe ?? null,
      ord_total_ttc: filled.totals?.ttc ?? null,
    },
  });
}

/** Sends the cart as filled for approval. */
export function askApproval(
  bo: Backoffice,
  session: SessionResponse,
  filled: Awaited<ReturnType<typeof fillCart>>,
  key: string,
  message?: string,
): Promise<CallResult<ApprovalSummary & { code?: string; message?: string }>> {
  return call(bo, `/oms/cart/${session.user.auth_org_id}/approval-requests?${authorQuery(session)}`, {
    token: session.token,
    body: {
      cart: filled.cart,
      version: filled.version,
      idempotency_key: key,
      total_ht: filled.totals?.ht ?? null,
      total_ttc: filled.totals?.ttc ?? null,
      ...(message === undefined ? {} : { message }),
    },
  });
}

export async function requested(bo: Backoffice, session: SessionResponse, filled: Awaited<ReturnType<typeof fillCart>>, key: string) {
  const answer = await askApproval(bo, session, filled, key);
  if (answer.status !== 201) throw new Error(`approval request failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return approvalSummary.parse(answer.body);
}

export function decide(
  bo: Backoffice,
  session: SessionResponse,
  id: number,
  action: "approve" | "refuse" | "withdraw",
  body: unknown = {},
) {
  const orgId = session.user.auth_org_id;
  const query = action === "withdraw" ? "" : `?${authorQuery(session)}`;
  return call(bo, `/approvals/${orgId}/${id}/${action}${query}`, { token: session.token, body });
}
