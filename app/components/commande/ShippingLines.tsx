import type { CartLineView } from "~/services/cart/types";
import { Money } from "~/components/ui/Money";

/** The shipping lines the rules give this cart (docs/shipping.md), with the direct-delivery fee. */
export function ShippingLines({ lines, lddFee }: { lines: CartLineView[]; lddFee: number | null }) {
  if (lines.length === 0 && lddFee === null) return <p className="muted">Aucun frais de port.</p>;
  return (
    <ul className="shipping-lines" data-testid="shipping-lines">
      {lines.map((line) => (
        <li key={line.lineId} data-testid={`shipping-${line.ref}`}>
          <span>
            {line.title} <span className="muted">({line.ref}{line.qty > 1 ? ` × ${line.qty}` : ""})</span>
          </span>
          <Money cents={line.lineTotal} />
        </li>
      ))}
      {lddFee !== null ? (
        <li data-testid="shipping-ldd">
          <span>Forfait livraison directe</span>
          <Money cents={lddFee} />
        </li>
      ) : null}
    </ul>
  );
}
