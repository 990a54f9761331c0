import { Form } from "@remix-run/react";
import type { CartView } from "~/services/cart/types";
import { CartLineRow } from "./CartLineRow";
import { Money } from "~/components/ui/Money";

/**
 * The cart's lines in one form with one "mettre à jour" button (works without JavaScript);
 * with JavaScript each quantity also saves itself as the user types. The remove buttons
 * submit small forms of their own, outside the table (a form cannot hold another).
 */
export function CartLinesForm({ view }: { view: CartView }) {
  const { canEdit, canSeePrices, showsEcotaxe } = view;
  return (
    <>
      <Form method="post" action="/mon-panier?index" className="cart-lines" id="cart-lines">
        <table className="table cart-table">
          <caption className="visually-hidden">Produits du panier</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">Produit</th>
              {canSeePrices ? <th scope="col">Prix unitaire HT</th> : null}
              {showsEcotaxe ? <th scope="col">Écotaxe</th> : null}
              <th scope="col">Quantité</th>
              {canSeePrices ? <th scope="col">Total HT</th> : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <CartLineRow key={line.lineId} line={line} canEdit={canEdit} canSeePrices={canSeePrices} showsEcotaxe={showsEcotaxe} />
            ))}
            {view.shippingLines.map((line) => (
              <tr key={line.lineId} className="cart-shipping-line" data-testid={`shipping-line-${line.ref}`}>
                <td aria-hidden="true" />
                <td>
                  {line.title}
                  <br />
                  <span className="muted">Frais de port calculés automatiquement · {line.ref}</span>
                </td>
                {canSeePrices ? (
                  <td className="cart-number">
                    <Money cents={line.unitPrice} />
                  </td>
                ) : null}
                {showsEcotaxe ? <td /> : null}
                <td>{line.qty}</td>
                {canSeePrices ? (
                  <td className="cart-number">
                    <Money cents={line.lineTotal} />
                  </td>
                ) : null}
                <td />
              </tr>
            ))}
          </tbody>
        </table>
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
