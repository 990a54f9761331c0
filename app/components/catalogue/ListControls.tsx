import { Form } from "@remix-run/react";
import { useRef } from "react";
import { hasActiveFilters } from "~/services/catalogue/list-url";
import type { BrandOption, ListParams, ListSort } from "~/services/catalogue/types";
import { ResetFiltersLink } from "./ResetFiltersLink";
import { useApplyOnCommit } from "./useApplyOnCommit";
import { useFieldsFollow } from "./useFieldsFollow";
import { formatQuantity } from "@shared/domain/french-format";

const SORT_LABELS: Record<ListSort, string> = {
  relevance: "Pertinence",
  reference: "Référence",
  name: "Nom",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
};

interface ListControlsProps {
  params: ListParams;
  /** The brands the list holds, with their counts (the brand page has none: the brand is the list). */
  brands: BrandOption[];
  /** Without prices, neither the price sorts nor the promotion filter is offered. */
  canViewPrices: boolean;
}

/**
 * Sorting and filters as a GET form: every state is a URL and works without JavaScript (the
 * "Appliquer" button); with JavaScript a choice applies as it is committed (useApplyOnCommit).
 * A new filter starts at page 1.
 * Any active filter can be dropped at once (« Réinitialiser les filtres »).
 */
export function ListControls({ params, brands, canViewPrices }: ListControlsProps) {
  const applyOnCommit = useApplyOnCommit();
  const form = useRef<HTMLFormElement>(null);
  useFieldsFollow(form, params);
  const sorts = (Object.keys(SORT_LABELS) as ListSort[]).filter((sort) => canViewPrices || !sort.startsWith("price"));
  return (
    <Form ref={form} method="get" className="list-controls" aria-label="Trier et filtrer" {...applyOnCommit}>
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      <div className="list-controls__field">
        <label htmlFor="tri">Trier par</label>
        <select id="tri" name="tri" defaultValue={params.sort}>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      {brands.length > 0 ? (
        <div className="list-controls__field">
          <label htmlFor="marque">Marque</label>
          <select id="marque" name="marque" defaultValue={params.brandId ?? ""}>
            <option value="">Toutes les marques</option>
            {brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.count === null ? brand.title : `${brand.title} (${formatQuantity(brand.count)})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="list-controls__checks">
        <label>
          <input type="checkbox" name="stock" value="1" defaultChecked={params.inStock} /> En stock
        </label>
        {canViewPrices ? (
          <label>
            <input type="checkbox" name="promo" value="1" defaultChecked={params.promo} /> En promotion
          </label>
        ) : null}
      </div>
      <button type="submit" className="button">
        Appliquer
      </button>
      {hasActiveFilters(params) ? <ResetFiltersLink params={params} className="list-controls__reset" /> : null}
    </Form>
  );
}
