import { Form } from "@remix-run/react";
import { DateRangeFields, FilterActions, FilterNotices, optionsOf, SelectField } from "~/components/ui/ListFilterParts";
import type { FilterNotice, OrderFilterValues, OrderStatus } from "~/services/orders/types";

export interface OrderFiltersProps {
  values: OrderFilterValues;
  notices: FilterNotice[];
  statuses: readonly OrderStatus[];
  authors: { id: number; name: string }[];
}

/** The order list's filters: a GET form, so the URL holds them and it works without JavaScript. */
export function OrderFilters({ values, notices, statuses, authors }: OrderFiltersProps) {
  return (
    <Form method="get" className="list-controls order-filters" aria-label="Filtrer les commandes">
      <FilterNotices notices={notices} className="order-filters__notices" />
      <DateRangeFields idPrefix="filtre" du={values.du} au={values.au} />
      <SelectField id="filtre-statut" name="statut" label="Statut" value={values.statut} emptyLabel="Tous" options={optionsOf(statuses)} />
      <div className="list-controls__field">
        <label htmlFor="filtre-reference">Référence ou numéro</label>
        <input id="filtre-reference" name="reference" type="search" maxLength={100} defaultValue={values.reference} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-produit">Produit</label>
        <input id="filtre-produit" name="produit" type="search" maxLength={100} defaultValue={values.produit} />
      </div>
      <SelectField
        id="filtre-auteur"
        name="auteur"
        label="Passée par"
        value={values.auteur}
        emptyLabel="Tout le monde"
        options={authors.map((author) => ({ value: String(author.id), label: author.name }))}
      />
      <FilterActions resetTo="/mon-compte/commandes" className="order-filters__actions" />
    </Form>
  );
}
