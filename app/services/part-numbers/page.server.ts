import { filterQuery, listFilterReader, pageCountOf } from "@shared/domain/list-filters";
import { permissionsOf } from "@shared/domain/permissions";
import { requireClientChosen, requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import type { PartNumbersView } from "./types";

/**
 * /mon-compte/references (docs/part-numbers-portal.md): the organization's own codes, searched
 * and paged by the URL. Anyone of the organization reads them; the forms are for the `cart` right.
 */

/** What the back-office's search takes (partNumberListQuery): a longer text is ignored and said. */
const MAX_SEARCH_LENGTH = 60;

/** The organization's codes are its own: a representative chooses a client first. */
export async function requirePartNumbersUser(args: GuardArgs): Promise<ActiveUser> {
  const active = await requireUser(args);
  await requireClientChosen(args, active);
  return active;
}

/** Whoever may fill the cart may name the products in it (the back-office checks it again). */
export function canChangePartNumbers(active: ActiveUser): boolean {
  const { user, master } = active.session;
  return user.obj_class !== "contributor" && permissionsOf(user, master).canUpdateCart;
}

export async function loadPartNumbersPage(active: ActiveUser, url: URL): Promise<PartNumbersView> {
  const read = listFilterReader(url.searchParams, ["q"] as const);
  const q = read.search("q", { max: MAX_SEARCH_LENGTH });
  const { values, notices, page } = read.finish();
  const orgId = active.session.user.auth_org_id;
  const answer = await active.upstream.partNumbers.list(orgId, { ...(q ? { q } : {}), page }).catch(asRouteError);
  const pageCount = pageCountOf(answer.total, answer.size, page, "de codes", notices);
  return {
    rows: answer.items.map((item) => ({ productId: item.product_id, ref: item.ref, title: item.title, code: item.code })),
    total: answer.total,
    page,
    pageCount,
    q: values.q,
    query: filterQuery({ q }),
    notices,
    canEdit: canChangePartNumbers(active),
  };
}
