import { Link } from "@remix-run/react";
import type { HomeQuoteView, QuotesWaitingView } from "~/services/home/types";
import { formatDate } from "@shared/domain/french-format";

function QuoteList({ quotes }: { quotes: HomeQuoteView[] }) {
  return (
    <ul className="home-list">
      {quotes.map((quote) => (
        <li key={quote.id}>
          <Link to={quote.href}>{quote.number}</Link>
          {quote.customerRef ? ` (${quote.customerRef})` : ""} : {quote.state}
          {quote.validUntil ? `, valable jusqu'au ${formatDate(quote.validUntil)}` : ""}
          <span className="muted">
            {" "}
            · mis à jour le <time dateTime={quote.updatedAt}>{formatDate(quote.updatedAt)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Quotes waiting for the client's answer; for a representative acting for it, its own to study too. */
export function WaitingQuotes({ quotes }: { quotes: QuotesWaitingView }) {
  return (
    <>
      {quotes.forClient.length > 0 ? (
        <>
          <p>
            {quotes.forClientTotal === 1 ? "Un devis attend" : `${quotes.forClientTotal} devis attendent`} votre réponse (une proposition à
            accepter ou refuser, une question de votre commercial).
          </p>
          <QuoteList quotes={quotes.forClient} />
        </>
      ) : (
        <p className="muted">Aucun devis n'attend votre réponse.</p>
      )}
      <p>
        <Link to="/mon-compte/mes-devis">Tous les devis</Link>
      </p>
      {quotes.forRepresentative ? (
        <>
          <h3>Demandes à étudier par le commercial</h3>
          {quotes.forRepresentative.length > 0 ? (
            <QuoteList quotes={quotes.forRepresentative} />
          ) : (
            <p className="muted">Aucune demande de ce client n'attend le commercial.</p>
          )}
        </>
      ) : null}
    </>
  );
}
