import { RefusedLinesTable } from "~/components/ui/RefusedLines";
import type { ImportReportView } from "~/services/part-numbers/types";

/** What the import saved, and each line of the file it refused with the reason. */
export function ImportReport({ message, report }: { message: string | null; report: ImportReportView }) {
  return (
    <section className="part-numbers__report" aria-labelledby="part-numbers-report-title" data-testid="part-numbers-report">
      <h3 id="part-numbers-report-title">Résultat de l&apos;import</h3>
      {message ? <p role="status">{message}</p> : null}
      {report.refused.length > 0 ? <RefusedLinesTable caption="Lignes refusées" lines={report.refused} /> : null}
    </section>
  );
}
