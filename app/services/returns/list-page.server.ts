import { RETURN_STATUSES, RETURNS_PAGE_SIZE } from "@shared/contracts/returns";
import { definedOnly, filterQuery, listFilterReader, pageCountOf } from "@shared/domain/list-filters";
import { asRouteError } from "~/services/route-errors.server";
import { RETURN_FILTER_NAMES, type ReturnListView } from "./types";
import type { ReturnsUser } from "./user.server";
import { eligibleOrderView, returnRow } from "./views.server";

/**
 * /mon-compte/retours (docs/returns-portal.md): the organization's returns, filtered by status
 * in the URL (a GET form, leniently as every account list: an unknown status is ignored with a
 * notice), and the delivered orders whose window is still open, each a link to the form.
 */
export async function loadReturnList(user: ReturnsUser, url: URL): Promise<ReturnListView> {
  const read = listFilterReader(url.searchParams, RETURN_FILTER_NAMES);
  const status = read.oneOf("statut", RETURN_STATUSES, "Statut inconnu");
  const { values, notices, page } = read.finish();
  const [list, eligible] = await Promise.all([
    user.upstream.returns.list(user.orgId, definedOnly({ status, page })),
    user.upstream.returns.eligible(user.orgId),
  ]).catch(asRouteError);
  const pageCount = pageCountOf(list.total, RETURNS_PAGE_SIZE, page, "de retours", notices);
  const showPrices = user.permissions.canViewPrices;
  return {
    rows: list.items.map((summary) => returnRow(summary, showPrices)),
    total: list.total,
    page,
    pageCount,
    values,
    notices,
    statuses: RETURN_STATUSES,
    showPrices,
    query: filterQuery({ statut: status }),
    eligible: eligible.items.map(eligibleOrderView),
    windowDays: eligible.window_days,
  };
}
