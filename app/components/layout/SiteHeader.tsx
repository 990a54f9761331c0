import { Link, NavLink } from "@remix-run/react";
import { SearchBox } from "~/components/catalogue/SearchBox";
import { AccountMenu } from "./AccountMenu";
import type { AccountMenuAccess } from "~/services/layout/types";

export interface SiteHeaderProps {
  organizationName: string;
  userName: string;
  /** Products in the organization's cart (shipping lines excluded); null when unknown or not allowed. */
  cartCount: number | null;
  /** False for an account that may look at the cart but not change it (no quick order then). */
  canEditCart: boolean;
  access: AccountMenuAccess;
}

function cartLabel(count: number): string {
  if (count === 0) return "Panier vide";
  return count === 1 ? "Panier, 1 produit" : `Panier, ${count} produits`;
}

export function SiteHeader({ organizationName, userName, cartCount, canEditCart, access }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__top">
        <Link to="/" className="brand" aria-label="NautiDistrib, accueil">
          <span className="brand__mark" aria-hidden="true">
            ⚓
          </span>
          <span className="brand__name">NautiDistrib</span>
        </Link>
        <p className="site-header__organization" data-testid="organization-name">
          {organizationName}
        </p>
        {/* A GET form to /catalogue without JavaScript; with it, suggestions while typing. */}
        <SearchBox variant="header" defaultQuery="" />
        <div className="site-header__tools">
          {cartCount !== null ? (
            // Named by a hidden text that starts with the visible one (WCAG 2.5.3), not by aria-label.
            <Link to="/mon-panier" className="cart-badge">
              <span aria-hidden="true">Panier</span>
              <span className="cart-badge__count" aria-hidden="true" data-testid="cart-count">
                {cartCount}
              </span>
              <span className="visually-hidden">{cartLabel(cartCount)}</span>
            </Link>
          ) : null}
          <AccountMenu userName={userName} access={access} />
        </div>
      </div>
      <nav className="main-nav" aria-label="Navigation principale">
        <NavLink to="/catalogue" end>
          Catalogue
        </NavLink>
        <NavLink to="/catalogue/marques">Marques</NavLink>
        {cartCount !== null && canEditCart ? <NavLink to="/mon-panier/commande-rapide">Commande rapide</NavLink> : null}
        <NavLink to="/actualites">Actualités</NavLink>
        <NavLink to="/telechargements">Téléchargements</NavLink>
      </nav>
    </header>
  );
}
