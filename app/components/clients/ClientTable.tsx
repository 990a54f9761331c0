import { Form } from "@remix-run/react";
import type { ClientSummary } from "@shared/contracts/api";

/** One row per client, each with its own POST form: works without JavaScript. */
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
        {clients.map((client) => (
          <tr key={client.obj_id}>
            <td>{client.obj_ref}</td>
            <td>{client.obj_name}</td>
            <td>
              {client.adr_zipcode} {client.adr_city}
              {client.adr_country !== "FR" ? ` (${client.adr_country})` : ""}
            </td>
            <td className="table__action">
              {client.obj_id === currentClientId ? (
                <span className="tag">Client actuel</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="login-as" />
                  <input type="hidden" name="slave_id" value={client.obj_id} />
                  <button type="submit" className="button button--primary" aria-label={`Se connecter en tant que ${client.obj_name}`}>
                    Se connecter en tant que
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
