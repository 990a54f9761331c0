import { data } from "@remix-run/node";
import type { ProductDetail } from "@shared/contracts/api";
import type { Cart } from "@shared/contracts/entities";
import type { OrderDetail, OrderDetailLine } from "@shared/contracts/orders";
import { isMmsiProduct, lineUnitPrice, MAX_LINE_QTY, normalizeReference } from "@shared/domain/index";
import { countOf, plural } from "@shared/domain/plural";
import { toNewCartProduct } from "~/services/cart/add.server";
import { changeCart, loadCart, newLineId } from "~/services/cart/cart.server";
import { cartFailureOf } from "~/services/cart/failure.server";
import type { AddItem } from "~/services/cart/types";
import { redirectWithToast } from "~/services/forms/index.server";
import type { GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { ReorderLineView, ReorderProposalView } from "./types";
import type { OrdersUser } from "./user.server";
import { readForm } from "~/services/forms/read.server";
import { formatQuantity } from "@shared/domain/french-format";

/**
 * « Commander à nouveau » (docs/orders.md): an order's lines, all or those ticked, proposed for
 * the organization's shared cart with what changed since the order (today's catalogue: a
 * product no longer sold, a new price, the 9,999 per-line cap counting what the cart holds, an
 * MMSI product's certificates), then added in ONE versioned save through changeCart
 * (docs/cart.md), as the quick order does.
 */

/** Catalogue look-ups at a time: enough to be quick, not a flood (as the quick order). */
const LOOKUP_CONCURRENCY = 8;
/** More ids than an order has lines is not a selection anyone made. */
const MAX_SELECTED = 500;
/** The toast cookie takes 300 characters (toast.server.ts). */
const TOAST_MAX = 300;
/** Up to this many added products are named in the toast. */
const TOAST_NAMED = 5;

export const NO_CART_RIGHT = "Votre compte ne permet pas de modifier le panier.";

/** Which lines were asked: `tout=1` for the whole order, else the `ligne` ids ticked. */
export interface ReorderSelection {
  whole: boolean;
  ids: number[];
  /** Values that are not a line id at all. */
  invalid: number;
}

export function selectionOf(params: URLSearchParams | FormData): ReorderSelection {
  const whole = params.get("tout") === "1";
  const ids = new Set<number>();
  let invalid = 0;
  for (const value of params.getAll("ligne").slice(0, MAX_SELECTED)) {
    if (typeof value === "string" && /^[1-9]\d{0,9}$/.test(value.trim()) && Number(value) <= 2147483647) ids.add(Number(value));
    else invalid += 1;
  }
  return { whole, ids: [...ids], invalid };
}

function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** The order, its organization's only (another's is a 404, as its page). */
async function orderOf(user: OrdersUser, id: string | undefined): Promise<OrderDetail> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) notFound();
  const order = await user.upstream.orders.detail(Number(id)).catch(asRouteError);
  if (order.org_id !== user.orgId) notFound();
  return order;
}

/** The `cart` right, checked on the server before anything is read or changed. */
function assertCanReorder(user: OrdersUser): void {
  if (user.session.user.obj_class === "contributor" || !user.permissions.canUpdateCart) {
    throw data({ message: NO_CART_RIGHT }, { status: 403 });
  }
}

/**
 * A line to put back into the cart: an order's line, or a line of an approval request
 * (docs/approvals.md, « Remettre dans le panier »). `unit_price` is what it cost then (null
 * without `prices`).
 */
export type ReorderSourceLine = Pick<OrderDetailLine, "obj_id" | "obj_ref" | "obj_title" | "ordered" | "unit_price">;

type Lookup = { line: ReorderSourceLine; product: ProductDetail } | { line: ReorderSourceLine; product: null };

/** Today's facts of each product, by id (the order's line names the exact product). */
async function lookUpAll(user: OrdersUser, lines: readonly ReorderSourceLine[]): Promise<Lookup[]> {
  const results = new Array<Lookup>(lines.length);
  let next = 0;
  const worker = async () => {
    while (next < lines.length) {
      const index = next++;
      const line = lines[index];
      if (!line) continue;
      try {
        results[index] = { line, product: await user.upstream.pim.getProduct(user.orgId, line.obj_id) };
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) results[index] = { line, product: null };
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, lines.length) }, worker));
  return results;
}

function unitsInCart(cart: Cart): Map<string, number> {
  const held = new Map<string, number>();
  for (const line of cart.products) {
    if (line.prd_is_port) continue;
    const ref = normalizeReference(line.obj_ref);
    held.set(ref, (held.get(ref) ?? 0) + line.qty);
  }
  return held;
}

const units = (qty: number) => formatQuantity(qty).replace(/\s/g, " ");

/** One line's proposal: what joins the cart and what changed since the order. */
function proposeLine(lookup: Lookup, held: Map<string, number>, showPrices: boolean): { view: ReorderLineView; item: AddItem | null } {
  const { line, product } = lookup;
  const inCart = held.get(normalizeReference(product?.obj_ref ?? line.obj_ref)) ?? 0;
  const base = {
    productId: line.obj_id,
    productRef: product?.obj_ref ?? line.obj_ref,
    productTitle: product?.obj_title ?? line.obj_title,
    ordered: line.ordered,
    inCart,
    orderedUnitPrice: showPrices ? line.unit_price : null,
    todayUnitPrice: null,
    priceChanged: false,
    mmsi: false,
  };
  if (!product) {
    return {
      view: { ...base, qty: 0, outcome: "refusée", notes: ["Ce produit n'existe plus au catalogue : il ne sera pas ajouté."] },
      item: null,
    };
  }
  if (product.prd_discontinued || product.prd_is_port) {
    const note = product.prd_is_port
      ? "Frais de port : ils sont calculés automatiquement."
      : "Ce produit n'est plus commercialisé : il ne sera pas ajouté.";
    return { view: { ...base, qty: 0, outcome: "refusée", notes: [note] }, item: null };
  }
  const notes: string[] = [];
  const newProduct = toNewCartProduct(product);
  // The catalogue hides every amount (null) from an account without `prices`.
  const todayUnitPrice = showPrices && product.prd_price_selling !== null ? lineUnitPrice(newProduct) : null;
  const priceChanged = base.orderedUnitPrice !== null && todayUnitPrice !== null && base.orderedUnitPrice !== todayUnitPrice;
  if (priceChanged) notes.push("Le prix a changé depuis la commande.");
  const mmsi = isMmsiProduct(product);
  if (mmsi) notes.push("Produit MMSI : un certificat par unité sera à joindre dans le panier avant de commander.");
  const room = Math.max(0, MAX_LINE_QTY - inCart);
  const view = { ...base, todayUnitPrice, priceChanged, mmsi };
  if (room === 0) {
    notes.unshift(
      `Le panier contient déjà ${units(inCart)} × ${base.productRef} : une ligne ne peut pas dépasser ${units(MAX_LINE_QTY)}, rien ne sera ajouté.`,
    );
    return { view: { ...view, qty: 0, outcome: "refusée", notes }, item: null };
  }
  const qty = Math.min(line.ordered, room);
  if (qty < line.ordered) {
    notes.unshift(
      `Quantité ramenée à ${units(qty)} : le panier en contient déjà ${units(inCart)} et une ligne ne peut pas dépasser ${units(MAX_LINE_QTY)}.`,
    );
  }
  return {
    view: { ...view, qty, outcome: qty < line.ordered ? "plafonnée" : "ajoutée", notes },
    item: { product: newProduct, qty, lineId: newLineId() },
  };
}

interface Proposal {
  view: ReorderProposalView;
  items: AddItem[];
}

/** Each line's proposal on today's catalogue and cart, and the items that will join the cart. */
async function proposeLines(
  args: GuardArgs,
  user: OrdersUser,
  chosen: readonly ReorderSourceLine[],
): Promise<{ lines: ReorderLineView[]; items: AddItem[] }> {
  const showPrices = user.permissions.canViewPrices;
  const [saved, lookups] =
    chosen.length === 0 ? [null, []] : await Promise.all([loadCart(args, user), lookUpAll(user, chosen)]).catch(asRouteError);
  const held = saved ? unitsInCart(saved.cart) : new Map<string, number>();
  const lines: ReorderLineView[] = [];
  const items: AddItem[] = [];
  for (const lookup of lookups) {
    const { view, item } = proposeLine(lookup, held, showPrices);
    lines.push(view);
    if (item) items.push(item);
  }
  return { lines, items };
}

async function propose(args: GuardArgs, user: OrdersUser, order: OrderDetail, selection: ReorderSelection): Promise<Proposal> {
  const notices: string[] = [];
  const onOrder = new Set(order.lines.map((line) => line.obj_id));
  let chosen: OrderDetailLine[];
  if (selection.whole) chosen = order.lines;
  else {
    const ids = new Set(selection.ids);
    chosen = order.lines.filter((line) => ids.has(line.obj_id));
    const strangers = selection.ids.filter((id) => !onOrder.has(id)).length + selection.invalid;
    if (strangers > 0) {
      const ignored = plural(strangers, "elle est ignorée", "elles sont ignorées");
      notices.push(`${countOf(strangers, "ligne choisie ne fait", "lignes choisies ne font")} pas partie de cette commande : ${ignored}.`);
    }
    if (chosen.length === 0)
      notices.push(
        "Aucune ligne de la commande n'est choisie : cochez les produits à commander à nouveau, ou choisissez toute la commande.",
      );
  }
  const { lines, items } = await proposeLines(args, user, chosen);
  return {
    view: {
      orderId: order.ord_id,
      orderNumber: order.ord_ref,
      orderDate: order.created_at,
      wholeOrder: selection.whole,
      lines,
      notices,
      showPrices: user.permissions.canViewPrices,
      canConfirm: items.length > 0,
    },
    items,
  };
}

/** GET /mon-compte/commandes/{id}/commander-a-nouveau: the proposal, nothing changed yet. */
export async function loadReorderProposal(args: GuardArgs, user: OrdersUser, id: string | undefined): Promise<ReorderProposalView> {
  assertCanReorder(user);
  const order = await orderOf(user, id);
  const { view } = await propose(args, user, order, selectionOf(new URL(args.request.url).searchParams));
  return view;
}

/** « 2 × A, 1 × B » cut to what a toast holds. */
function clip(message: string): string {
  return message.length <= TOAST_MAX ? message : `${message.slice(0, TOAST_MAX - 1)}…`;
}

/** « Non ajouté : REF » or « Non ajoutés : REF, REF » (the products, masculine). */
function notAddedLabel(count: number): string {
  return plural(count, "Non ajouté", "Non ajoutés");
}

/** Where the lines come from, for the toast and for going back when nothing was added. */
export interface LinesBackSource {
  /** « Commande CMD-000123 », « Demande VAL-000012 ». */
  label: string;
  /** The page to go back to when nothing could be added. */
  backTo: string;
  /** Said when there is no line at all (nothing chosen). */
  nothingChosen: string;
  /** Says where to look for the lines that were not added. */
  seeAlso: string;
}

/**
 * Puts lines back into the organization's shared cart in ONE versioned save (changeCart, the
 * cart's one change path, with its live notice): each line on today's catalogue and cart, as
 * « Commander à nouveau » proposes it (a product no longer sold is left out, a line capped at
 * 9,999 with what the cart holds). The user lands on the cart with what was added and what was
 * not, or back on `source.backTo` when nothing was. The caller checks the `cart` right first.
 */
export async function putLinesBackIntoCart(
  args: GuardArgs,
  user: OrdersUser,
  source: LinesBackSource,
  chosen: readonly ReorderSourceLine[],
): Promise<Response> {
  const proposal = await proposeLines(args, user, chosen);
  const notAdded = proposal.lines.filter((line) => line.outcome === "refusée").map((line) => line.productRef);
  if (proposal.items.length === 0) {
    const why =
      notAdded.length > 0 ? `${notAddedLabel(notAdded.length)} : ${notAdded.join(", ")} (${source.seeAlso}).` : source.nothingChosen;
    return redirectWithToast(args.context, source.backTo, { type: "error", message: clip(`Rien n'a été ajouté au panier. ${why}`) });
  }
  let result;
  try {
    result = await changeCart(args.context, user, { type: "addMany", items: proposal.items });
  } catch (error) {
    const failure = cartFailureOf(error, args.context, user, "reorder");
    return redirectWithToast(args.context, source.backTo, { type: "error", message: clip(failure.message) });
  }
  const refusedIds = new Set(result.refused.map((item) => item.lineId));
  const added = proposal.items.filter((item) => !refusedIds.has(item.lineId));
  const refusedNow = proposal.items.filter((item) => refusedIds.has(item.lineId)).map((item) => item.product.obj_ref);
  const capped = proposal.lines.filter((line) => line.outcome === "plafonnée").map((line) => line.productRef);
  // The products are named when few: the refusals after them must still fit in the toast.
  const named = added.length <= TOAST_NAMED ? ` (${added.map((item) => `${item.qty} × ${item.product.obj_ref}`).join(", ")})` : "";
  const parts = [`${source.label} : ${countOf(added.length, "produit ajouté", "produits ajoutés")} au panier${named}.`];
  if (capped.length > 0) parts.push(`Quantité plafonnée : ${capped.join(", ")}.`);
  if (notAdded.length + refusedNow.length > 0)
    parts.push(`${notAddedLabel(notAdded.length + refusedNow.length)} : ${[...notAdded, ...refusedNow].join(", ")}.`);
  if (added.some((item) => isMmsiProduct(item.product))) parts.push("Joignez les certificats MMSI dans le panier.");
  const type = added.length === 0 ? "error" : "success";
  return redirectWithToast(args.context, added.length === 0 ? source.backTo : "/mon-panier", { type, message: clip(parts.join(" ")) });
}

/**
 * POST: the proposal computed again on today's catalogue and cart (it may have changed since
 * the page was drawn), then one addMany save; the user lands on the cart with what was added
 * and what was not.
 */
export async function confirmReorder(args: GuardArgs, user: OrdersUser, id: string | undefined): Promise<Response> {
  assertCanReorder(user);
  const order = await orderOf(user, id);
  const selection = selectionOf(await readForm(args.request));
  const ids = new Set(selection.ids);
  const chosen = selection.whole ? order.lines : order.lines.filter((line) => ids.has(line.obj_id));
  return putLinesBackIntoCart(
    args,
    user,
    {
      label: `Commande ${order.ord_ref}`,
      backTo: `/mon-compte/commandes/${order.ord_id}`,
      nothingChosen: "Aucune ligne de la commande n'est choisie.",
      seeAlso: "voir « Commander à nouveau »",
    },
    chosen,
  );
}
