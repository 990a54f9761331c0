import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrivedBackorders } from "~/components/home/ArrivedBackorders";
import { HomeSection } from "~/components/home/HomeSection";
import homeStyles from "~/components/home/home.css";
import { LatestOrders } from "~/components/home/LatestOrders";
import { NewsHighlights } from "~/components/home/NewsHighlights";
import { Promotions } from "~/components/home/Promotions";
import { QuickOrder } from "~/components/home/QuickOrder";
import { WaitingQuotes } from "~/components/home/WaitingQuotes";
import { loadHome, requireHomeUser } from "~/services/home/index.server";

export const meta: MetaFunction = () => [{ title: "Accueil · NautiDistrib" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

/** /: what matters today for the signed-in user, block by block (app/services/home/home.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return loadHome(await requireHomeUser(args));
}

export default function HomePage() {
  const home = useLoaderData<typeof loader>();
  const { greeting } = home;
  return (
    <>
      <section className="hero">
        <h1>Bonjour {greeting.userName}</h1>
        <p>
          Bienvenue sur votre espace professionnel NautiDistrib
          {greeting.organizationName !== greeting.userName ? <> pour {greeting.organizationName}</> : null}
          {greeting.actingAs ? <> (par {greeting.actingAs})</> : null}.
        </p>
      </section>
      <div className="home-grid">
        {home.news ? (
          <HomeSection id="accueil-actualites" title="Actualités" block={home.news}>
            {(items) => <NewsHighlights items={items} />}
          </HomeSection>
        ) : null}
        {home.promotions ? (
          <HomeSection id="accueil-promotions" title="Vos promotions" block={home.promotions}>
            {(promotions) => <Promotions promotions={promotions} />}
          </HomeSection>
        ) : null}
        {home.quickOrder ? (
          <HomeSection id="accueil-commande-rapide" title="Commande rapide" block={{ state: "ready", data: home.quickOrder }}>
            {(quickOrder) => <QuickOrder quickOrder={quickOrder} />}
          </HomeSection>
        ) : null}
        {home.orders ? (
          <HomeSection id="accueil-commandes" title="Dernières commandes" block={home.orders}>
            {(orders) => <LatestOrders orders={orders} />}
          </HomeSection>
        ) : null}
        {home.backorders ? (
          <HomeSection id="accueil-reliquats" title="Reliquats arrivés" block={home.backorders}>
            {(backorders) => <ArrivedBackorders backorders={backorders} />}
          </HomeSection>
        ) : null}
        {home.quotes ? (
          <HomeSection id="accueil-devis" title="Devis en attente" block={home.quotes}>
            {(quotes) => <WaitingQuotes quotes={quotes} />}
          </HomeSection>
        ) : null}
      </div>
      <nav aria-label="Accès rapides">
        <ul className="quick-links">
          {home.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="quick-link">
                <strong>{link.title}</strong>
                <span>{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
