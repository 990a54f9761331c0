import { QUOTE_STATES } from "@shared/contracts/quotes";
import { pageCountOf } from "@shared/domain/list-filters";
import { asRouteError } from "~/services/route-errors.server";
import { parseSalesQuoteFilters, salesQuoteFilterQuery } from "./filters.server";
import type { SalesQuoteListView } from "./types";
import type { SalesUser } from "./user.server";
import { salesQuoteRow } from "./views.server";

export const SALES_QUOTES_PAGE_SIZE = 20;

/**
 * /clients/devis: the quotes of the contributor's clients, those waiting for it first unless
 * the URL asks for the newest first, filtered by state, client and text.
 */
export async function loadSalesQuoteList(user: SalesUser, url: URL): Promise<SalesQuoteListView> {
  const { filters, values, notices, page } = parseSalesQuoteFilters(url.searchParams);
  const answer = await user.active.upstream.salesQuotes.list(filters, { page, size: SALES_QUOTES_PAGE_SIZE }).catch(asRouteError);
  if (filters.org_id !== undefined && !answer.clients.some((client) => client.org_id === filters.org_id)) {
    notices.push({ field: "client", message: "Ce client ne fait pas partie de votre portefeuille." });
  }
  const pageCount = pageCountOf(answer.total, SALES_QUOTES_PAGE_SIZE, page, "de devis", notices);
  return {
    rows: answer.items.map(salesQuoteRow),
    total: answer.total,
    page,
    pageCount,
    values,
    notices,
    states: QUOTE_STATES,
    clients: answer.clients.map((client) => ({ id: client.org_id, label: `${client.org_name} (${client.org_ref})` })),
    query: salesQuoteFilterQuery(filters),
    contributorName: user.contributorName,
  };
}
