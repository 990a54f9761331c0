import { Form, Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { FormAnswer } from "~/services/forms/types";
import type { BackorderRow } from "~/services/orders/types";
import { formatDate } from "@shared/domain/french-format";

function RequestState({ row }: { row: BackorderRow }) {
  if (!row.request) return null;
  const asked = `demandée le ${formatDate(row.request.requestedAt)} par ${row.request.requestedBy}`;
  if (row.request.status === "en attente") return <p className="backorder__request">Annulation {asked} : en attente de réponse.</p>;
  return (
    <p className="backorder__request">
      Annulation {asked} : {row.request.status}
      {row.request.answer ? ` (${row.request.answer})` : ""}.
    </p>
  );
}

/** A refused request drawn again: its message and what was sent. */
export type CancellationRefusal = FormAnswer & { values: Record<string, string> };

/**
 * A plain POST form (it works without JavaScript): the action answers with a 303 and a toast,
 * or draws the page again with the refusal, shown on this row's form, open, with its text.
 */
function CancellationForm({ row, grouping, refusal }: { row: BackorderRow; grouping: string; refusal: CancellationRefusal | null }) {
  const fieldId = `raison-${row.orderId}-${row.productId}`;
  const mine =
    refusal !== null && refusal.values.ord_id === String(row.orderId) && refusal.values.obj_id === String(row.productId) ? refusal : null;
  return (
    <details className="backorder__cancel" open={mine !== null}>
      <summary>Demander l'annulation</summary>
      <Form method="post" action="/mon-compte/reliquats">
        {mine ? (
          <p className="form__error" id={`${fieldId}-erreur`} role="alert">
            {mine.errors?.reason ?? mine.message}
          </p>
        ) : null}
        <input type="hidden" name="ord_id" value={row.orderId} />
        <input type="hidden" name="obj_id" value={row.productId} />
        <input type="hidden" name="par" value={grouping} />
        <label htmlFor={fieldId}>Raison de la demande</label>
        <textarea
          id={fieldId}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={2}
          defaultValue={mine?.values.reason ?? ""}
          aria-invalid={mine ? true : undefined}
          aria-describedby={mine ? `${fieldId}-erreur` : undefined}
        />
        <button type="submit" className="button">
          Envoyer la demande
        </button>
      </Form>
    </details>
  );
}

/** The back-orders of one group (a product or an order). */
export function BackorderTable({
  rows,
  caption,
  showPrices,
  grouping,
  refusal = null,
  captionShown = true,
}: {
  rows: BackorderRow[];
  caption: string;
  /** False under a heading that already shows the caption's title: heard, not shown twice. */
  captionShown?: boolean;
  showPrices: boolean;
  grouping: string;
  refusal?: CancellationRefusal | null;
}) {
  return (
    <table className="table backorder-table">
      <caption className={captionShown ? undefined : "visually-hidden"}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{grouping === "produit" ? "Commande" : "Produit"}</th>
          <th scope="col">Commandé</th>
          <th scope="col">Expédié</th>
          <th scope="col">En reliquat</th>
          <th scope="col">État</th>
          <th scope="col">Date prévisionnelle</th>
          {showPrices ? <th scope="col">Prix unitaire HT</th> : null}
          <th scope="col">Annulation</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.orderId}-${row.productId}`}>
            <th scope="row">
              {grouping === "produit" ? (
                <Link to={`/mon-compte/commandes/${row.orderId}`}>
                  {row.orderNumber} du {formatDate(row.orderDate)}
                </Link>
              ) : (
                <>
                  {row.productRef} · {row.productTitle}
                </>
              )}
            </th>
            <LabelledCell label="Commandé">{row.ordered}</LabelledCell>
            <LabelledCell label="Expédié">{row.shipped}</LabelledCell>
            <LabelledCell label="En reliquat">{row.backorder}</LabelledCell>
            <LabelledCell label="État">{row.state}</LabelledCell>
            <LabelledCell label="Date prévisionnelle">{row.expectedDate ? formatDate(row.expectedDate) : "Non communiquée"}</LabelledCell>
            {showPrices ? (
              <LabelledCell label="Prix unitaire HT">
                <Money cents={row.unitPrice} />
              </LabelledCell>
            ) : null}
            <td>
              <RequestState row={row} />
              {row.canRequestCancellation ? <CancellationForm row={row} grouping={grouping} refusal={refusal} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
