import { Form } from "@remix-run/react";
import type { CartView } from "~/services/cart/types";
import { CartLineRow } from "./CartLineRow";
import { cartShippingRows } from "./shipping-rows";
import { Money } from "~/components/ui/Money";

/**
 * The cart's lines in one form with one "mettre à jour" button (works without JavaScript);
 * with JavaScript each quantity also saves itself as the user types. The remove buttons
 * submit small forms of their own, outside the table (a form cannot hold another). Every
 * amount of the totals is a row here: products, shipping lines and the direct-delivery fee.
 */
export function CartLinesForm({ view }: { view: CartView }) {
  const { canEdit, canSeePrices, showsEcotaxe } = view;
  const shipping = cartShippingRows(view.shippingLines, view.lddActive ? view.lddPrice : null);
  return (
    <>
      <Form method="post" action="/mon-panier?index" className="cart-lines" id="cart-lines">
        <table className="table cart-table">
          <caption className="visually-hidden">Produits du panier et frais de port</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">Produit</th>
              {canSeePrices ? (
                <th scope="col" className="cart-number">
                  Prix unitaire HT
                </th>
              ) : null}
              <th scope="col">Quantité</th>
              {canSeePrices ? (
                <th scope="col" className="cart-number">
                  Total HT
                </th>
              ) : null}
              {showsEcotaxe ? (
                <th scope="col" className="cart-number">
                  Dont éco-participation
                </th>
              ) : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <CartLineRow key={line.lineId} line={line} canEdit={canEdit} canSeePrices={canSeePrices} showsEcotaxe={showsEcotaxe} />
            ))}
            {shipping.rows.map((row) => (
              <tr key={row.key} className="cart-shipping-line" data-testid={`shipping-line-${row.key}`}>
                <td aria-hidden="true" />
                <td>
                  {row.label}
                  <br />
                  <span className="muted">Frais de port calculés automatiquement</span>
                </td>
                {canSeePrices ? (
                  <td className="cart-number" data-label="Prix unitaire HT">
                    <Money cents={row.unitPrice} />
                  </td>
                ) : null}
                <td data-label="Quantité">{row.qty}</td>
                {canSeePrices ? (
                  <td className="cart-number" data-label="Total HT">
                    <Money cents={row.amount} />
                  </td>
                ) : null}
                {showsEcotaxe ? <td /> : null}
                <td />
              </tr>
            ))}
          </tbody>
        </table>
        {shipping.francoNote ? (
          <p className="cart-franco-note" data-testid="franco-note">
            {shipping.francoNote}
          </p>
        ) : null}
        {canEdit ? (
          <p className="cart-lines__actions">
            <button type="submit" name="intent" value="update" className="button">
              Mettre à jour
            </button>
          </p>
        ) : null}
      </Form>
      {canEdit
        ? view.lines.map((line) => (
            <Form key={line.lineId} id={`remove-${line.lineId}`} method="post" action="/mon-panier?index" hidden>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="lineId" value={line.lineId} />
            </Form>
          ))
        : null}
    </>
  );
}
