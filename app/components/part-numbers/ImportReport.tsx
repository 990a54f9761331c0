import type { ImportReportView } from "~/services/part-numbers/types";

/** What the import saved, and each line of the file it refused with the reason. */
export function ImportReport({ message, report }: { message: string | null; report: ImportReportView }) {
  return (
    <section className="part-numbers__report" aria-labelledby="part-numbers-report-title" data-testid="part-numbers-report">
      <h3 id="part-numbers-report-title">Résultat de l&apos;import</h3>
      {message ? <p role="status">{message}</p> : null}
      {report.refused.length > 0 ? (
        <table className="table">
          <caption>Lignes refusées</caption>
          <thead>
            <tr>
              <th scope="col">Ligne</th>
              <th scope="col">Saisie</th>
              <th scope="col">Motif</th>
            </tr>
          </thead>
          <tbody>
            {report.refused.map((refusal, index) => (
              <tr key={`${refusal.line}-${index}`}>
                <td>{refusal.line}</td>
                <td>
                  <code>{refusal.input}</code>
                </td>
                <td>{refusal.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
