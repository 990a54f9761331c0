import { Router } from "express";
import { confirmQuery, confirmRequest, freeShippingQuery, saveCartRequest } from "@shared/contracts/api";
import { parisDate, withUniqueLineIds } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { assertActingOrg, authorOf, hasFlag, requireClientAccount, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { answerEtag, cartFor, conflictFor, savedCartJsonFor } from "./cart-view";
import { cartConflictNow, cartEtag, isNotModified, readCart, readCartVersion, saveCartVersion, StaleCartVersion } from "./cart-store";
import { cartCatalogue } from "./cart-catalogue";
import { confirmOrder } from "./confirm";
import { loadOrder, withoutAmounts } from "./order-view";
import { assertOneLinePerProduct, repriceCart } from "./reprice";

const CART_IS_A_CLIENTS = "le panier est celui d'une organisation cliente";

export function omsRouter(deps: CatalogueServiceDeps): Router {
  const { db, now, catalogue, readModel, cartVacuum, certificates } = deps;
  const router = Router();

  /** The acting organization's cart, for whoever may act for it (never a contributor's own account). */
  function cartOrg(session: Session, orgIdParam: string | undefined): number {
    const orgId = assertActingOrg(session, parseIdParam(orgIdParam));
    requireClientAccount(session, CART_IS_A_CLIENTS);
    return orgId;
  }

  /** Today's catalogue for the session's organization (cart-catalogue.ts). */
  const cartCatalogueOf = (session: Session, today: string) => cartCatalogue(deps, session.org, today);

  router.get(
    "/products/port",
    asyncHandler(async (_req, res) => {
      res.json(await catalogue.shippingProducts());
    }),
  );

  router.get(
    "/free-shipping",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const query = parseInput(freeShippingQuery, req.query);
      assertActingOrg(session, query.usr_id);
      res.json({ eligible: session.org.free_shipping_eligible });
    }),
  );

  router.get(
    "/cart/:orgId",
    asyncHandler(async (req, res) => {
      // The token's right to this cart is checked first: a 304 tells as much as the cart itself.
      const session = sessionOf(res);
      const orgId = cartOrg(session, req.params.orgId);
      // Kept by the client, but never used without asking: the cart is shared and changes.
      res.set("Cache-Control", "private, no-cache");
      const ifNoneMatch = req.get("if-none-match");
      const today = parisDate(now());
      if (ifNoneMatch) {
        const [version, revisions] = await Promise.all([readCartVersion(db, orgId), readModel.revisionTag()]);
        const etag = answerEtag(session, cartEtag(orgId, version, today, revisions));
        if (isNotModified(ifNoneMatch, etag)) {
          res.status(304).set("ETag", etag).end();
          return;
        }
      }
      // The tag names the lines chosen (the version) and the day: a client holding that version
      // keeps the prices it was shown until the next change or the next day, and the order reprices.
      const [{ rebuild }, revisions] = await Promise.all([cartCatalogueOf(session, today), readModel.revisionTag()]);
      const saved = await readCart(db, orgId, rebuild);
      // Without `prices`, every amount null (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md).
      res
        .set("ETag", answerEtag(session, cartEtag(orgId, saved.version, today, revisions)))
        .json({ cart: cartFor(session, saved.cart), version: saved.version });
    }),
  );

  router.post(
    "/cart/:orgId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = cartOrg(session, req.params.orgId);
      requireFlag(session, "cart");
      const body = parseInput(saveCartRequest, req.body);
      const sent = withUniqueLineIds(body.cart);
      // Two lines of one product: refused before anything is read or written.
      assertOneLinePerProduct(sent.products);
      const instant = now();
      const today = parisDate(instant);
      // Everything is read BEFORE the one write: the in-memory catalogue, prices and stock, the
      // cached shipping products, and the certificates and addresses the cart refers to.
      const [{ inputs, rows, rebuild }, revisions] = await Promise.all([cartCatalogueOf(session, today), readModel.revisionTag()]);
      // The body was parsed by the contract schema: no second and third parse here.
      const cart = await repriceCart(db, sent, { orgId, ...inputs, catalogueRows: rows });
      // The certificates of the version replaced: those the save takes off the cart are deleted after it (decision 0142).
      const before = await certificates.idsInCart(orgId, body.version);
      const saved = await saveCartVersion(db, orgId, body.version, cart, session.user.id, instant, rebuild).catch((error: unknown) => {
        throw conflictFor(session, error);
      });
      cartVacuum.changed();
      const kept = new Set(cart.products.flatMap((line) => line.certificates.map((certificate) => certificate.cer_id)));
      await certificates.dropUnused(
        orgId,
        before.filter((cerId) => !kept.has(cerId)),
      );
      // The tag of the cart as saved: the client may revalidate it instead of reading it again.
      res
        .set("ETag", answerEtag(session, cartEtag(orgId, saved.version, today, revisions)))
        .type("json")
        .send(savedCartJsonFor(session, saved));
    }),
  );

  router.post(
    "/cart/:orgId/confirm",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      cartOrg(session, req.params.orgId);
      requireFlag(session, "orders");
      const query = parseInput(confirmQuery, req.query);
      // The query names the author as the contract asks; a usr_id that is neither the user nor
      // the master is a client's mistake. What is recorded comes from the token (decision 0132).
      if (query.usr_id !== session.user.id && query.usr_id !== session.master?.id) throw notFound();
      const author = authorOf(session);
      const body = parseInput(confirmRequest, req.body);
      const instant = now();
      const confirmed = confirmOrder(db, {
        org: session.org,
        userId: session.user.id,
        userClass: session.user.class,
        authorId: author.id,
        authorName: author.name,
        cart: body.cart,
        version: body.version,
        idempotencyKey: body.idempotency_key,
        // Shown no amount, an account without `prices` has none to check (decision 0131).
        sentTotals: hasFlag(session, "prices") ? body : null,
        today: parisDate(instant),
        now: instant,
        alerts: deps.alerts,
      });
      const { order, replayed } = await confirmed.catch(async (error: unknown) => {
        if (!(error instanceof StaleCartVersion)) throw error;
        throw conflictFor(session, await cartConflictNow(db, session.org.id, (await cartCatalogueOf(session, parisDate(instant))).rebuild));
      });
      if (!replayed) cartVacuum.changed();
      // The caller sent these totals itself, yet an account without `prices` reads no amount back (decision 0107).
      res.status(replayed ? 200 : 201).json(hasFlag(session, "prices") ? order : withoutAmounts(order));
    }),
  );

  router.get(
    "/orders/:ordId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      // Every account of the organization reads its orders; a contributor after login-as only
      // (docs/decisions/0103-order-follow-up-for-customers.md, as /orders/:id/details).
      requireClientAccount(session, "les commandes sont celles d'une organisation cliente");
      const id = parseIdParam(req.params.ordId);
      const order = id === null ? undefined : await loadOrder(db, session.org.id, id);
      if (!order) throw notFound();
      // Without `prices`, every amount is null (docs/decisions/0107-no-amounts-without-prices.md).
      res.json(hasFlag(session, "prices") ? order : withoutAmounts(order));
    }),
  );

  return router;
}
