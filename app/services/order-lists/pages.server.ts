import type { OrderListDetail, OrderListSummary } from "@shared/contracts/order-lists";
import { permissionsOf } from "@shared/domain/permissions";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { EditableListOption, ListPageView, ListRowView, ListsPageView } from "./types";
import { listIdOf, type ListsUser } from "./user.server";

/** The loaders of /mon-compte/listes and /mon-compte/listes/{id} (docs/order-lists.md). */

function rowOf(list: OrderListSummary): ListRowView {
  return {
    id: list.id,
    name: list.name,
    shared: list.shared,
    ownerName: list.owner_name,
    linesCount: list.lines_count,
    updatedAt: list.updated_at,
    canEdit: list.can_edit,
  };
}

/** The lists the caller sees (their own, and the organization's shared ones), as the back-office orders them. */
export async function loadListsPage(user: ListsUser): Promise<ListsPageView> {
  const { items } = await user.upstream.orderLists.list(user.orgId).catch(asRouteError);
  return { lists: items.map(rowOf) };
}

export function listPageOf(detail: OrderListDetail, showPrices: boolean): ListPageView {
  return {
    id: detail.id,
    name: detail.name,
    shared: detail.shared,
    ownerName: detail.owner_name,
    updatedAt: detail.updated_at,
    canEdit: detail.can_edit,
    showPrices,
    schedulesCount: detail.schedules_count,
    lines: detail.lines.map((line) => ({
      productId: line.product_id,
      ref: line.ref,
      ownCode: line.own_code,
      title: line.title,
      note: line.note,
      qty: line.qty,
      // The back-office sends none without `prices`; the page does not draw the column either.
      unitPrice: showPrices ? line.unit_price : null,
      stock: line.stock,
      discontinued: line.discontinued,
      needsCertificate: line.needs_certificate,
    })),
  };
}

/** One list: another organization's, or a colleague's private one, is the 404 page. */
export async function loadListPage(user: ListsUser, rawId: string | undefined): Promise<ListPageView> {
  const id = listIdOf(rawId);
  const detail = await user.upstream.orderLists.get(user.orgId, id).catch(asRouteError);
  return listPageOf(detail, user.permissions.canViewPrices);
}

/**
 * The lists a product page offers « Ajouter à une liste » with: those the caller may change.
 * Null when the caller may not use lists (no `cart` right, a representative without a client)
 * or the back-office cannot say: the product page is drawn without the form rather than failing.
 */
export async function editableListsFor(active: ActiveUser): Promise<EditableListOption[] | null> {
  const { user, master } = active.session;
  if (user.obj_class === "contributor" || !permissionsOf(user, master).canUpdateCart) return null;
  try {
    const { items } = await active.upstream.orderLists.list(user.auth_org_id);
    return items.filter((list) => list.can_edit).map((list) => ({ id: list.id, name: list.name, shared: list.shared }));
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
