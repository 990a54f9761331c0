import type { CartLineView } from "~/services/cart/types";
import { LDD_ROW_KEY } from "@shared/domain/shipping-display";
import { cartShippingRows } from "~/components/cart/shipping-rows";
import { Money } from "~/components/ui/Money";

/**
 * The shipping amounts the rules give this cart (docs/shipping.md), the direct-delivery fee
 * among them: each under its French name, and together the « Frais de port HT » of the totals.
 */
export function ShippingLines({ lines, lddFee }: { lines: CartLineView[]; lddFee: number | null }) {
  const { rows, francoNote } = cartShippingRows(lines, lddFee);
  if (rows.length === 0) return <p className="muted">Aucun frais de port.</p>;
  return (
    <>
      <ul className="shipping-lines" data-testid="shipping-lines">
        {rows.map((row) => (
          <li key={row.key} data-testid={row.key === LDD_ROW_KEY ? "shipping-ldd" : `shipping-${row.key}`}>
            <span>
              {row.label}
              {row.qty > 1 ? <span className="muted">{` × ${row.qty}`}</span> : null}
            </span>
            <Money cents={row.amount} />
          </li>
        ))}
      </ul>
      {francoNote ? (
        <p className="muted" data-testid="franco-note">
          {francoNote}
        </p>
      ) : null}
    </>
  );
}
