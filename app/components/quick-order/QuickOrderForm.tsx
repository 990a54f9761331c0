import { Form, useNavigation } from "@remix-run/react";
import { QuickOrderGridRow } from "./QuickOrderGridRow";
import { useHydrated } from "~/lib/useHydrated";
import { QUICK_ORDER_TEMPLATE_PATH } from "~/services/quick-order/types";

/** The key of the form before any answer (the page keys the form on the answer's key). */
export const INITIAL_FORM_KEY = "initial";

export interface QuickOrderFormProps {
  /** Sent back with the form: the answer keeps it unless lines were added (then the form is drawn anew). */
  formKey: string;
  gridRows: number;
  /** Text shown again: all of it after a failure, only the lines not added otherwise. */
  text: string;
  /** Grid rows shown again, as `text`. */
  grid: readonly { ref: string; qty: string }[];
}

/** Grid of reference + quantity rows, a paste area and a file: any of them, or all at once. */
export function QuickOrderForm({ formKey, gridRows, text, grid }: QuickOrderFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The preview column needs JavaScript: without it the grid is the plain form it always was.
  const hydrated = useHydrated();
  return (
    <Form method="post" encType="multipart/form-data" className="form quick-order" reloadDocument={false}>
      <input type="hidden" name="form_key" value={formKey} />
      <fieldset>
        <legend>Saisie par référence</legend>
        <table className="table quick-order__grid">
          <thead>
            <tr>
              <th scope="col">Référence</th>
              <th scope="col">Quantité</th>
              {hydrated ? <th scope="col">Produit</th> : null}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: gridRows }, (_unused, index) => (
              <QuickOrderGridRow
                key={index}
                index={index}
                defaultRef={grid[index]?.ref ?? ""}
                defaultQty={grid[index]?.qty ?? ""}
                withPreview={hydrated}
              />
            ))}
          </tbody>
        </table>
      </fieldset>
      <div className="field">
        <label htmlFor="quick-order-text">Coller des lignes depuis un tableur</label>
        <p className="muted" id="quick-order-text-help">
          Une ligne par produit : <code>REF;QTE</code>, <code>REF,QTE</code>, une tabulation ou un espace entre les deux.
        </p>
        <textarea
          id="quick-order-text"
          name="text"
          rows={8}
          maxLength={20000}
          defaultValue={text}
          aria-describedby="quick-order-text-help"
        />
      </div>
      <div className="field">
        <label htmlFor="quick-order-file">Ou importer un fichier CSV ou Excel (XLSX, 2 Mo au plus)</label>
        <p className="muted" id="quick-order-file-help">
          Deux colonnes, la référence puis la quantité, une ligne par produit.{" "}
          <a href={QUICK_ORDER_TEMPLATE_PATH} download>
            Télécharger le modèle CSV
          </a>
        </p>
        <input
          id="quick-order-file"
          type="file"
          name="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="quick-order-file-help"
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Ajout en cours…" : "Ajouter au panier"}
      </button>
    </Form>
  );
}
