import { Link } from "@remix-run/react";
import { formatDate } from "@shared/domain/french-format";
import { APPROVAL_STATUS_LABELS, type ApprovalRow } from "~/services/approvals/request-types";

/**
 * A request's status in words (docs/approvals.md « Statuses »): validated, it links to the
 * order it placed; refused, it says the reason; decided, by whom and when.
 */
export function RequestStatus({ row }: { row: Pick<ApprovalRow, "status" | "order" | "refusalReason" | "decidedAt" | "decidedByName"> }) {
  const decided = row.decidedByName && row.decidedAt ? ` par ${row.decidedByName} le ${formatDate(row.decidedAt)}` : "";
  return (
    <>
      <span className="request-status" data-status={row.status}>
        {APPROVAL_STATUS_LABELS[row.status]}
      </span>
      {row.status === "approved" || row.status === "refused" ? decided : null}
      {row.status === "approved" && row.order ? (
        <>
          {" → "}
          <Link to={`/mon-compte/commandes/${row.order.id}`}>commande {row.order.number}</Link>
        </>
      ) : null}
      {row.status === "refused" && row.refusalReason ? (
        <span className="request-status__reason"> Motif : « {row.refusalReason} »</span>
      ) : null}
    </>
  );
}
