import { Form, Link } from "@remix-run/react";
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
      {notices.length > 0 ? (
        <div className="notice order-filters__notices" role="status">
          <ul>
            {notices.map((notice) => (
              <li key={`${notice.field}-${notice.message}`}>{notice.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="list-controls__field">
        <label htmlFor="facture-du">Du</label>
        <input id="facture-du" name="du" type="date" defaultValue={values.du} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-au">Au</label>
        <input id="facture-au" name="au" type="date" defaultValue={values.au} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-statut">Statut</label>
        <select id="facture-statut" name="statut" defaultValue={statuses.includes(values.statut as InvoiceStatus) ? values.statut : ""}>
          <option value="">Tous</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-numero">Numéro de facture</label>
        <input id="facture-numero" name="numero" type="search" maxLength={30} placeholder="FA-2026-000123" defaultValue={values.numero} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-commande">Commande ou votre référence</label>
        <input id="facture-commande" name="commande" type="search" maxLength={100} defaultValue={values.commande} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-montant-min">Montant TTC minimum (€)</label>
        <input id="facture-montant-min" name="montant_min" type="text" inputMode="decimal" placeholder="150,50" defaultValue={values.montant_min} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="facture-montant-max">Montant TTC maximum (€)</label>
        <input id="facture-montant-max" name="montant_max" type="text" inputMode="decimal" defaultValue={values.montant_max} />
      </div>
      <div className="order-filters__actions">
        <button type="submit" className="button">
          Filtrer
        </button>
        <Link to="/mon-compte/factures">Effacer les filtres</Link>
      </div>
    </Form>
  );
}
