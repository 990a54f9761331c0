import { randomUUID } from "node:crypto";
import type { SavedCart } from "@shared/contracts/api";
import type { HeldCart } from "~/services/upstream/held-cart.server";
import type { Cart, CartLine } from "@shared/contracts/entities";
import {
  addProduct,
  applyCartChangeWithoutShipping,
  DomainError,
  isDomainError,
  MAX_LINE_QTY,
  normalizeReference,
  parisDate,
  permissionsOf,
  setCertificates,
} from "@shared/domain/index";
import { publishCartChange } from "~/services/realtime/publish.server";
import { describeCartChange } from "./events.server";
import { applyQuantities } from "./intents.server";
import type { PortalLoadContext } from "~/services/context.server";
import { confirmWithBackoffice, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { CART_CONFLICT_CODE } from "~/services/upstream/oms.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { AddItem, CartEvent, PortalCartChange, RefusedItem } from "./types";

/**
 * THE one place where the organization's shared cart changes (docs/cart.md). Every change
 * (add, quantity, remove, clear, options, reference and comments, certificates, quick order)
 * starts from the last known cart, is applied with the pure operations of shared/domain, and
 * saved with its version.
 * When a colleague saved in between (409), the SAME change is applied again on the fresh cart:
 * nobody's change is lost. Live sync (docs/realtime.md) publishes 'cart-update' right after the save.
 */

export interface CartChangeResult {
  cart: Cart;
  version: number;
  /** The back-office hid the cart's amounts from this account (HeldCart, decision 0131). */
  amountsHidden?: true;
  change: CartEvent;
  /** addMany only: the items the saved cart refused; the others were added. */
  refused: RefusedItem[];
}

/** Saves lost to a colleague this many times in a row: give up with a French message. */
export const MAX_SAVE_ATTEMPTS = 8;

/** A random pause before a retry, growing with the attempts, so racing users do not collide again in step. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * 15 * attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class CartRefused extends Error {
  override readonly name = "CartRefused";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses every cart change to a user without the `cart` right (and contributors without a client). */
export function assertCanChangeCart(active: ActiveUser): void {
  const { user, master } = active.session;
  if (user.obj_class === "contributor") {
    throw new CartRefused(403, "Choisissez d'abord un client pour agir sur son panier.");
  }
  if (!permissionsOf(user, master).canUpdateCart) {
    throw new CartRefused(403, "Votre compte ne permet pas de modifier le panier.");
  }
}

export function newLineId(): string {
  return `l-${randomUUID()}`;
}

function refusalMessage(cart: Cart, item: AddItem, error: DomainError): string {
  if (error.code !== "quantity_too_large") return error.message;
  const ref = normalizeReference(item.product.obj_ref);
  const inCart = cart.products.find((line) => !line.prd_is_port && normalizeReference(line.obj_ref) === ref)?.qty ?? 0;
  return `Le panier contient déjà ${inCart} × ${ref} : une ligne ne peut pas dépasser ${MAX_LINE_QTY}.`;
}

/**
 * Adds each item on its own: one the cart refuses (a line that would pass 9999…) is left out
 * with its reason and the others go in. Pure, so a replay after a 409 decides again on the
 * fresher cart: what is refused is what the cart finally saved refuses.
 */
export function addItems(cart: Cart, items: readonly AddItem[]): { cart: Cart; refused: RefusedItem[] } {
  const refused: RefusedItem[] = [];
  let current = cart;
  for (const item of items) {
    try {
      current = addProduct(current, item.product, item.qty, item.lineId);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      refused.push({ lineId: item.lineId, message: refusalMessage(current, item, error) });
    }
  }
  return { cart: current, refused };
}

/**
 * Applies a change: pure, so it can be replayed on a fresher cart. The shipping lines are left
 * as they are: a save sends the product lines only (leanCart) and the back-office recomputes
 * shipping on every save, so computing it here would be thrown away (decision 0094).
 */
export function applyPortalChange(cart: Cart, change: PortalCartChange): Cart {
  switch (change.type) {
    case "addMany":
      return addItems(cart, change.items).cart;
    case "quantities":
      return applyQuantities(cart, change.updates);
    case "attachCertificate":
    case "detachCertificate":
      return changeCertificates(cart, change);
    case "details":
      return { ...cart, ref: change.ref, comments: change.comments };
    case "checkout":
      return { ...cart, ...change.details };
    default:
      return applyCartChangeWithoutShipping(cart, change);
  }
}

/**
 * One certificate in or out, applied to the line as it is now: a colleague's certificate
 * attached meanwhile stays. The domain refuses more certificates than the quantity.
 */
function changeCertificates(cart: Cart, change: Extract<PortalCartChange, { type: "attachCertificate" | "detachCertificate" }>): Cart {
  const line = cart.products.find((candidate) => candidate.line_id === change.lineId && !candidate.prd_is_port);
  if (!line) throw new DomainError("line_not_found", "Cette ligne n'est plus dans le panier.");
  if (change.type === "detachCertificate") {
    return setCertificates(
      cart,
      line.line_id,
      line.certificates.filter((certificate) => certificate.cer_id !== change.cerId),
    );
  }
  if (line.certificates.some((certificate) => certificate.mmsi === change.certificate.mmsi)) {
    throw new DomainError("mmsi_duplicate", `Le numéro MMSI ${change.certificate.mmsi} est déjà joint à cette ligne.`);
  }
  return setCertificates(cart, line.line_id, [...line.certificates, change.certificate]);
}

/**
 * A save refused because the cart moved on. The status is enough: the HTTP client's strict
 * error schema does not accept the conflict body (it carries the cart), so the code is lost.
 */
function isConflict(error: unknown): boolean {
  return error instanceof UpstreamError && error.status === 409 && (error.code === CART_CONFLICT_CODE || error.code === "unavailable");
}

/** A held line priced by a quote whose validity date has passed: the back-office reprices it today. */
function holdsExpiredQuotePrice(saved: SavedCart, today: string): boolean {
  return saved.cart.products.some((line) => line.quote !== undefined && line.quote.valid_until < today);
}

/**
 * The organization's cart for a page. The cart this process holds is current when the
 * request's /auth/me, which the layout asks anyway, names its version: it is then shown
 * without a second exchange, unless it shows a quote's price past its date. Otherwise it is
 * revalidated (or read) from the back-office, whose tag names the day (decision 0085).
 * The process holds carts with their amounts only: an account that may not see prices (as
 * /auth/me says now) reads its own answer, without them (decision 0131).
 */
export async function loadCart(args: GuardArgs, active: ActiveUser): Promise<HeldCart> {
  const orgId = active.session.user.auth_org_id;
  const known = active.upstream.oms.lastKnownCart(orgId);
  if (known && !holdsExpiredQuotePrice(known, parisDate(args.context.now()))) {
    const me = await confirmWithBackoffice(args, active);
    const seesPrices = permissionsOf(me.user, me.master).canViewPrices;
    if (seesPrices && me.user.obj_properties.cart?.version === known.version) return known;
  }
  return active.upstream.oms.getCart(orgId);
}

export async function changeCart(context: PortalLoadContext, active: ActiveUser, change: PortalCartChange): Promise<CartChangeResult> {
  assertCanChangeCart(active);
  const orgId = active.session.user.auth_org_id;
  // One change at a time per organization in this process: colleagues' changes queue here
  // instead of racing to the back-office and being refused there (decision 0087).
  return context.cartChanges.run(orgId, () => saveChange(context, active, change));
}

/** The change with what the cart refused, and the change as it was made (refused items left out). */
function applyReporting(cart: Cart, change: PortalCartChange) {
  if (change.type !== "addMany") return { next: applyPortalChange(cart, change), refused: [], made: change };
  const { cart: added, refused } = addItems(cart, change.items);
  const refusedIds = new Set(refused.map((item) => item.lineId));
  const made = { ...change, items: change.items.filter((item) => !refusedIds.has(item.lineId)) };
  return { next: added, refused, made };
}

async function saveChange(context: PortalLoadContext, active: ActiveUser, change: PortalCartChange): Promise<CartChangeResult> {
  const orgId = active.session.user.auth_org_id;
  const { oms } = active.upstream;
  // The change starts from the cart this process last saw, without asking: if a colleague saved
  // since through another process, the versioned save answers 409 and the loop below reads the
  // cart and starts again.
  const known = oms.lastKnownCart(orgId);
  let current = known ?? (await oms.getCart(orgId));
  let fresh = known === undefined;
  for (let attempt = 1; attempt <= MAX_SAVE_ATTEMPTS; attempt++) {
    const { next, refused, made } = applyReporting(current.cart, change);
    if (made.type === "addMany" && made.items.length === 0) {
      // Nothing left to add: no save, no news for colleagues. Decided on the cart as the
      // back-office has it, not on this process's memory of it.
      if (fresh) return { ...current, change: { kind: "added", products: [] }, refused };
      current = await oms.getCart(orgId);
      fresh = true;
      continue;
    }
    try {
      const saved = await oms.saveCart(orgId, { cart: next, version: current.version });
      const result = { ...saved, change: describeCartChange(made, current.cart, saved.cart), refused };
      // Server side, after the save: colleagues see it live, never on a browser's say-so.
      publishCartChange(context, active.session, result.change, result.version);
      return result;
    } catch (error) {
      if (!isConflict(error)) throw error;
      // The conflict answer's cart is dropped by the HTTP client; reading it again is as fresh.
      await backoff(attempt);
      current = await oms.getCart(orgId);
      fresh = true;
    }
  }
  throw new CartRefused(409, "Le panier est modifié en ce moment par d'autres utilisateurs : réessayez dans un instant.");
}

/** The product lines of a cart (shipping lines excluded). */
export function productLines(cart: Cart): CartLine[] {
  return cart.products.filter((line) => !line.prd_is_port);
}
