import { QUOTE_STATES } from "@shared/contracts/quotes";
import { pageCountOf } from "@shared/domain/list-filters";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { parseQuoteFilters, quoteFilterQuery } from "./filters.server";
import type { QuoteListView } from "./types";
import { quoteRow } from "./views.server";

export const QUOTES_PAGE_SIZE = 20;

/** /mon-compte/mes-devis: the organization's quotes, newest first, filtered by the URL. */
export async function loadQuoteList(user: OrdersUser, url: URL): Promise<QuoteListView> {
  const { filters, values, notices, page } = parseQuoteFilters(url.searchParams);
  const answer = await user.upstream.quotes.list(user.orgId, filters, { page, size: QUOTES_PAGE_SIZE }).catch(asRouteError);
  const pageCount = pageCountOf(answer.total, QUOTES_PAGE_SIZE, page, "de devis", notices);
  const showPrices = user.permissions.canViewPrices;
  return {
    rows: answer.items.map((quote) => quoteRow(quote, showPrices)),
    total: answer.total,
    page,
    pageCount,
    values,
    notices,
    states: QUOTE_STATES,
    showPrices,
    query: quoteFilterQuery(filters),
  };
}
