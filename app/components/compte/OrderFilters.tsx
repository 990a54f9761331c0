import { Form, Link } from "@remix-run/react";
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
        <label htmlFor="filtre-du">Du</label>
        <input id="filtre-du" name="du" type="date" defaultValue={values.du} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-au">Au</label>
        <input id="filtre-au" name="au" type="date" defaultValue={values.au} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-statut">Statut</label>
        <select id="filtre-statut" name="statut" defaultValue={statuses.includes(values.statut as OrderStatus) ? values.statut : ""}>
          <option value="">Tous</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-reference">Référence ou numéro</label>
        <input id="filtre-reference" name="reference" type="search" maxLength={100} defaultValue={values.reference} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-produit">Produit</label>
        <input id="filtre-produit" name="produit" type="search" maxLength={100} defaultValue={values.produit} />
      </div>
      <div className="list-controls__field">
        <label htmlFor="filtre-auteur">Passée par</label>
        <select id="filtre-auteur" name="auteur" defaultValue={authors.some((author) => String(author.id) === values.auteur) ? values.auteur : ""}>
          <option value="">Tout le monde</option>
          {authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      </div>
      <div className="order-filters__actions">
        <button type="submit" className="button">
          Filtrer
        </button>
        <Link to="/mon-compte/commandes">Effacer les filtres</Link>
      </div>
    </Form>
  );
}
