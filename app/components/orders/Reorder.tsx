import { Form, Link } from "@remix-run/react";
import { Money } from "~/components/ui/Money";
import type { OrderDetail, ReorderLineView, ReorderProposalView } from "~/services/orders/types";
import { formatDate } from "@shared/domain/french-format";

/**
 * « Commander à nouveau » (docs/orders.md): the order page's choice of lines (a GET form, so it
 * works without JavaScript), then the proposal page, which changes nothing until its POST.
 */

export function reorderPath(orderId: number): string {
  return `/mon-compte/commandes/${orderId}/commander-a-nouveau`;
}

/** On the order's page: tick lines, or take the whole order. */
export function ReorderPicker({ order }: { order: OrderDetail }) {
  if (order.lines.length === 0) return null;
  return (
    <Form method="get" action={reorderPath(order.ord_id)} className="reorder-picker">
      <fieldset>
        <legend>Choisissez les produits à commander à nouveau</legend>
        <ul>
          {order.lines.map((line) => (
            <li key={line.obj_id}>
              <label>
                <input type="checkbox" name="ligne" value={line.obj_id} /> {line.obj_ref} · {line.obj_title} ({line.ordered} commandé
                {line.ordered > 1 ? "s" : ""})
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="reorder-picker__actions">
        <button type="submit" className="button">
          Commander à nouveau les produits cochés
        </button>{" "}
        <button type="submit" name="tout" value="1" className="button button--ghost">
          Commander à nouveau toute la commande
        </button>
      </p>
      <p>Rien ne change avant votre confirmation : la page suivante montre ce qui sera ajouté au panier.</p>
    </Form>
  );
}

function outcomeLabel(line: ReorderLineView): string {
  if (line.outcome === "refusée") return "Non ajouté";
  return line.outcome === "plafonnée" ? `${line.qty} (au lieu de ${line.ordered})` : String(line.qty);
}

/** The proposal: what joins the shared cart, what does not and why, prices then and now. */
export function ReorderProposal({ proposal }: { proposal: ReorderProposalView }) {
  const { lines, showPrices } = proposal;
  return (
    <>
      {proposal.notices.length > 0 ? (
        <div role="status">
          <ul className="filter-notices">
            {proposal.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {lines.length > 0 ? (
        <table className="table reorder">
          <caption>
            Produits de la commande {proposal.orderNumber} du {formatDate(proposal.orderDate)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Commandé</th>
              <th scope="col">Déjà au panier</th>
              <th scope="col">Ajouté au panier</th>
              {showPrices ? (
                <>
                  <th scope="col">Prix unitaire HT à la commande</th>
                  <th scope="col">Prix unitaire HT aujourd'hui</th>
                </>
              ) : null}
              <th scope="col">Changements</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.productId} className={line.outcome === "refusée" ? "reorder__refused" : undefined}>
                <th scope="row">
                  {line.productRef} · {line.productTitle}
                </th>
                <td>{line.ordered}</td>
                <td>{line.inCart}</td>
                <td>{outcomeLabel(line)}</td>
                {showPrices ? (
                  <>
                    <td>
                      <Money cents={line.orderedUnitPrice} />
                    </td>
                    <td>
                      <Money cents={line.todayUnitPrice} />
                      {line.priceChanged ? <strong> (nouveau prix)</strong> : null}
                    </td>
                  </>
                ) : null}
                <td>
                  {line.notes.length > 0 ? (
                    <ul>
                      {line.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  ) : (
                    "Aucun"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {proposal.canConfirm ? (
        <Form method="post" className="reorder-confirm">
          {proposal.wholeOrder ? <input type="hidden" name="tout" value="1" /> : null}
          {proposal.wholeOrder
            ? null
            : lines.map((line) => <input key={line.productId} type="hidden" name="ligne" value={line.productId} />)}
          <button type="submit" className="button">
            Ajouter au panier partagé
          </button>{" "}
          <Link to={`/mon-compte/commandes/${proposal.orderId}`}>Annuler</Link>
        </Form>
      ) : (
        <p>
          Aucun produit ne peut être ajouté au panier. <Link to={`/mon-compte/commandes/${proposal.orderId}`}>Retour à la commande</Link>
        </p>
      )}
    </>
  );
}
