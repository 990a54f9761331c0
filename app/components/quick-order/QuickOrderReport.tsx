import { Link } from "@remix-run/react";
import { countOf, plural } from "@shared/domain/plural";
import type { QuickOrderReport as Report } from "~/services/cart/types";
import { OwnCode } from "~/components/part-numbers/OwnCode";
import { RefusedLinesTable } from "~/components/ui/RefusedLines";

/** What the quick order added, and each refused line with its reason. */
export function QuickOrderReport({ report }: { report: Report }) {
  const refusedCount = report.refused.length + report.unlisted;
  return (
    <section className="quick-order__report" aria-live="polite" data-testid="quick-order-report">
      <h2>Résultat</h2>
      <p data-testid="quick-order-summary">
        {report.added.length === 0
          ? "Aucun produit n'a été ajouté."
          : `${countOf(report.added.length, "produit ajouté", "produits ajoutés")} au panier.`}
        {refusedCount > 0 ? ` ${countOf(refusedCount, "ligne refusée", "lignes refusées")}.` : ""}
      </p>
      {report.added.length > 0 ? (
        <ul>
          {report.added.map((line) => (
            <li key={line.ref}>
              {line.title} ({line.ref}
              <OwnCode code={line.ownCode} />) : {line.qty}
            </li>
          ))}
        </ul>
      ) : null}
      {report.refused.length > 0 ? <RefusedLinesTable caption="Lignes refusées" lines={report.refused} withSource /> : null}
      {report.unlisted > 0 ? (
        <p data-testid="quick-order-unlisted">
          {`… et ${countOf(report.unlisted, "autre ligne refusée", "autres lignes refusées")}, ${plural(report.unlisted, "non détaillée", "non détaillées")}.`}
        </p>
      ) : null}
      {report.added.length > 0 ? <Link to="/mon-panier">Voir le panier</Link> : null}
    </section>
  );
}
