import type { ShownTotals } from "@shared/domain/totals";
import { Money } from "~/components/ui/Money";
import { shownTotalRows } from "./shown-total-rows";

/**
 * Totals computed by shared/domain, the ecotax inside the HT total (decision 0161); a
 * tax-exempt (HT) account sees HT amounts only. The cart's summary box (`.cart-totals`), at
 * checkout and on an order's page alike (decision 0189).
 */
export function OrderTotals({
  totals,
  taxExempt,
  testId = "checkout-totals",
}: {
  totals: ShownTotals;
  taxExempt: boolean;
  testId?: string;
}) {
  const rows = shownTotalRows(totals, taxExempt, "total");
  return (
    <dl className="cart-totals" data-testid={testId}>
      {rows.map(([label, cents, testId]) => (
        <div key={testId} className={testId === (taxExempt ? "total-ht" : "total-ttc") ? "cart-totals__grand" : undefined}>
          <dt>{label}</dt>
          <dd data-testid={testId}>
            <Money cents={cents} />
          </dd>
        </div>
      ))}
      {taxExempt ? <p className="muted">Compte exonéré : ni TVA ni éco-participation.</p> : null}
    </dl>
  );
}
