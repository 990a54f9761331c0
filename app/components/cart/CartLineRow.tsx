import { Link } from "@remix-run/react";
import type { CartLineView } from "~/services/cart/types";
import { Money } from "~/components/ui/Money";
import { OwnCode } from "~/components/part-numbers/OwnCode";
import { StockNotice } from "./StockNotice";
import { useQuantityField } from "./useQuantityField";
import { formatDate, formatPercent } from "@shared/domain/french-format";

function stockText(line: CartLineView): string {
  if (line.stock > 0) return `En stock (${line.stock})`;
  if (line.refillDate) {
    const date = formatDate(line.refillDate);
    return `Réapprovisionnement le ${date}${line.refillQty ? ` (${line.refillQty})` : ""}`;
  }
  return "Hors stock";
}

export interface CartLineRowProps {
  line: CartLineView;
  canEdit: boolean;
  canSeePrices: boolean;
  /** False for an HT account, which pays no ecotax. The line's ecotax, beside its total. */
  showsEcotaxe: boolean;
}

/**
 * One product line; its quantity field belongs to the cart's "mettre à jour" form and, with
 * JavaScript, saves itself as the user types (useQuantityField).
 */
export function CartLineRow({ line, canEdit, canSeePrices, showsEcotaxe }: CartLineRowProps) {
  const quantity = useQuantityField(line.lineId, line.qty);
  const fieldId = `qty-${line.lineId}`;
  return (
    <tr data-testid={`cart-line-${line.ref}`}>
      <td className="cart-line__picture">
        {line.picture ? (
          <img className="cart-line__image" src={line.picture} alt="" width={48} height={48} loading="lazy" decoding="async" />
        ) : (
          <span className="cart-line__placeholder" aria-hidden="true">
            {line.ref.slice(0, 2)}
          </span>
        )}
      </td>
      <td className="cart-line__product">
        <Link to={`/catalogue/produit/${line.productId}`}>{line.title}</Link>
        <br />
        <span className="muted">
          Réf. {line.ref}
          <OwnCode code={line.ownCode} />
        </span>
        {line.promoName ? <span className="tag cart-line__promo">{line.promoName}</span> : null}
        {line.discountPercent !== null ? <span className="muted"> · remise {formatPercent(line.discountPercent)}</span> : null}
        {line.quote ? (
          <span className="tag cart-line__quote">
            Prix du devis {line.quote.number} jusqu&apos;au {formatDate(line.quote.validUntil)}
          </span>
        ) : null}
        {line.quoteExpired ? (
          <>
            <br />
            <strong className="cart-line__quote-expired" role="status">
              Le prix du devis {line.quoteExpired.number}
              {line.quoteExpired.on ? ` a expiré le ${formatDate(line.quoteExpired.on)}` : " a expiré"} : prix habituel appliqué.
            </strong>
          </>
        ) : null}
        <br />
        {line.discontinued ? (
          <strong className="cart-line__discontinued">
            Ce produit n&apos;est plus commercialisé : retirez-le pour enregistrer d&apos;autres changements et commander.
          </strong>
        ) : line.availability ? (
          <StockNotice availability={line.availability} beforeInstructions={canEdit} />
        ) : (
          <span className="cart-line__stock">{stockText(line)}</span>
        )}
      </td>
      {canSeePrices ? (
        <td className="cart-number" data-label="Prix unitaire HT">
          <Money cents={line.unitPrice} />
          {line.listPrice !== null && line.unitPrice !== null && line.listPrice > line.unitPrice ? (
            <del className="muted cart-line__list-price">
              <Money cents={line.listPrice} />
            </del>
          ) : null}
        </td>
      ) : null}
      <td data-label="Quantité">
        {canEdit ? (
          <>
            <label htmlFor={fieldId} className="visually-hidden">
              Quantité de {line.ref}
            </label>
            <input type="hidden" name={`was:${line.lineId}`} value={line.qty} />
            <input
              id={fieldId}
              className="cart-line__qty"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              name={`qty:${line.lineId}`}
              data-testid={`qty-${line.ref}`}
              ref={quantity.ref}
              value={quantity.value}
              onChange={(event) => quantity.onChange(event.target.value)}
              onFocus={quantity.onFocus}
              onBlur={quantity.onBlur}
              aria-invalid={quantity.error ? true : undefined}
              aria-describedby={quantity.error ? `${fieldId}-error` : undefined}
            />
            {quantity.error ? (
              <p id={`${fieldId}-error`} className="form__error">
                {quantity.error}
              </p>
            ) : null}
            {/* Always there, so that a screen reader announces the notice when it appears. */}
            <div role="status" className="cart-line__changed">
              {quantity.theirs !== null ? (
                <p data-testid={`qty-changed-${line.ref}`}>
                  Un collègue vient de passer cette ligne à {quantity.theirs}. Votre quantité ({quantity.value}) la remplace.{" "}
                  <button type="button" className="link-button" onClick={quantity.takeTheirs}>
                    Garder {quantity.theirs}
                  </button>
                </p>
              ) : null}
            </div>
          </>
        ) : (
          <span>{line.qty}</span>
        )}
      </td>
      {canSeePrices ? (
        <td className="cart-number" data-label="Total HT" data-testid={`line-total-${line.ref}`}>
          <Money cents={line.lineTotal} />
        </td>
      ) : null}
      {showsEcotaxe ? (
        <td className="cart-number" data-label="Dont éco-participation" data-testid={`line-ecotax-${line.ref}`}>
          <Money cents={line.ecotaxe} />
        </td>
      ) : null}
      <td className="table__action">
        {canEdit ? (
          <button type="submit" form={`remove-${line.lineId}`} className="link-button" aria-label={`Retirer ${line.ref} du panier`}>
            Retirer
          </button>
        ) : null}
      </td>
    </tr>
  );
}
