import type { QuoteSummary } from "@shared/contracts/quotes";
import { QUOTE_PATHS } from "~/services/quotes/paths";
import { SALES_QUOTE_PATHS } from "~/services/sales-quotes/paths";
import type { HomeQuoteView, QuotesWaitingView } from "./types";
import type { HomeUser } from "./user.server";

const SHOWN = 5;
/** The representative's list puts the quotes waiting for it first: the first page holds them. */
const REPRESENTATIVE_READ = 20;

function quoteView(quote: QuoteSummary, href: string): HomeQuoteView {
  return {
    id: quote.quo_id,
    number: quote.number,
    customerRef: quote.customer_ref,
    state: quote.state,
    updatedAt: quote.updated_at,
    validUntil: quote.valid_until,
    href,
  };
}

/** The client's side: its representative's proposals to accept or refuse, and the questions it asked. */
async function waitingForClient(user: HomeUser): Promise<{ items: HomeQuoteView[]; total: number }> {
  const [proposed, questions] = await Promise.all(
    (["proposé", "informations demandées"] as const).map((state) =>
      user.upstream.quotes.list(user.orgId, { state }, { page: 1, size: SHOWN }),
    ),
  );
  const items = [...(proposed?.items ?? []), ...(questions?.items ?? [])]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, SHOWN)
    .map((quote) => quoteView(quote, QUOTE_PATHS.quote(quote.quo_id)));
  return { items, total: (proposed?.total ?? 0) + (questions?.total ?? 0) };
}

/** A representative acting for the client: this client's requests waiting for it. */
async function waitingForRepresentative(user: HomeUser): Promise<HomeQuoteView[]> {
  const page = await user.upstream.salesQuotes.list({ org_id: user.orgId, sort: "a-traiter" }, { page: 1, size: REPRESENTATIVE_READ });
  return page.items
    .filter((quote) => quote.waiting_for === "commercial")
    .slice(0, SHOWN)
    .map((quote) => quoteView(quote, SALES_QUOTE_PATHS.quote(quote.quo_id)));
}

export async function loadWaitingQuotes(user: HomeUser): Promise<QuotesWaitingView> {
  const [client, representative] = await Promise.all([
    waitingForClient(user),
    user.representative ? waitingForRepresentative(user) : Promise.resolve(null),
  ]);
  return { forClient: client.items, forClientTotal: client.total, forRepresentative: representative };
}
