import { Form } from "@remix-run/react";
import type { ClientSummary } from "@shared/contracts/api";
import { countryName } from "@shared/domain/countries";

/**
 * One row per client, each with its own POST form: works without JavaScript. The client the
 * contributor acts for now is marked (« Client actuel », aria-current) and has no button.
 */
export function ClientTable({ clients, currentClientId }: { clients: ClientSummary[]; currentClientId: number | null }) {
  if (clients.length === 0) {
    return <p className="empty-state">Aucun client ne correspond à votre recherche.</p>;
  }
  return (
    <table className="table">
      <caption className="visually-hidden">Clients pour lesquels vous pouvez agir</caption>
      <thead>
        <tr>
          <th scope="col">Référence</th>
          <th scope="col">Raison sociale</th>
          <th scope="col">Ville</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {clients.map((client) => {
          const current = client.obj_id === currentClientId;
          return (
            <tr key={client.obj_id} className={current ? "clients-table__current" : undefined} aria-current={current ? "true" : undefined}>
              <td>{client.obj_ref}</td>
              <td>{client.obj_name}</td>
              <td>
                {client.adr_zipcode} {client.adr_city}
                {client.adr_country !== "FR" ? ` (${countryName(client.adr_country)})` : ""}
              </td>
              <td className="table__action">
                {current ? (
                  <span className="tag">Client actuel</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="login-as" />
                    <input type="hidden" name="slave_id" value={client.obj_id} />
                    {/* The visible words say what the button does; the hidden name says for whom. */}
                    <button type="submit" className="button button--primary">
                      Agir pour ce client<span className="visually-hidden"> : {client.obj_name}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
