import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet } from "@remix-run/react";
import { guardRequest } from "~/services/guards.server";

/** Public layout: pages for visitors without a session (an authenticated user is sent to /). */
export async function loader(args: LoaderFunctionArgs) {
  await guardRequest(args);
  return null;
}

export default function PublicLayout() {
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
      <main id="contenu" className="page__main page__main--narrow">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p className="site-footer__company">
          NautiDistrib SAS · 12 quai Louis Prunier, 17000 La Rochelle · RCS La Rochelle 812 345 678
        </p>
        <p className="site-footer__company">
          Ce portail n'utilise qu'un cookie de session, indispensable à la connexion ; aucun cookie de mesure
          d'audience.
        </p>
      </footer>
    </div>
  );
}
