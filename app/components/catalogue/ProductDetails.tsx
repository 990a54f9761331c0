import { Link } from "@remix-run/react";
import { AddToCartForm } from "~/components/cart/AddToCartForm";
import { FavoriteToggle } from "./FavoriteToggle";
import { PriceBlock } from "./PriceBlock";
import { ProductPicture } from "./ProductPicture";
import { StockBadge } from "./StockBadge";
import type { ProductPageView } from "~/services/catalogue/types";

/** The product page's content; the notices (MMSI, hazardous goods) come before the buying block. */
export function ProductDetails({ product, price, isFavorite, canUpdateCart, canRequestQuote, stock }: Omit<ProductPageView, "crumbs">) {
  const [mainImage, ...otherImages] = product.images;
  return (
    <article className="product-page">
      <div className="product-page__media">
        <ProductPicture src={mainImage ?? null} size="large" />
        {otherImages.length > 0 ? (
          <ul className="product-page__thumbs">
            {otherImages.map((src) => (
              <li key={src}>
                <ProductPicture src={src} size="small" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="product-page__summary">
        <h1>{product.title}</h1>
        <p className="product-page__meta">
          Réf. <strong data-testid="product-ref">{product.ref}</strong>
          {product.brand ? (
            <>
              {" · "}
              <Link to={`/catalogue/marques/${product.brand.slug}`}>{product.brand.title}</Link>
            </>
          ) : null}
          {" · "}
          {product.name}
        </p>
        {product.discontinued ? <p className="notice">Ce produit n'est plus commercialisé.</p> : null}
        {product.isMmsi ? (
          <div className="notice notice--mmsi" role="note">
            <strong>Produit MMSI.</strong> {product.certificatesInfo ?? "Un certificat MMSI est exigé pour chaque unité commandée."}
          </div>
        ) : null}
        {product.isHazardous ? (
          <p className="notice" role="note">
            Marchandise dangereuse : transport soumis à la réglementation ADR (supplément de port).
          </p>
        ) : null}
        {price ? <PriceBlock price={price} detailed /> : <p className="muted">Les prix ne sont pas affichés pour votre compte.</p>}
        <StockBadge stock={stock} />
        <div className="product-page__actions">
          {canUpdateCart ? <AddToCartForm productId={product.id} productRef={product.ref} /> : null}
          <FavoriteToggle productId={product.id} productTitle={product.title} isFavorite={isFavorite} />
        </div>
        {canRequestQuote ? (
          // A GET form to the request page: the product and the quantity pre-fill it, without JavaScript.
          <form method="get" action="/mon-compte/mes-devis/nouveau" className="product-page__quote" aria-label="Demander un devis">
            <input type="hidden" name="produit" value={product.id} />
            <label htmlFor="devis-quantite">Quantité pour un devis</label>{" "}
            <input id="devis-quantite" name="quantite" type="text" inputMode="numeric" size={5} defaultValue="1" />{" "}
            <button type="submit" className="button">
              Demander un devis
            </button>
          </form>
        ) : null}
      </div>
      <section className="product-page__description" aria-labelledby="description">
        <h2 id="description">Description</h2>
        <p>{product.description}</p>
        {product.properties.length > 0 ? (
          <table className="table properties">
            <caption>Caractéristiques</caption>
            <tbody>
              {product.properties.map((property) => (
                <tr key={property.name}>
                  <th scope="row">{property.name}</th>
                  <td>{property.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {product.documents.length > 0 ? (
          <>
            <h2>Documents</h2>
            <ul>
              {product.documents.map((document) => (
                <li key={document.url}>
                  <a href={document.url} rel="noopener noreferrer">
                    {document.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </article>
  );
}
