import type { Kysely } from "kysely";
import { approvalReasonShort, type ApprovalReasonCode } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { approverIds } from "../approvals/approvers";
import type { LoadedAlert } from "./loaded-alert";

/**
 * The approval alerts (docs/approvals.md, decision 0193): a request tells its approvers, a
 * decision tells its requester; people accounts included, since they are the workflow's own.
 * No amount in them: an approver may lack the `prices` right; the page shows what each may see.
 */

async function approversOf(db: Kysely<Database>, orgId: number, requesterId: number): Promise<number[]> {
  return (await approverIds(db, orgId)).filter((id) => id !== requesterId);
}

export async function loadApprovalAlert(
  db: Kysely<Database>,
  event: { kind: "approval_requested" | "approval_decided"; approvalId: number },
): Promise<LoadedAlert | undefined> {
  const row = await db
    .selectFrom("approval_requests as a")
    .innerJoin("organizations as g", "g.id", "a.org_id")
    .leftJoin("orders as o", "o.id", "a.order_id")
    .select([
      "a.id",
      "a.number",
      "a.org_id",
      "a.status",
      "a.requester_id",
      "a.requester_name",
      "a.reasons",
      "a.message",
      "a.cart",
      "a.decided_by_name",
      "a.refusal_reason",
      "a.order_id",
      "o.ref as order_ref",
      "g.name as org_name",
    ])
    .where("a.id", "=", event.approvalId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (event.kind === "approval_requested") {
    const reasons = (row.reasons as Array<{ code: ApprovalReasonCode }>).map((reason) => approvalReasonShort(reason.code));
    const lines = (row.cart as { products: Array<{ prd_is_port: boolean; qty: number }> }).products;
    return {
      kind: event.kind,
      key: `approval_requested:${row.id}`,
      orgId: row.org_id,
      onlyUser: null,
      users: await approversOf(db, row.org_id, row.requester_id),
      path: `/mon-compte/validations/${row.id}`,
      facts: {
        kind: event.kind,
        number: row.number,
        orgName: row.org_name,
        requester: row.requester_name,
        lineCount: lines.filter((line) => !line.prd_is_port && line.qty > 0).length,
        why: reasons,
        message: row.message,
      },
    };
  }
  if (row.status !== "approved" && row.status !== "refused") return undefined;
  return {
    kind: event.kind,
    key: `approval_decided:${row.id}`,
    orgId: row.org_id,
    onlyUser: null,
    users: [row.requester_id],
    path: row.status === "approved" && row.order_id ? `/mon-compte/commandes/${row.order_id}` : `/mon-compte/validations/${row.id}`,
    facts: {
      kind: event.kind,
      number: row.number,
      orgName: row.org_name,
      decision: row.status,
      decidedBy: row.decided_by_name ?? "",
      reason: row.refusal_reason,
      orderRef: row.order_ref,
    },
  };
}
