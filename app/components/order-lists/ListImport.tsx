import { Form } from "@remix-run/react";
import { RefusedLinesTable } from "~/components/ui/RefusedLines";
import { LIST_FIELDS, LIST_INTENTS, listPath, type ImportReportView } from "~/services/order-lists/types";

/**
 * « Importer un fichier »: a CSV or XLSX read with the quick order's reader (reference or own
 * code, quantity, optional note); the lines are added to the list (a product already there adds up).
 */
export function ListImportForm({ listId }: { listId: number }) {
  return (
    <Form method="post" action={listPath(listId)} encType="multipart/form-data" className="form order-list-import">
      <div className="field">
        <label htmlFor="list-file">Fichier CSV ou XLSX (2 Mo au plus)</label>
        <input
          id="list-file"
          type="file"
          name={LIST_FIELDS.file}
          required
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="list-file-hint"
        />
        <p id="list-file-hint" className="field__hint">
          Une ligne par produit : en colonne A la référence ou votre code, en B la quantité (1 si vide), en C une note facultative. Une
          première ligne de titres est ignorée ; un fichier exporté de cette page se réimporte tel quel.
        </p>
      </div>
      <button type="submit" name={LIST_FIELDS.intent} value={LIST_INTENTS.import} className="button">
        Importer dans la liste
      </button>
    </Form>
  );
}

/** What the import did: the lines added, each refused line with its number and reason. */
export function ListImportReport({ report, message }: { report: ImportReportView; message: string }) {
  return (
    <section aria-labelledby="import-rapport" className="order-list-import-report">
      <h3 id="import-rapport">Import du fichier « {report.fileName} »</h3>
      <p role="status">{message}</p>
      {report.refused.length > 0 ? <RefusedLinesTable caption="Lignes du fichier non ajoutées" lines={report.refused} /> : null}
      {report.unlisted > 0 ? (
        <p>
          {report.unlisted > 1
            ? `${report.unlisted} autres lignes refusées ne sont pas listées.`
            : "Une autre ligne refusée n'est pas listée."}
        </p>
      ) : null}
    </section>
  );
}
