import type { ReturnStatus } from "~/services/returns/types";

/** A return's status in its words (« avoir émis »), coloured by what it means for the customer. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className="return-status" data-status={status}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
