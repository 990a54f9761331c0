import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { ApprovalTotalsView } from "~/services/approvals/request-types";

/**
 * The request's totals when asked beside today's (the HT total with its ecotax, decision 0161).
 * Today's is a dash when the cart can no longer be ordered as it stands.
 */
export function RequestTotals({
  then,
  now,
  changed,
}: {
  then: ApprovalTotalsView | null;
  now: ApprovalTotalsView | null;
  changed: string | null;
}) {
  const rows: [string, (totals: ApprovalTotalsView) => number][] = [
    ["Total HT", (totals) => totals.totalHt],
    ["dont éco-participation", (totals) => totals.ecotaxe],
    ["Total TTC", (totals) => totals.ttc],
  ];
  return (
    <>
      <table className="table request-totals" data-testid="request-totals">
        <caption>Totaux</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">À la demande</th>
            <th scope="col">Aujourd'hui</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, pick]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <LabelledCell label="À la demande" className="request-totals__amount">
                <Money cents={then ? pick(then) : null} />
              </LabelledCell>
              <LabelledCell label="Aujourd'hui" className="request-totals__amount">
                <Money cents={now ? pick(now) : null} />
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
      {changed ? (
        <p className="notice" data-testid="request-total-changed">
          {changed}
        </p>
      ) : null}
    </>
  );
}
