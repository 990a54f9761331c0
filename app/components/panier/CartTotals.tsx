import type { Totals } from "@shared/domain/totals";
import { Money } from "~/components/ui/Money";

/** The totals of shared/domain computeTotals; an HT account pays neither VAT nor ecotax. */
export function CartTotals({ totals, taxExempt }: { totals: Totals; taxExempt: boolean }) {
  return (
    <dl className="cart-totals" data-testid="cart-totals">
      <div>
        <dt>Produits HT</dt>
        <dd data-testid="total-products">
          <Money cents={totals.productsHt} />
        </dd>
      </div>
      <div>
        <dt>Frais de port HT</dt>
        <dd data-testid="total-shipping">
          <Money cents={totals.shippingHt} />
        </dd>
      </div>
      <div>
        <dt>Total HT</dt>
        <dd data-testid="total-ht">
          <Money cents={totals.ht} />
        </dd>
      </div>
      {taxExempt ? (
        <div>
          <dt>TVA et écotaxe</dt>
          <dd>Non applicables (compte HT)</dd>
        </div>
      ) : (
        <>
          <div>
            <dt>Écotaxe</dt>
            <dd data-testid="total-ecotaxe">
              <Money cents={totals.ecotaxe} />
            </dd>
          </div>
          <div>
            <dt>TVA</dt>
            <dd data-testid="total-tva">
              <Money cents={totals.tva} />
            </dd>
          </div>
        </>
      )}
      <div className="cart-totals__grand">
        <dt>Total TTC</dt>
        <dd data-testid="total-ttc">
          <Money cents={totals.ttc} />
        </dd>
      </div>
    </dl>
  );
}
