import { Form } from "@remix-run/react";
import { FilterActions, FilterNotices, SelectField, optionsOf } from "~/components/ui/ListFilterParts";
import { QuoteSearchField } from "~/components/quotes/QuoteFilters";
import type { SalesClientOption, SalesQuoteFilterNotice, SalesQuoteFilterValues, QuoteState } from "~/services/sales-quotes/types";

export interface SalesQuoteFiltersProps {
  values: SalesQuoteFilterValues;
  notices: SalesQuoteFilterNotice[];
  states: readonly QuoteState[];
  clients: SalesClientOption[];
}

const ORDERS = [
  { value: "", label: "À traiter d'abord" },
  { value: "recents", label: "Les plus récentes d'abord" },
];

/** The representative's list filters: a GET form, so the URL holds them and it works without JavaScript. */
export function SalesQuoteFilters({ values, notices, states, clients }: SalesQuoteFiltersProps) {
  return (
    <Form method="get" className="list-controls order-filters" aria-label="Filtrer les demandes de devis">
      <FilterNotices notices={notices} className="order-filters__notices" />
      <SelectField id="devis-etat" name="etat" label="État" value={values.etat} emptyLabel="Tous" options={optionsOf(states)} />
      <SelectField
        id="devis-client"
        name="client"
        label="Client"
        value={values.client}
        emptyLabel="Tous mes clients"
        options={clients.map((client) => ({ value: String(client.id), label: client.label }))}
      />
      <QuoteSearchField label="Numéro ou référence du client" value={values.recherche} />
      <SelectField
        id="devis-tri"
        name="tri"
        label="Ordre"
        value={values.tri === "recents" ? "recents" : ""}
        emptyLabel={ORDERS[0]?.label ?? ""}
        options={ORDERS.slice(1)}
      />
      <FilterActions resetTo="/clients/devis" className="order-filters__actions" />
    </Form>
  );
}
