import type { ShownTotals } from "@shared/domain/totals";
import { shownTotalRows } from "~/components/checkout/shown-total-rows";
import { Money } from "~/components/ui/Money";

/**
 * The cart's totals as shared/domain shows them, the ecotax inside the HT total (decision 0161);
 * an HT account pays neither VAT nor ecotax.
 */
export function CartTotals({ totals, taxExempt }: { totals: ShownTotals; taxExempt: boolean }) {
  const rows = shownTotalRows(totals, taxExempt, "total").filter(([, , testId]) => testId !== "total-ttc");
  return (
    <dl className="cart-totals" data-testid="cart-totals">
      {rows.map(([label, cents, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>
            <Money cents={cents} />
          </dd>
        </div>
      ))}
      {taxExempt ? (
        <div>
          <dt>TVA et éco-participation</dt>
          <dd>Non applicables (compte HT)</dd>
        </div>
      ) : null}
      <div className="cart-totals__grand">
        <dt>Total TTC</dt>
        <dd data-testid="total-ttc">
          <Money cents={totals.ttc} />
        </dd>
      </div>
    </dl>
  );
}
