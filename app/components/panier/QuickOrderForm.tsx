import { Form, useNavigation } from "@remix-run/react";

export interface QuickOrderFormProps {
  gridRows: number;
  /** Text shown again after a refusal, so nothing typed is lost. */
  text: string;
}

/** Grid of reference + quantity rows, a paste area and a file: any of them, or all at once. */
export function QuickOrderForm({ gridRows, text }: QuickOrderFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="form quick-order" reloadDocument={false}>
      <fieldset>
        <legend>Saisie par référence</legend>
        <table className="table quick-order__grid">
          <thead>
            <tr>
              <th scope="col">Référence</th>
              <th scope="col">Quantité</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: gridRows }, (_unused, index) => (
              <tr key={index}>
                <td>
                  <label htmlFor={`ref_${index}`} className="visually-hidden">
                    Référence, ligne {index + 1}
                  </label>
                  <input id={`ref_${index}`} type="text" name={`ref_${index}`} maxLength={60} autoComplete="off" />
                </td>
                <td>
                  <label htmlFor={`qty_${index}`} className="visually-hidden">
                    Quantité, ligne {index + 1}
                  </label>
                  <input id={`qty_${index}`} type="text" inputMode="numeric" name={`qty_${index}`} maxLength={6} placeholder="1" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <div className="field">
        <label htmlFor="quick-order-text">Coller des lignes depuis un tableur</label>
        <p className="muted" id="quick-order-text-help">
          Une ligne par produit : <code>REF;QTE</code>, <code>REF,QTE</code>, une tabulation ou un espace entre les deux.
        </p>
        <textarea id="quick-order-text" name="text" rows={8} maxLength={20000} defaultValue={text} aria-describedby="quick-order-text-help" />
      </div>
      <div className="field">
        <label htmlFor="quick-order-file">Ou importer un fichier CSV ou Excel (XLSX, 2 Mo au plus)</label>
        <input id="quick-order-file" type="file" name="file" accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Ajout en cours…" : "Ajouter au panier"}
      </button>
    </Form>
  );
}
