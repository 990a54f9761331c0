import type { OrderApproval } from "@shared/contracts/orders";
import { formatDate } from "@shared/domain/french-format";

/**
 * An order placed by approving a request (docs/approvals.md): the request, who asked (the
 * order's author) and who approved, beside « Passée par » in the order's facts.
 */
export function OrderApprovalFact({ approval }: { approval: OrderApproval }) {
  return (
    <div data-testid="order-approval">
      <dt>Validation</dt>
      <dd>
        Demande {approval.number} de {approval.requested_by}, validée par {approval.approved_by} le {formatDate(approval.approved_at)}
      </dd>
    </div>
  );
}
