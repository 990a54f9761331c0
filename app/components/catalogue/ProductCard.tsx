import { Link } from "@remix-run/react";
import { memo } from "react";
import { AddToCartFormView } from "~/components/cart/AddToCartForm";
import { FavoriteToggleForm } from "./FavoriteToggle";
import { productHref } from "~/services/catalogue/list-url";
import { CardPrice } from "./PriceBlock";
import { ProductPicture } from "./ProductPicture";
import { StockBadge } from "./StockBadge";
import type { ProductCardView, StockEntry } from "~/services/catalogue/types";

interface ProductCardProps {
  product: ProductCardView;
  stock: StockEntry | undefined;
  canUpdateCart: boolean;
  /** This page, where the forms send a browser without JavaScript back to. */
  back: string;
  /** The add-to-cart call of this product is running. */
  adding: boolean;
  /** The favourite state to show: the saved one, or the one asked for while the call runs. */
  favorite: boolean;
}

/**
 * One product of a list. No hooks here: the list sends the card's forms (useCardActions.ts)
 * and hands down what they show, so a page of 24 cards renders 24 plain components. Memoized:
 * the list re-renders on any fetcher of the page (useFetchers), a card only when its props change.
 */
export const ProductCard = memo(function ProductCard({ product, stock, canUpdateCart, back, adding, favorite }: ProductCardProps) {
  return (
    <article className="product-card" aria-labelledby={`produit-${product.id}`}>
      <ProductPicture src={product.image} size="small" />
      <div className="product-card__body">
        <h3 id={`produit-${product.id}`} className="product-card__title">
          <Link to={productHref(product.id)}>{product.title}</Link>
        </h3>
        <p className="product-card__meta">
          <span>
            Réf. <span className="product-card__ref">{product.ref}</span>
          </span>
          {product.brand ? <span>{product.brand.title}</span> : null}
        </p>
        {product.discontinued ? <p className="badge badge--muted">Produit arrêté</p> : null}
        {product.price ? <CardPrice price={product.price} /> : null}
        <StockBadge stock={stock} />
      </div>
      <div className="product-card__actions">
        {canUpdateCart && !product.discontinued ? (
          <AddToCartFormView productId={product.id} productRef={product.ref} compact back={back} busy={adding} />
        ) : null}
        <FavoriteToggleForm productId={product.id} productTitle={product.title} favorite={favorite} back={back} />
      </div>
    </article>
  );
});
