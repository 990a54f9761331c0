import { Link } from "@remix-run/react";
import { AddToCartForm } from "../panier/AddToCartForm";
import { FavoriteToggle } from "./FavoriteToggle";
import { productHref } from "./list-url";
import { PriceBlock } from "./PriceBlock";
import { ProductPicture } from "./ProductPicture";
import { StockBadge } from "./StockBadge";
import type { ProductCardView, StockEntry } from "./types";

interface ProductCardProps {
  product: ProductCardView;
  stock: StockEntry | undefined;
  canUpdateCart: boolean;
}

export function ProductCard({ product, stock, canUpdateCart }: ProductCardProps) {
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
        {product.price ? <PriceBlock price={product.price} /> : null}
        <StockBadge stock={stock} />
      </div>
      <div className="product-card__actions">
        {canUpdateCart && !product.discontinued ? <AddToCartForm productId={product.id} productRef={product.ref} compact /> : null}
        <FavoriteToggle productId={product.id} productTitle={product.title} isFavorite={product.isFavorite} />
      </div>
    </article>
  );
}
