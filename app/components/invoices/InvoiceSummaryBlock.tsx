import { Money } from "~/components/ui/Money";
import type { InvoiceSummaryView } from "~/services/invoices/types";

/** The organization's position whatever the filters: what remains owed, and how much of it is late. */
export function InvoiceSummaryBlock({ summary }: { summary: InvoiceSummaryView }) {
  return (
    <section aria-labelledby="factures-situation" className="invoice-summary">
      <h2 id="factures-situation">Votre situation</h2>
      <dl className="order-facts">
        <div>
          <dt>Montant restant dû</dt>
          <dd>
            <Money cents={summary.outstanding} />
            {summary.openCount > 0 ? ` (${summary.openCount} facture${summary.openCount > 1 ? "s" : ""} à régler)` : null}
          </dd>
        </div>
        <div>
          <dt>Dont en retard</dt>
          <dd>
            <Money cents={summary.overdue} />
            {` (${summary.overdueCount} facture${summary.overdueCount > 1 ? "s" : ""} en retard)`}
          </dd>
        </div>
      </dl>
    </section>
  );
}
