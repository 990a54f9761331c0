import type { QuoteState } from "~/services/quotes/types";

/** The state in words (never by colour alone); the stylesheet may tint it by data-state. */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return (
    <span className="order-status quote-state" data-state={state}>
      {state}
    </span>
  );
}

/** The marker of a quote the representative waits on the customer for. */
export function WaitingForYou() {
  return <strong className="quote-waiting">en attente de votre réponse</strong>;
}
