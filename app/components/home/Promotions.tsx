import { Link } from "@remix-run/react";
import { Money } from "~/components/ui/Money";
import type { PromotionsView } from "~/services/home/types";

/** Products on promotion for the organization: the promotion's price, the net price struck. */
export function Promotions({ promotions }: { promotions: PromotionsView }) {
  if (promotions.items.length === 0) return <p className="muted">Aucune promotion en cours pour votre organisation.</p>;
  return (
    <>
      <ul className="home-promotions">
        {promotions.items.map((item) => (
          <li key={item.id} className="home-promotions__item">
            <p className="home-promotions__name">{item.promotionName ?? "Promotion"}</p>
            <h3>
              <Link to={`/catalogue/produit/${item.id}`}>{item.title}</Link>
            </h3>
            <p className="muted">
              Réf. {item.ref}
              {item.brand ? ` · ${item.brand}` : ""}
            </p>
            <p className="home-promotions__price">
              <strong>
                <Money cents={item.promotionPrice} /> HT
              </strong>{" "}
              <span className="visually-hidden">au lieu de votre prix habituel </span>
              <del>
                <Money cents={item.netPrice} />
              </del>
            </p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/catalogue?promo=1">
          Toutes les promotions ({promotions.total} produit{promotions.total > 1 ? "s" : ""})
        </Link>
      </p>
    </>
  );
}
