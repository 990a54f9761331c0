import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { countOf } from "@shared/domain/plural";
import { loadBrandIndex, requireCatalogueUser } from "~/services/catalogue/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction = () => [{ title: "Marques · NautiDistrib" }];

/** /catalogue/marques: brands A to Z. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  return { groups: await loadBrandIndex(user) };
}

export default function BrandIndexPage() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <div className="catalogue">
      <nav className="breadcrumbs" aria-label="Fil d'Ariane">
        <ol>
          <li>
            <Link to="/catalogue">Catalogue</Link>
          </li>
          <li aria-current="page">Marques</li>
        </ol>
      </nav>
      <h1>Nos marques de A à Z</h1>
      <nav aria-label="Lettres" className="letter-index">
        {groups.map((group) => (
          <a key={group.letter} href={`#lettre-${group.letter}`}>
            {group.letter}
          </a>
        ))}
      </nav>
      {groups.map((group) => (
        <section key={group.letter} aria-labelledby={`lettre-${group.letter}`} className="brand-group">
          <h2 id={`lettre-${group.letter}`}>{group.letter}</h2>
          <ul className="brand-list">
            {group.brands.map((brand) => (
              <li key={brand.slug}>
                <Link to={`/catalogue/marques/${brand.slug}`}>{brand.title}</Link>{" "}
                <span className="muted">({countOf(brand.productCount, "produit", "produits")})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
