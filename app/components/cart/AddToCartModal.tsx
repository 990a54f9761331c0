import { Link } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import type { AddedToCart } from "~/services/cart/types";
import { FreeShippingNotice } from "./ShippingOffers";
import { StockNotice } from "./StockNotice";
import { formatEuros } from "@shared/domain/french-format";

export interface AddToCartModalProps {
  added: AddedToCart | null;
  onClose: () => void;
}

/** The 'add-to-cart' modal of the spec: what was added, the cart's new total, two ways on. */
export function AddToCartModal({ added, onClose }: AddToCartModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const stockId = useId();

  // The modal is removed from the page when it closes, which would leave the focus on the
  // body (the next Tab landing in the footer): it goes back to what had it when the modal
  // opened, the add-to-cart button, if that is still on the page.
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // showModal traps focus and gives Escape for free; happy-dom and old browsers lack it.
    if (added && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!added && dialog.open) dialog.close();
  }, [added]);

  return (
    <dialog
      ref={dialogRef}
      className="add-to-cart-modal"
      aria-labelledby={titleId}
      aria-describedby={added?.availability ? stockId : undefined}
      data-testid="add-to-cart-modal"
      onClose={onClose}
    >
      {added ? (
        <>
          <h2 id={titleId}>Produit ajouté au panier</h2>
          <div className="add-to-cart-modal__product">
            {added.product.image ? <img src={added.product.image} alt="" width={64} height={64} /> : null}
            <p>
              <strong>{added.product.title}</strong>
              <br />
              <span className="muted">Réf. {added.product.ref}</span>
            </p>
          </div>
          <p data-testid="add-to-cart-modal-qty">
            Quantité ajoutée : {added.qtyAdded}
            {added.qtyInCart !== added.qtyAdded ? ` (${added.qtyInCart} au total dans le panier)` : null}
          </p>
          {added.availability ? (
            <p className="add-to-cart-modal__stock">
              <StockNotice availability={added.availability} beforeInstructions id={stockId} />
            </p>
          ) : null}
          {added.totalHt !== null && added.totalTtc !== null ? (
            <p data-testid="add-to-cart-modal-total">
              Total du panier : {formatEuros(added.totalHt)} HT · {formatEuros(added.totalTtc)} TTC
            </p>
          ) : null}
          {added.freeShipping ? <FreeShippingNotice progress={added.freeShipping} /> : null}
          <div className="add-to-cart-modal__actions">
            <button type="button" className="button" onClick={onClose}>
              Continuer mes achats
            </button>
            <Link to="/mon-panier" className="button button--primary" onClick={onClose}>
              Voir le panier
            </Link>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
