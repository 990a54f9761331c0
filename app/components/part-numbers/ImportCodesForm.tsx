import { Form, useNavigation } from "@remix-run/react";
import { MAX_PART_NUMBERS_IMPORT } from "@shared/contracts/part-numbers";
import { IMPORT_FILE_FIELD, PART_NUMBER_INTENTS, PART_NUMBERS_TEMPLATE_PATH } from "~/services/part-numbers/types";

/** A two-column file (your code ; reference), CSV or XLSX, read as the quick order reads its files. */
export function ImportCodesForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === PART_NUMBER_INTENTS.import;
  return (
    <Form method="post" encType="multipart/form-data" className="form part-numbers__import">
      <input type="hidden" name="intent" value={PART_NUMBER_INTENTS.import} />
      <div className="field">
        <label htmlFor="part-numbers-file">Fichier CSV ou Excel (XLSX, 2 Mo au plus)</label>
        <p className="muted" id="part-numbers-file-help">
          Deux colonnes, votre code puis la référence, une ligne par produit ({MAX_PART_NUMBERS_IMPORT} au plus). Un code donné à un produit
          qui en avait un le remplace.{" "}
          <a href={PART_NUMBERS_TEMPLATE_PATH} download>
            Télécharger le modèle CSV
          </a>
        </p>
        <input
          id="part-numbers-file"
          type="file"
          name={IMPORT_FILE_FIELD}
          required
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="part-numbers-file-help"
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Import en cours…" : "Importer les codes"}
      </button>
    </Form>
  );
}
