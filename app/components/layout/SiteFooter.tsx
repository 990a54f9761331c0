import { Link } from "@remix-run/react";

/** Footer of the authenticated layout: the legal links every French site must show, the RGAA status and the contact. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Informations légales" className="site-footer__links">
        <Link to="/mentions-legales">Mentions légales</Link>
        <Link to="/politique-de-confidentialite">Politique de confidentialité</Link>
        <Link to="/accessibilite">Accessibilité : partiellement conforme</Link>
        <Link to="/nous-contacter">Nous contacter</Link>
      </nav>
      <p className="site-footer__company">NautiDistrib SAS · Distribution d'équipements marins aux professionnels · 17000 La Rochelle</p>
    </footer>
  );
}
