import { Form } from "@remix-run/react";
import { FilterActions, FilterNotices, SelectField, optionsOf, realDateOrEmpty } from "~/components/ui/ListFilterParts";
import type { QuoteFilterNotice, QuoteFilterValues, QuoteState } from "~/services/quotes/types";

export interface QuoteFiltersProps {
  values: QuoteFilterValues;
  notices: QuoteFilterNotice[];
  states: readonly QuoteState[];
}

/** The search by number or the customer's reference, as the back-office bounds it (100 characters). */
export function QuoteSearchField({ label, value }: { label: string; value: string }) {
  return (
    <div className="list-controls__field">
      <label htmlFor="devis-recherche">{label}</label>
      <input id="devis-recherche" name="recherche" type="search" maxLength={100} placeholder="DV-2026-000123" defaultValue={value} />
    </div>
  );
}

/** The quote list's filters: a GET form, so the URL holds them and it works without JavaScript. */
export function QuoteFilters({ values, notices, states }: QuoteFiltersProps) {
  return (
    <Form method="get" className="list-controls order-filters" aria-label="Filtrer les devis">
      <FilterNotices notices={notices} className="order-filters__notices" />
      <SelectField id="devis-etat" name="etat" label="État" value={values.etat} emptyLabel="Tous" options={optionsOf(states)} />
      {/* Not DateRangeFields: the range is the request's date, and its labels say so. */}
      <div className="list-controls__field">
        <label htmlFor="devis-du">Demandé du</label>
        <input id="devis-du" name="du" type="date" defaultValue={realDateOrEmpty(values.du)} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="devis-au">au</label>
        <input id="devis-au" name="au" type="date" defaultValue={realDateOrEmpty(values.au)} />
      </div>
      <QuoteSearchField label="Numéro ou votre référence" value={values.recherche} />
      <FilterActions resetTo="/mon-compte/mes-devis" className="order-filters__actions" />
    </Form>
  );
}
