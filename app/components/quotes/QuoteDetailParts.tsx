import type { QuoteAskedLineView, QuoteEventView, QuoteMessageView, QuoteProposalView } from "~/services/quotes/types";
import { formatDate, formatDateTime } from "@shared/domain/french-format";
import { QuoteProposalTable } from "./QuoteProposalTable";
import { QuoteThread } from "./QuoteThread";
import { QuoteTimeline, type QuoteReader } from "./QuoteTimeline";

/** Pieces a quote's page draws alike for the customer and for the representative. */

/** The facts' dates: asked when and by whom, the wished date, the last change. */
export function QuoteDateFacts({
  quote,
}: {
  quote: { requestedAt: string; requestedBy: string; wishedDate: string | null; updatedAt: string };
}) {
  return (
    <>
      <div>
        <dt>Demandé le</dt>
        <dd>
          {formatDateTime(quote.requestedAt)} par {quote.requestedBy}
        </dd>
      </div>
      <div>
        <dt>Date souhaitée</dt>
        <dd>{quote.wishedDate ? formatDate(quote.wishedDate) : "—"}</dd>
      </div>
      <div>
        <dt>Dernière activité</dt>
        <dd>{formatDateTime(quote.updatedAt)}</dd>
      </div>
    </>
  );
}

/**
 * The lines asked. `numbered` (the representative's page) adds the line numbers its proposal
 * form refers to, and says which lines are not from the catalogue.
 */
export function AskedLinesTable({ lines, numbered = false }: { lines: QuoteAskedLineView[]; numbered?: boolean }) {
  return (
    <table className="table order-table">
      <caption className="visually-hidden">Lignes demandées</caption>
      <thead>
        <tr>
          {numbered ? <th scope="col">Ligne</th> : null}
          <th scope="col">Produit</th>
          <th scope="col">Quantité</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.position}>
            {numbered ? <td>{line.position}</td> : null}
            <td>
              {line.title}
              {line.ref ? (
                <span className="muted"> · Réf. {line.ref}</span>
              ) : numbered ? (
                <span className="muted"> · hors catalogue</span>
              ) : null}
            </td>
            <td>{line.qty}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The replaced versions of the proposal, newest first, folded, each with its PDF. */
export function EarlierProposals({
  proposals,
  askedLines,
  showPrices,
}: {
  proposals: QuoteProposalView[];
  askedLines: QuoteAskedLineView[];
  showPrices: boolean;
}) {
  return (
    <>
      {proposals.map((proposal) => (
        <details key={proposal.version}>
          <summary>Version {proposal.version} (remplacée)</summary>
          <QuoteProposalTable
            proposal={proposal}
            askedLines={askedLines}
            showPrices={showPrices}
            idPrefix={`version-${proposal.version}`}
          />
          {proposal.conditions ? <p className="quote-text">Conditions : {proposal.conditions}</p> : null}
          <p>
            <a href={proposal.pdfHref} download>
              Télécharger la version {proposal.version} (PDF)
            </a>
          </p>
        </details>
      ))}
    </>
  );
}

/** The page's last sections: the thread, then every step, authors named for the reader. */
export function QuoteHistory({
  messages,
  events,
  reader,
}: {
  messages: QuoteMessageView[];
  events: QuoteEventView[];
  reader: QuoteReader;
}) {
  return (
    <>
      <section aria-labelledby="devis-echanges">
        <h2 id="devis-echanges">Échanges</h2>
        <QuoteThread messages={messages} reader={reader} />
      </section>

      <section aria-labelledby="devis-suivi">
        <h2 id="devis-suivi">Suivi</h2>
        <QuoteTimeline events={events} reader={reader} />
      </section>
    </>
  );
}
