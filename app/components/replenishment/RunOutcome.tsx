import { Link } from "@remix-run/react";
import type { RunView } from "~/services/replenishment/types";

/**
 * What a run did, in French (docs/replenishment-portal.md): the order it placed (a link to
 * it), the approval request it became (a link to it), why it placed nothing, or that it was
 * skipped or missed. Phrasing content only: it sits in a table cell's span.
 */
export function RunOutcome({ run }: { run: RunView }) {
  switch (run.outcome) {
    case "placed":
      return (
        <span className="run-outcome" data-outcome="placed">
          Commande passée
          {run.order ? (
            <>
              {" : "}
              <Link to={`/mon-compte/commandes/${run.order.id}`}>commande {run.order.ref}</Link>
            </>
          ) : null}
        </span>
      );
    case "approval":
      return (
        <span className="run-outcome" data-outcome="approval">
          Envoyée pour validation
          {run.approval ? (
            <>
              {" : "}
              <Link to={`/mon-compte/validations/${run.approval.id}`}>demande {run.approval.number}</Link>
            </>
          ) : null}
        </span>
      );
    case "failed":
      return (
        <span className="run-outcome" data-outcome="failed">
          Non passée{run.reason ? ` : ${run.reason}` : ""}
        </span>
      );
    case "skipped":
      return (
        <span className="run-outcome" data-outcome="skipped">
          {withReason("Sautée", run.reason)}
        </span>
      );
    case "missed":
      return (
        <span className="run-outcome" data-outcome="missed">
          {withReason("Manquée", run.reason)}
        </span>
      );
  }
}

/** « Sautée », or the back-office's sentence when it says it already (« Sautée par Maël Kerjean. »), else both. */
function withReason(label: string, reason: string | null): string {
  if (!reason) return label;
  return reason.startsWith(label) ? reason : `${label} : ${reason}`;
}
