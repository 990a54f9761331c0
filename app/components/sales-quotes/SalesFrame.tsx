import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

/**
 * The contributor's blank layout (as /clients): no shop header, its name, the way back to the
 * client picker and the logout. The representative's quote pages live here whether or not it
 * is acting for a client.
 */
export function SalesFrame({ contributorName, children }: { contributorName: string; children: ReactNode }) {
  return (
    <div className="page page--blank">
      <header className="blank-header">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            ⚓
          </span>
          NautiDistrib
        </span>
        <nav className="blank-header__tools" aria-label="Espace commercial">
          <span>{contributorName}</span>
          <Link to="/clients" className="button button--ghost">
            Mes clients
          </Link>
          <Link to="/clients/devis" className="button button--ghost">
            Demandes de devis
          </Link>
          <Form method="post" action="/deconnexion">
            <button type="submit" className="button button--ghost">
              Se déconnecter
            </button>
          </Form>
        </nav>
      </header>
      <main id="contenu" className="page__main compte">
        {children}
      </main>
    </div>
  );
}
