import { Link } from "@remix-run/react";
import { formatDate } from "@shared/domain/french-format";
import { countOf } from "@shared/domain/plural";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { ApprovalRow } from "~/services/approvals/request-types";
import { RequestStatus } from "./RequestStatus";

/**
 * One list of approval requests: « À valider » (`toDecide`: who asked and why) or « Mes
 * demandes » (`mine`: where each stands). The HT total only with `prices`.
 */
export function RequestTable({
  rows,
  variant,
  showPrices,
  caption,
}: {
  rows: ApprovalRow[];
  variant: "toDecide" | "mine";
  showPrices: boolean;
  caption: string;
}) {
  return (
    <table className="table request-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Demande</th>
          <th scope="col">Date</th>
          {variant === "toDecide" ? <th scope="col">Demandeur</th> : <th scope="col">Statut</th>}
          <th scope="col">Produits</th>
          {showPrices ? <th scope="col">Total HT</th> : null}
          <th scope="col">Pourquoi une validation</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={`request-${row.number}`}>
            <th scope="row">
              <Link to={`/mon-compte/validations/${row.id}`}>{row.number}</Link>
            </th>
            <LabelledCell label="Date">{formatDate(row.createdAt)}</LabelledCell>
            {variant === "toDecide" ? (
              <LabelledCell label="Demandeur">{row.requesterName}</LabelledCell>
            ) : (
              <LabelledCell label="Statut">
                <RequestStatus row={row} />
              </LabelledCell>
            )}
            <LabelledCell label="Produits">{countOf(row.linesCount, "ligne", "lignes")}</LabelledCell>
            {showPrices ? (
              <LabelledCell label="Total HT" className="request-table__amount">
                <Money cents={row.totalHt} />
              </LabelledCell>
            ) : null}
            <LabelledCell label="Pourquoi une validation">
              {row.reasons.length === 0 ? (
                "—"
              ) : (
                // Phrasing content only: the cell's value is a span (LabelledCell), one reason a line.
                <span className="request-reasons request-reasons--inline">
                  {row.reasons.map((reason) => (
                    <span key={reason}>{reason}</span>
                  ))}
                </span>
              )}
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
