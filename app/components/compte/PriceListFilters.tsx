import { Form, Link } from "@remix-run/react";
import type { PriceListFilterNotice, PriceListFilterValues, PriceListOption } from "~/services/price-list/types";

export interface PriceListFiltersProps {
  values: PriceListFilterValues;
  notices: PriceListFilterNotice[];
  brands: PriceListOption[];
  categories: PriceListOption[];
}

/** A select's value shown only when it is one of its choices. */
function chosen(value: string, options: PriceListOption[]): string {
  return options.some((option) => String(option.id) === value) ? value : "";
}

/** The price list's filters: a GET form, so the URL holds them and it works without JavaScript. */
export function PriceListFilters({ values, notices, brands, categories }: PriceListFiltersProps) {
  return (
    <Form method="get" className="list-controls price-list-filters" aria-label="Filtrer les tarifs">
      {notices.length > 0 ? (
        <div className="notice price-list-filters__notices" role="status">
          <ul>
            {notices.map((notice) => (
              <li key={`${notice.field}-${notice.message}`}>{notice.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="list-controls__field">
        <label htmlFor="tarifs-q">Référence ou mots</label>
        <input id="tarifs-q" name="q" type="search" maxLength={100} defaultValue={values.q} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="tarifs-marque">Marque</label>
        <select id="tarifs-marque" name="marque" defaultValue={chosen(values.marque, brands)}>
          <option value="">Toutes</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.label}
            </option>
          ))}
        </select>
      </div>
      <div className="list-controls__field">
        <label htmlFor="tarifs-categorie">Catégorie</label>
        <select id="tarifs-categorie" name="categorie" defaultValue={chosen(values.categorie, categories)}>
          <option value="">Toutes</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {`${"— ".repeat(category.depth)}${category.label}`}
            </option>
          ))}
        </select>
      </div>
      <div className="price-list-filters__actions">
        <button type="submit" className="button">
          Filtrer
        </button>
        <Link to="/mon-compte/tarifs">Effacer les filtres</Link>
      </div>
    </Form>
  );
}
