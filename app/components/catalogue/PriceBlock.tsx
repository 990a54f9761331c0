import type { CardPriceView, PriceView } from "~/services/catalogue/types";
import { formatEuros, formatPercent } from "@shared/domain/french-format";

/** The first lines of a price: what one unit costs, the struck list price, the promotion. */
function PriceLines({ price }: { price: CardPriceView }) {
  const reduced = price.unitPrice < price.listPrice;
  return (
    <>
      <p className="price__main">
        <span className="price__amount">{formatEuros(price.unitPrice)}</span> <span className="price__unit">HT</span>
        {reduced ? (
          <>
            {" "}
            <del className="price__list">
              <span className="visually-hidden">Prix public </span>
              {formatEuros(price.listPrice)}
            </del>
          </>
        ) : null}
      </p>
      {price.promotion ? (
        <p className="price__promo">
          {/* One text node: two adjacent ones are separated by a comment in the HTML. */}
          <span className="badge badge--promo">Promotion</span>
          {` ${price.promotion.name ?? ""}`}
        </p>
      ) : null}
    </>
  );
}

/** A card's price (amounts computed in cents on the server; this only formats them). */
export function CardPrice({ price }: { price: CardPriceView }) {
  return (
    <div className="price">
      <PriceLines price={price} />
    </div>
  );
}

/** The user's price: amounts come computed in cents from the server; this only formats them. */
export function PriceBlock({ price, detailed = false }: { price: PriceView; detailed?: boolean }) {
  return (
    <div className={detailed ? "price price--detailed" : "price"}>
      <PriceLines price={price} />
      {detailed ? (
        <dl className="price__details">
          <dt>Prix public HT</dt>
          <dd>{formatEuros(price.listPrice)}</dd>
          <dt>Votre prix net HT</dt>
          <dd>{formatEuros(price.netPrice)}</dd>
          {price.discountPercent > 0 ? (
            <>
              <dt>Votre remise</dt>
              <dd>{formatPercent(price.discountPercent)}</dd>
            </>
          ) : null}
          {price.promotion ? (
            <>
              <dt>Prix promotionnel HT</dt>
              <dd>{formatEuros(price.promotion.price)}</dd>
            </>
          ) : null}
          {price.ecotaxe > 0 ? (
            <>
              <dt>Éco-participation HT (par unité)</dt>
              <dd>{formatEuros(price.ecotaxe)}</dd>
            </>
          ) : null}
          {price.priceWithVat !== null ? (
            <>
              <dt>Prix TTC (éco-participation et TVA 20 % comprises)</dt>
              <dd>{formatEuros(price.priceWithVat)}</dd>
            </>
          ) : (
            <>
              <dt>TVA</dt>
              <dd>Non applicable (vente hors taxes)</dd>
            </>
          )}
        </dl>
      ) : null}
    </div>
  );
}
