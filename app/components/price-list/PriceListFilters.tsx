import { Form } from "@remix-run/react";
import { FilterActions, FilterNotices, SelectField } from "~/components/ui/ListFilterParts";
import type { PriceListFilterNotice, PriceListFilterValues, PriceListOption } from "~/services/price-list/types";

export interface PriceListFiltersProps {
  values: PriceListFilterValues;
  notices: PriceListFilterNotice[];
  brands: PriceListOption[];
  categories: PriceListOption[];
}

/** The price list's filters: a GET form, so the URL holds them and it works without JavaScript. */
export function PriceListFilters({ values, notices, brands, categories }: PriceListFiltersProps) {
  return (
    <Form method="get" className="list-controls price-list-filters" aria-label="Filtrer les tarifs">
      <FilterNotices notices={notices} className="price-list-filters__notices" />
      <div className="list-controls__field">
        <label htmlFor="tarifs-q">Référence ou mots</label>
        <input id="tarifs-q" name="q" type="search" maxLength={100} defaultValue={values.q} />
      </div>
      <SelectField
        id="tarifs-marque"
        name="marque"
        label="Marque"
        value={values.marque}
        emptyLabel="Toutes"
        options={brands.map((brand) => ({ value: String(brand.id), label: brand.label }))}
      />
      <SelectField
        id="tarifs-categorie"
        name="categorie"
        label="Catégorie"
        value={values.categorie}
        emptyLabel="Toutes"
        options={categories.map((category) => ({ value: String(category.id), label: `${"— ".repeat(category.depth)}${category.label}` }))}
      />
      <FilterActions resetTo="/mon-compte/tarifs" className="price-list-filters__actions" />
    </Form>
  );
}
