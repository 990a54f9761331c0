import { AskedLinesTable, QuoteDateFacts } from "~/components/quotes/QuoteDetailParts";
import { QuoteStateBadge } from "~/components/quotes/QuoteStateBadge";
import { QuoteAttachments } from "~/components/quotes/QuoteThread";
import type { SalesQuotePageView } from "~/services/sales-quotes/types";
import { WaitingLabel } from "./SalesQuoteTable";

/** The quote's facts: client, state and whose turn it is, dates. */
export function SalesQuoteFacts({ quote }: { quote: SalesQuotePageView }) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Client</dt>
        <dd>
          {quote.orgName} ({quote.orgRef})
        </dd>
      </div>
      <div>
        <dt>État</dt>
        <dd>
          <QuoteStateBadge state={quote.state} /> · <WaitingLabel waitingFor={quote.waitingFor} />
        </dd>
      </div>
      <div>
        <dt>Référence du client</dt>
        <dd>{quote.customerRef || "—"}</dd>
      </div>
      <QuoteDateFacts quote={quote} />
    </dl>
  );
}

/** What the client asked: the lines, its message and its files. */
export function SalesQuoteRequest({ quote }: { quote: SalesQuotePageView }) {
  return (
    <>
      <AskedLinesTable lines={quote.askedLines} numbered />
      {quote.requestMessage ? (
        <div>
          <h3>Message du client</h3>
          <p className="quote-text">{quote.requestMessage}</p>
        </div>
      ) : null}
      <QuoteAttachments attachments={quote.attachments} />
    </>
  );
}
