import { data } from "@remix-run/node";
import { PRICE_LIST_EXPORT_PAGE } from "@shared/contracts/price-list";
import { pageCountOf } from "@shared/domain/list-filters";
import { brandsOf, categoryTreeOf, requireCatalogueUser, type CatalogueUser } from "~/services/catalogue/index.server";
import type { GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { priceListCsv, priceListXlsx, type PriceListPager } from "./export.server";
import { brandOptions, categoryOptions, parsePriceListFilters, priceListQueryString } from "./filters.server";
import type { PriceListOption, PriceListView } from "./types";

/** What routes use of the price list (app/services/price-list/, docs/price-list.md). */

export const PRICE_LIST_PAGE_SIZE = 50;
export const NO_PRICES_RIGHT = "Votre compte ne permet pas de consulter les prix.";

/**
 * Every price list loader starts here: logged in, a contributor acting for a client
 * (login-as), and the `prices` flag, else a 403 page and no file.
 */
export async function requirePricesUser(args: GuardArgs): Promise<CatalogueUser> {
  const user = await requireCatalogueUser(args);
  if (!user.permissions.canViewPrices) throw data({ message: NO_PRICES_RIGHT }, { status: 403 });
  return user;
}

/** The select's choices; null when the back-office could not give them (the filter then passes as is). */
async function filterChoices(user: CatalogueUser): Promise<{ brands: PriceListOption[] | null; categories: PriceListOption[] | null }> {
  const [brands, tree] = await Promise.all([brandsOf(user).catch(() => null), categoryTreeOf(user).catch(() => null)]);
  return { brands: brands && brandOptions(brands), categories: tree && categoryOptions(tree) };
}

function pagerOf(user: CatalogueUser): PriceListPager {
  return (filters, page, size) => user.upstream.priceList.page(user.usrId, filters, { page, size });
}

/** /mon-compte/tarifs: one page of the organization's prices, filtered by the URL. */
export async function loadPriceListPage(user: CatalogueUser, url: URL): Promise<PriceListView> {
  const choices = await filterChoices(user);
  const { filters, values, notices, page } = parsePriceListFilters(url.searchParams, choices.brands, choices.categories);
  const answer = await pagerOf(user)(filters, page, PRICE_LIST_PAGE_SIZE).catch(asRouteError);
  const pageCount = pageCountOf(answer.total, PRICE_LIST_PAGE_SIZE, page, "de tarifs", notices);
  return {
    rows: answer.items,
    total: answer.total,
    page,
    pageCount,
    pricedOn: answer.priced_on,
    values,
    notices,
    brands: choices.brands ?? [],
    categories: choices.categories ?? [],
    query: priceListQueryString(filters),
  };
}

/**
 * The filtered list (or the whole catalogue, without filters) as a file, streamed: the first
 * page is read before answering, so that a refusal or a back-office down is a page, not a
 * broken file.
 */
export async function exportPriceList(
  user: CatalogueUser,
  url: URL,
  format: "csv" | "xlsx",
  onError: (error: unknown) => void,
): Promise<Response> {
  const choices = await filterChoices(user);
  const { filters } = parsePriceListFilters(url.searchParams, choices.brands, choices.categories);
  const pager = pagerOf(user);
  const first = await pager(filters, 1, PRICE_LIST_EXPORT_PAGE).catch(asRouteError);
  const orgRef = user.session.user.obj_ref;
  return format === "csv" ? priceListCsv(pager, filters, first, orgRef) : priceListXlsx(pager, filters, first, orgRef, onError);
}
