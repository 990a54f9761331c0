import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { permissionsOf } from "@shared/domain/permissions";
import { requireUser } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Accueil · NautiDistrib" }];

interface QuickLink {
  to: string;
  title: string;
  description: string;
}

export async function loader(args: LoaderFunctionArgs) {
  const { session } = await requireUser(args);
  const { user, master } = session;
  // A contributor acts for a client before seeing any client page.
  if (user.obj_class === "contributor") throw redirect("/clients");
  const can = permissionsOf(user, master);
  const links: QuickLink[] = [
    { to: "/catalogue", title: "Catalogue", description: "Parcourez nos familles de produits et nos marques." },
  ];
  if (can.canUpdateCart) {
    links.push(
      { to: "/mon-panier", title: "Mon panier", description: "Le panier partagé de votre organisation." },
      { to: "/mon-panier/commande-rapide", title: "Commande rapide", description: "Ajoutez des produits par référence." },
    );
  }
  // Every account of the organization follows its orders (docs/decisions/0103).
  links.push({ to: "/mon-compte/commandes", title: "Mes commandes", description: "Suivez vos commandes et livraisons." });
  if (can.canViewQuotes) links.push({ to: "/mon-compte/mes-devis", title: "Mes devis", description: "Demandez un devis et suivez les propositions de votre commercial." });
  if (can.canViewInvoices) links.push({ to: "/mon-compte/factures", title: "Mes factures", description: "Consultez et téléchargez vos factures." });
  if (can.canViewPrices) links.push({ to: "/mon-compte/tarifs", title: "Mes tarifs", description: "Vos prix nets, promotions et exports Excel." });
  links.push({ to: "/mon-compte", title: "Mon compte", description: "Vos informations, adresses et préférences." });
  return { userName: user.obj_name, links };
}

export default function HomePage() {
  const { userName, links } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <h1>Bonjour {userName}</h1>
        <p>Bienvenue sur votre espace professionnel NautiDistrib.</p>
      </section>
      <nav aria-label="Accès rapides">
        <ul className="quick-links">
          {links.map((link) => (
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
