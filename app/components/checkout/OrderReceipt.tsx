import { Link } from "@remix-run/react";
import type { Order } from "@shared/contracts/api";
import { orderReceiptRows } from "@shared/domain/order-receipt";
import { LDD_ROW_KEY } from "@shared/domain/shipping-display";
import { OwnCode } from "~/components/part-numbers/OwnCode";
import { Money } from "~/components/ui/Money";
import { shownTotalRows } from "./shown-total-rows";
import { AddressBlock } from "./AddressBlock";

const NUMBER = "checkout-table__number";
/** The Saturday shipping line: present when the Saturday delivery was charged (ordered on a Friday). */
const SATURDAY_REF = "PORT_SAMEDI";

/**
 * The confirmed order as the back-office stored it: number, lines, shipping amounts (the
 * direct-delivery fee included, French names), totals, delivery address. What the table lists
 * adds up to the totals below it; a product line's « Total HT » includes its ecotax and the HT
 * total shows it as « dont éco-participation » (decision 0161). Without `prices` the amounts are null
 * (docs/decisions/0107-no-amounts-without-prices.md): « — ». The number links to the order's
 * page; the delivery restates what was chosen: express, Saturday, partial delivery. A line
 * ordered under the organization's own code shows it beside the reference (issue 38).
 */
export function OrderReceipt({ order, taxExempt, showPrices }: { order: Order; taxExempt: boolean; showPrices: boolean }) {
  const amount = (cents: number | null) => <Money cents={showPrices ? cents : null} />;
  const receipt = orderReceiptRows(order);
  const showsEcotaxe = showPrices && !taxExempt;
  const totals = receipt.totals === null ? [] : shownTotalRows(receipt.totals, taxExempt, "order-total");
  const grand = taxExempt ? "order-total-ht" : "order-total-ttc";
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-title">
      <h2 id="order-receipt-title">
        Commande n°{" "}
        <Link to={`/mon-compte/commandes/${order.ord_id}`} data-testid="order-number">
          {order.ord_ref}
        </Link>
      </h2>
      <p>
        Passée par {order.usr_name}
        {order.cart_ref ? ` · votre référence : ${order.cart_ref}` : ""}.
      </p>
      <table className="checkout-table" data-testid="order-lines">
        <caption>Produits et frais de port de la commande</caption>
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col" className={NUMBER}>
              Prix unitaire HT
            </th>
            <th scope="col" className={NUMBER}>
              Quantité
            </th>
            <th scope="col" className={NUMBER}>
              Total HT
            </th>
            {showsEcotaxe ? (
              <th scope="col" className={NUMBER}>
                Dont éco-participation
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {receipt.products.map((line, index) => (
            <tr key={`${line.ref}-${index}`} data-testid={`order-line-${line.ref}`}>
              <th scope="row">
                {line.title}{" "}
                <span className="muted">
                  Réf. {line.ref}
                  <OwnCode code={line.ownCode} />
                </span>
              </th>
              <td className={NUMBER} data-label="Prix unitaire HT">
                {amount(line.unitPrice)}
              </td>
              <td className={NUMBER} data-label="Quantité">
                {line.qty}
              </td>
              <td className={NUMBER} data-label="Total HT">
                {amount(line.amount)}
              </td>
              {showsEcotaxe ? (
                <td className={NUMBER} data-label="Dont éco-participation">
                  {amount(line.ecotaxe)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        {receipt.shipping.rows.length > 0 ? (
          <tbody className="checkout-table__shipping">
            {receipt.shipping.rows.map((row) => (
              <tr key={row.key} data-testid={row.key === LDD_ROW_KEY ? "order-shipping-ldd" : `order-shipping-${row.key}`}>
                <th scope="row">{row.label}</th>
                <td className={NUMBER} data-label="Prix unitaire HT">
                  {amount(row.unitPrice)}
                </td>
                <td className={NUMBER} data-label="Quantité">
                  {row.qty}
                </td>
                <td className={NUMBER} data-label="Total HT">
                  {amount(row.amount)}
                </td>
                {showsEcotaxe ? <td /> : null}
              </tr>
            ))}
          </tbody>
        ) : null}
      </table>
      {receipt.shipping.francoNote ? <p className="muted">{receipt.shipping.francoNote}</p> : null}
      {showPrices ? (
        <dl className="cart-totals order-receipt__totals" data-testid="order-totals">
          {totals.map(([label, cents, testId]) => (
            <div key={testId} className={testId === grand ? "cart-totals__grand" : undefined}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{amount(cents)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {taxExempt && showPrices ? <p className="muted">Compte exonéré : ni TVA ni éco-participation.</p> : null}
      <h3>Livraison</h3>
      <AddressBlock address={order.dlv_address} />
      <p data-testid="order-delivery-options">
        {order.ldd_active ? "Livraison directe chez votre client (express)." : "Livraison standard."}
        {order.saturday
          ? receipt.shipping.rows.some((row) => row.key === SATURDAY_REF)
            ? " Livraison le samedi."
            : " Livraison le samedi demandée (facturée seulement le vendredi)."
          : null}
      </p>
      <p>{order.partialDelivery ? "Livraison partielle acceptée." : "Livraison en une seule fois."}</p>
      <p>
        <Link to="/mon-compte/commandes" className="button button--primary">
          Voir mes commandes
        </Link>{" "}
        <Link to="/catalogue">Continuer mes achats</Link>
      </p>
    </section>
  );
}
