import { Form, Link } from "@remix-run/react";
import { settingsLinksFor } from "~/services/layout/account-pages";
import type { AccountMenuAccess } from "~/services/layout/types";

/**
 * A <details> menu: it opens and closes without JavaScript. It offers only the pages the
 * account may open (the same rule as their guards: services/layout/account-pages.ts).
 */
export function AccountMenu({ userName, access }: { userName: string; access: AccountMenuAccess }) {
  return (
    <details className="account-menu">
      <summary>
        <span className="visually-hidden">Menu du compte de </span>
        {userName}
      </summary>
      <ul className="account-menu__list">
        <li>
          <Link to="/mon-compte">Mon compte</Link>
        </li>
        {/* Every account of the organization reads its orders: `orders` is for confirming (docs/decisions/0103). */}
        <li>
          <Link to="/mon-compte/commandes">Mes commandes</Link>
        </li>
        {access.canUpdateCart ? (
          <li>
            <Link to="/mon-compte/validations">Validations de commandes</Link>
          </li>
        ) : null}
        {access.canUpdateCart ? (
          <li>
            <Link to="/mon-compte/listes">Listes de commande</Link>
          </li>
        ) : null}
        {access.canSchedule ? (
          <li>
            <Link to="/mon-compte/commandes-programmees">Commandes programmées</Link>
          </li>
        ) : null}
        {access.canReturn ? (
          <li>
            <Link to="/mon-compte/retours">Retours</Link>
          </li>
        ) : null}
        <li>
          <Link to="/mon-compte/references">Mes références</Link>
        </li>
        {access.canViewQuotes ? (
          <li>
            <Link to="/mon-compte/mes-devis">Mes devis</Link>
          </li>
        ) : null}
        {access.canViewInvoices ? (
          <li>
            <Link to="/mon-compte/factures">Mes factures</Link>
          </li>
        ) : null}
        {access.canViewPrices ? (
          <li>
            <Link to="/mon-compte/tarifs">Mes tarifs</Link>
          </li>
        ) : null}
        {settingsLinksFor(access).map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        {access.canPickClients ? (
          <li>
            <Link to="/clients">Changer de client</Link>
          </li>
        ) : null}
        <li>
          <Form method="post" action="/deconnexion">
            <button type="submit" className="link-button">
              Se déconnecter
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
