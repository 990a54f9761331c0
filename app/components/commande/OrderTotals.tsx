import type { Totals } from "@shared/domain/totals";
import { Money } from "~/components/ui/Money";

/** Totals computed by shared/domain; a tax-exempt (HT) account sees HT amounts only. */
export function OrderTotals({ totals, taxExempt }: { totals: Totals; taxExempt: boolean }) {
  const rows: [string, number, string][] = [
    ["Produits HT", totals.productsHt, "total-products"],
    ["Frais de port HT", totals.shippingHt, "total-shipping"],
    ["Total HT", totals.ht, "total-ht"],
  ];
  if (!taxExempt) {
    rows.push(["Écotaxe", totals.ecotaxe, "total-ecotaxe"], ["TVA", totals.tva, "total-tva"], ["Total TTC", totals.ttc, "total-ttc"]);
  }
  return (
    <dl className="cart-totals" data-testid="checkout-totals">
      {rows.map(([label, cents, testId]) => (
        <div key={testId} className={testId === (taxExempt ? "total-ht" : "total-ttc") ? "cart-totals__grand" : undefined}>
          <dt>{label}</dt>
          <dd data-testid={testId}>
            <Money cents={cents} />
          </dd>
        </div>
      ))}
      {taxExempt ? <p className="muted">Compte exonéré : ni TVA ni écotaxe.</p> : null}
    </dl>
  );
}
