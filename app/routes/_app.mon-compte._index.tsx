import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackorderTable } from "~/components/orders/BackorderTable";
import { ContactsBlock } from "~/components/orders/ContactsBlock";
import { OrderTable } from "~/components/orders/OrderTable";
import { confirmWithBackoffice } from "~/services/guards.server";
import { accountAccessOf, settingsLinksFor } from "~/services/layout/account-pages";
import { loadAccountHome, requireOrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mon compte · NautiDistrib" }];

/**
 * /mon-compte: who is logged in for which organization, shortcuts, latest orders, open
 * back-orders, and the contacts for the classes that may see them
 * (docs/decisions/0106-contacts-on-the-account-home.md). The settings pages are those the
 * account may open now: judged on /auth/me, asked once per request with the layout.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  const [home, me] = await Promise.all([loadAccountHome(user), confirmWithBackoffice(args, user).catch(asRouteError)]);
  return { ...home, settings: settingsLinksFor(accountAccessOf(me.user, me.master)) };
}

export default function AccountPage() {
  const home = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <h1>Mon compte</h1>
      <p className="compte__who">
        Connecté en tant que <strong>{home.userName}</strong>
        {home.organizationName !== home.userName ? (
          <>
            {" "}
            pour <strong>{home.organizationName}</strong>
          </>
        ) : null}
        {home.actingAs ? <> (par {home.actingAs})</> : null}.
      </p>
      <nav aria-label="Raccourcis du compte">
        <ul className="shortcuts">
          {home.shortcuts.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className="button">
                {shortcut.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="dernieres-commandes">
        <h2 id="dernieres-commandes">Dernières commandes</h2>
        {home.latestOrders.length > 0 ? (
          <>
            <OrderTable
              rows={home.latestOrders}
              showPrices={home.showPrices}
              caption={`Les ${home.latestOrders.length} plus récentes sur ${home.orderTotal}`}
            />
            <p>
              <Link to="/mon-compte/commandes">Toutes les commandes</Link>
            </p>
          </>
        ) : (
          <p>Aucune commande pour l'instant.</p>
        )}
      </section>
      <section aria-labelledby="reliquats-ouverts">
        <h2 id="reliquats-ouverts">Reliquats en cours</h2>
        {home.backorders.length > 0 ? (
          <>
            <BackorderTable
              rows={home.backorders}
              showPrices={home.showPrices}
              grouping="produit"
              caption={`${home.backorderTotal} ligne${home.backorderTotal > 1 ? "s" : ""} en reliquat`}
            />
            <p>
              <Link to="/mon-compte/reliquats">Tous les reliquats</Link>
            </p>
          </>
        ) : (
          <p>Aucun reliquat en cours.</p>
        )}
      </section>
      <section aria-labelledby="parametres-compte">
        <h2 id="parametres-compte">Paramètres du compte</h2>
        <ul className="shortcuts">
          {home.settings.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      {home.contacts ? <ContactsBlock contacts={home.contacts} /> : null}
    </div>
  );
}
