import { Form } from "@remix-run/react";
import { OwnCode } from "~/components/part-numbers/OwnCode";
import { Money } from "~/components/ui/Money";
import { LIST_FIELDS, LIST_INTENTS, listPath, type ListLineView, type ListPageView } from "~/services/order-lists/types";

/**
 * The list's lines in ONE plain form (it works without JavaScript): a checkbox per line for
 * « Ajouter la sélection au panier », the quantity and note of each line when the list may be
 * changed, and one « Retirer » per line (decision 0196). « Enregistrer les quantités et notes »
 * comes first in the form, so the Enter key in a quantity saves rather than removes a line.
 * A read-only list (can_edit false) shows its quantities and notes as text, and still adds to the cart.
 */

export interface LinesFormState {
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

function stockText(stock: number): string {
  if (stock <= 0) return "Rupture de stock";
  return stock > 1 ? `${stock} disponibles` : "1 disponible";
}

function LineRow({ line, view, state }: { line: ListLineView; view: ListPageView; state: LinesFormState | null }) {
  const qtyName = LIST_FIELDS.qty(line.productId);
  const noteName = LIST_FIELDS.note(line.productId);
  const qtyError = state?.errors?.[qtyName];
  const noteError = state?.errors?.[noteName];
  const id = `ligne-${line.productId}`;
  return (
    <tr className={line.discontinued ? "order-list-line order-list-line--discontinued" : "order-list-line"}>
      <td>
        <input type="hidden" name={LIST_FIELDS.product} value={line.productId} />
        <input type="checkbox" id={`${id}-choix`} name={LIST_FIELDS.ticked} value={line.productId} aria-label={`Choisir ${line.ref}`} />
      </td>
      <th scope="row" id={`${id}-produit`}>
        <span className="order-list-line__ref">{line.ref}</span>
        <OwnCode code={line.ownCode} />
        <br />
        {line.title}
        {line.discontinued ? (
          <>
            <br />
            <strong className="order-list-line__flag">Ce produit n'est plus commercialisé.</strong>
          </>
        ) : null}
        {line.needsCertificate ? (
          <>
            <br />
            <span className="order-list-line__hint">Produit MMSI : un certificat par unité sera demandé dans le panier.</span>
          </>
        ) : null}
      </th>
      <td>
        {view.canEdit ? (
          <>
            <input
              type="number"
              id={`${id}-qte`}
              name={qtyName}
              min={1}
              max={9999}
              step={1}
              inputMode="numeric"
              required
              className="order-list-line__qty"
              defaultValue={state?.values?.[qtyName] ?? String(line.qty)}
              aria-label={`Quantité de ${line.ref}`}
              aria-invalid={qtyError ? true : undefined}
              aria-describedby={qtyError ? `${id}-qte-erreur` : undefined}
            />
            {qtyError ? (
              <p id={`${id}-qte-erreur`} className="form__error">
                {qtyError}
              </p>
            ) : null}
          </>
        ) : (
          line.qty
        )}
      </td>
      <td>
        {view.canEdit ? (
          <>
            <input
              type="text"
              id={`${id}-note`}
              name={noteName}
              maxLength={200}
              defaultValue={state?.values?.[noteName] ?? line.note}
              aria-label={`Note pour ${line.ref}`}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${id}-note-erreur` : undefined}
            />
            {noteError ? (
              <p id={`${id}-note-erreur`} className="form__error">
                {noteError}
              </p>
            ) : null}
          </>
        ) : (
          line.note || "—"
        )}
      </td>
      {view.showPrices ? (
        <td>
          <Money cents={line.unitPrice} />
        </td>
      ) : null}
      <td>{stockText(line.stock)}</td>
      {view.canEdit ? (
        <td>
          <button
            type="submit"
            name={LIST_FIELDS.intent}
            value={`${LIST_INTENTS.removePrefix}${line.productId}`}
            className="button button--ghost"
            aria-label={`Retirer ${line.ref} de la liste`}
          >
            Retirer
          </button>
        </td>
      ) : null}
    </tr>
  );
}

export function ListLinesForm({ view, state }: { view: ListPageView; state: LinesFormState | null }) {
  if (view.lines.length === 0) {
    return (
      <p>
        Cette liste est vide.
        {view.canEdit ? " Ajoutez-y des produits depuis leur fiche (« Ajouter à une liste ») ou importez un fichier ci-dessous." : ""}
      </p>
    );
  }
  return (
    <Form method="post" action={listPath(view.id)} className="form order-list-lines">
      {view.canEdit ? (
        <p className="order-list-lines__save">
          <button type="submit" name={LIST_FIELDS.intent} value={LIST_INTENTS.save} className="button">
            Enregistrer les quantités et notes
          </button>
        </p>
      ) : null}
      <table className="table order-list">
        <caption>
          Lignes de la liste « {view.name} » ({view.lines.length} {view.lines.length > 1 ? "produits" : "produit"})
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Choisir</span>
            </th>
            <th scope="col">Produit</th>
            <th scope="col">Quantité</th>
            <th scope="col">Note</th>
            {view.showPrices ? <th scope="col">Prix unitaire HT</th> : null}
            <th scope="col">Stock</th>
            {view.canEdit ? (
              <th scope="col">
                <span className="visually-hidden">Retirer</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <LineRow key={line.productId} line={line} view={view} state={state} />
          ))}
        </tbody>
      </table>
      <p className="order-list-lines__cart">
        <button type="submit" name={LIST_FIELDS.intent} value={LIST_INTENTS.addSelected} className="button button--primary">
          Ajouter la sélection au panier
        </button>{" "}
        <button type="submit" name={LIST_FIELDS.intent} value={LIST_INTENTS.addAll} className="button">
          Tout ajouter au panier
        </button>
      </p>
      <p className="field__hint">
        {view.canEdit
          ? "Les produits sont ajoutés au panier partagé aux quantités affichées, sans changer la liste. Un produit qui n'est plus commercialisé n'est pas ajouté."
          : "Les produits sont ajoutés au panier partagé aux quantités de la liste. Un produit qui n'est plus commercialisé n'est pas ajouté."}
      </p>
    </Form>
  );
}
