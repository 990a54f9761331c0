import { Form } from "@remix-run/react";
import { DateRangeFields, FilterActions, FilterNotices, optionsOf, SelectField } from "~/components/ui/ListFilterParts";
import type { InvoiceFilterNotice, InvoiceFilterValues, InvoiceStatus } from "~/services/invoices/types";

export interface InvoiceFiltersProps {
  values: InvoiceFilterValues;
  notices: InvoiceFilterNotice[];
  statuses: readonly InvoiceStatus[];
}

/** The invoice list's filters: a GET form, so the URL holds them and it works without JavaScript. */
export function InvoiceFilters({ values, notices, statuses }: InvoiceFiltersProps) {
  return (
    <Form method="get" className="list-controls order-filters" aria-label="Filtrer les factures">
      <FilterNotices notices={notices} className="order-filters__notices" />
      <DateRangeFields idPrefix="facture" du={values.du} au={values.au} />
      <SelectField id="facture-statut" name="statut" label="Statut" value={values.statut} emptyLabel="Tous" options={optionsOf(statuses)} />
      <div className="list-controls__field">
        <label htmlFor="facture-numero">Numéro de facture</label>
        <input id="facture-numero" name="numero" type="search" maxLength={40} placeholder="FA-2026-000123" defaultValue={values.numero} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-commande">Commande ou votre référence</label>
        <input id="facture-commande" name="commande" type="search" maxLength={100} defaultValue={values.commande} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-montant-min">Montant TTC minimum (€)</label>
        <input
          id="facture-montant-min"
          name="montant_min"
          type="text"
          inputMode="decimal"
          placeholder="150,50"
          defaultValue={values.montant_min}
        />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-montant-max">Montant TTC maximum (€)</label>
        <input id="facture-montant-max" name="montant_max" type="text" inputMode="decimal" defaultValue={values.montant_max} />
      </div>
      <FilterActions resetTo="/mon-compte/factures" className="order-filters__actions" />
    </Form>
  );
}
