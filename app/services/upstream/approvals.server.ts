import {
  approvalDetail,
  approvalListResponse,
  approvalSummary,
  approveResponse,
  purchasingRules,
  purchasingStanding,
  type ApprovalDetail,
  type ApprovalListResponse,
  type ApprovalSummary,
  type ApproveResponse,
  type CreateApprovalRequest,
  type PurchasingRules,
  type PurchasingStandingView,
  type SaveRulesRequest,
} from "@shared/contracts/approvals";
import type { UpstreamHttp } from "./http.server";
import type { OrderAuthor } from "./oms.server";

/**
 * The customer's purchasing rules and approval requests (shared/contracts/approvals.ts,
 * docs/approvals.md). The back-office checks who may do what: the rules are the
 * administrators', a decision the approvers' (never on one's own request), a request the
 * caller's organization's; anything else is a 403 or a 404 UpstreamError.
 */
export interface ApprovalsClient {
  rules(orgId: number): Promise<PurchasingRules>;
  saveRules(orgId: number, body: SaveRulesRequest): Promise<PurchasingRules>;
  /** What applies to the caller: limit, budget and what is spent, the threshold, whether they approve. */
  standing(orgId: number): Promise<PurchasingStandingView>;
  /** Sends the organization's cart for approval; the cart is emptied. `created` false on a replayed key. */
  request(orgId: number, body: CreateApprovalRequest, author: OrderAuthor): Promise<{ approval: ApprovalSummary; created: boolean }>;
  list(orgId: number, query: { scope: "to_decide" | "mine" | "all"; page: number }): Promise<ApprovalListResponse>;
  get(orgId: number, id: number): Promise<ApprovalDetail>;
  approve(orgId: number, id: number, body: { total_ht: number | null }, author: OrderAuthor): Promise<ApproveResponse>;
  refuse(orgId: number, id: number, reason: string, author: OrderAuthor): Promise<ApprovalSummary>;
  /** The requester takes back a request still waiting. */
  withdraw(orgId: number, id: number): Promise<ApprovalSummary>;
}

export function createApprovalsClient(http: UpstreamHttp): ApprovalsClient {
  const authorQuery = (author: OrderAuthor) => ({ usr_id: author.usrId, usr_name: author.usrName });
  return {
    rules: (orgId) => http.send({ method: "GET", path: `api/purchasing/${orgId}/rules`, schema: purchasingRules }),
    saveRules: (orgId, body) => http.send({ method: "PUT", path: `api/purchasing/${orgId}/rules`, body, schema: purchasingRules }),
    standing: (orgId) => http.send({ method: "GET", path: `api/purchasing/${orgId}/standing`, schema: purchasingStanding }),
    async request(orgId, body, author) {
      let status = 0;
      const approval = await http.send({
        method: "POST",
        path: `api/oms/cart/${orgId}/approval-requests`,
        query: authorQuery(author),
        body,
        schema: approvalSummary,
        onStatus: (answered) => void (status = answered),
      });
      return { approval, created: status === 201 };
    },
    list: (orgId, query) => http.send({ method: "GET", path: `api/approvals/${orgId}`, query, schema: approvalListResponse }),
    get: (orgId, id) => http.send({ method: "GET", path: `api/approvals/${orgId}/${id}`, schema: approvalDetail }),
    approve: (orgId, id, body, author) =>
      http.send({
        method: "POST",
        path: `api/approvals/${orgId}/${id}/approve`,
        query: authorQuery(author),
        body,
        schema: approveResponse,
      }),
    refuse: (orgId, id, reason, author) =>
      http.send({
        method: "POST",
        path: `api/approvals/${orgId}/${id}/refuse`,
        query: authorQuery(author),
        body: { reason },
        schema: approvalSummary,
      }),
    withdraw: (orgId, id) => http.send({ method: "POST", path: `api/approvals/${orgId}/${id}/withdraw`, schema: approvalSummary }),
  };
}
