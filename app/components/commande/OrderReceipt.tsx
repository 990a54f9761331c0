import { Link } from "@remix-run/react";
import type { Order } from "@shared/contracts/api";
import { Money } from "~/components/ui/Money";
import { AddressBlock } from "./AddressBlock";

/**
 * The confirmed order as the back-office stored it: number, lines, totals, delivery address.
 * Without `prices` the amounts are null (docs/decisions/0107-no-amounts-without-prices.md): « — ».
 */
export function OrderReceipt({ order, taxExempt, showPrices }: { order: Order; taxExempt: boolean; showPrices: boolean }) {
  const amount = (cents: number | null) => <Money cents={showPrices ? cents : null} />;
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-title">
      <h2 id="order-receipt-title">
        Commande n° <span data-testid="order-number">{order.ord_ref}</span>
      </h2>
      <p>
        Passée par {order.usr_name}
        {order.cart_ref ? ` · votre référence : ${order.cart_ref}` : ""}.
      </p>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col" className="cart-number">Quantité</th>
            <th scope="col" className="cart-number">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.obj_ref}-${index}`}>
              <td>
                {line.obj_title} <span className="muted">{line.obj_ref}</span>
              </td>
              <td className="cart-number">{line.qty}</td>
              <td className="cart-number">{amount(line.line_total_ht)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cart-totals" data-testid="order-totals">
        <div className={taxExempt ? "cart-totals__grand" : undefined}>
          <dt>Total HT</dt>
          <dd data-testid="order-total-ht">{amount(order.ord_total_ht)}</dd>
        </div>
        {taxExempt ? null : (
          <div className="cart-totals__grand">
            <dt>Total TTC</dt>
            <dd data-testid="order-total-ttc">{amount(order.ord_total_ttc)}</dd>
          </div>
        )}
      </dl>
      <h3>Livraison</h3>
      <AddressBlock address={order.dlv_address} />
      <p>
        <Link to="/mon-compte/commandes" className="button button--primary">
          Voir mes commandes
        </Link>{" "}
        <Link to="/catalogue">Continuer mes achats</Link>
      </p>
    </section>
  );
}
