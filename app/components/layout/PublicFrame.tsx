import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The visitor's frame: the public header (the brand leads to the login), the page, and the
 * footer with the company's identity and the links a visitor may follow, the legal notice and
 * the privacy policy among them (decision 0187). Drawn by the public layout and by the pages
 * open to everyone when nobody is signed in (the contact and legal pages).
 */
export function PublicFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="page page--public">
      <header className="public-header">
        <Link to="/connexion" className="brand" aria-label="NautiDistrib, connexion">
          <span className="brand__mark" aria-hidden="true">
            ⚓
          </span>
          NautiDistrib
        </Link>
        <p className="public-header__tagline">Le portail des professionnels du nautisme</p>
      </header>
      <main id="contenu" className={wide ? "page__main page__main--form" : "page__main page__main--narrow"}>
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Informations" className="site-footer__links">
          <Link to="/nous-contacter">Nous contacter</Link>
          <Link to="/mentions-legales">Mentions légales</Link>
          <Link to="/politique-de-confidentialite">Politique de confidentialité</Link>
          <Link to="/accessibilite">Accessibilité : partiellement conforme</Link>
        </nav>
        <p className="site-footer__company">NautiDistrib SAS · 12 quai Louis Prunier, 17000 La Rochelle · RCS La Rochelle 812 345 678</p>
        <p className="site-footer__company">
          Ce portail n'utilise qu'un cookie de session, indispensable à la connexion ; aucun cookie de mesure d'audience.
        </p>
      </footer>
    </div>
  );
}
