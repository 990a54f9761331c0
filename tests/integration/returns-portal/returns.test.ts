import type { SessionResponse } from "@shared/contracts/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as orderRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as invoicesRoute from "~/routes/_app.mon-compte.factures._index";
import * as detailRoute from "~/routes/_app.mon-compte.retours.$number";
import * as slipRoute from "~/routes/_app.mon-compte.retours.$number_.bon-de-retour[.pdf]";
import * as photoRoute from "~/routes/_app.mon-compte.retours.$number_.photos.$photoId";
import * as listRoute from "~/routes/_app.mon-compte.retours._index";
import * as newRoute from "~/routes/_app.mon-compte.retours.nouveau";
import {
  COMMENT_REQUIRED,
  FORM_REFUSED,
  NO_LINE,
  PHOTO_REQUIRED,
  REASON_REQUIRED,
  RESOLUTION_REQUIRED,
  atMost,
} from "~/services/returns/form.server";
import { NO_ORDER_CHOSEN } from "~/services/returns/new-page.server";
import { PHOTO_TOO_LARGE, TOO_MANY_PHOTOS, photoNotAnImage } from "~/services/returns/photos.server";
import type { OrderReturnsView, ReturnFormPage, ReturnFormRefusal, ReturnListView, ReturnPageView } from "~/services/returns/types";
import { NO_RETURNS_RIGHT } from "~/services/returns/user.server";
import type { Backoffice } from "../backoffice/harness";
import { erp } from "../backoffice/orders-fixtures";
import { callRoute } from "../portal/harness";
import {
  LOGINS,
  actingFor,
  bodyOf,
  cookieFor,
  load,
  orgIdOf,
  post,
  startUsersPagesBed,
  statusOf,
  toastOf,
  type UsersPagesBed,
} from "../users-pages/harness";
import {
  PATH,
  PDF,
  PNG,
  backofficeOf,
  deliveredOrder,
  fileOf,
  login,
  multipartRequest,
  placedOrder,
  returnProducts,
  type DeliveredOrder,
  type Product,
} from "./harness";

/**
 * /mon-compte/retours, the request form, one return's page and its files, over the real
 * back-office (issue 39, docs/returns-portal.md): the orders a return may be asked for, the
 * form's French refusals (nothing created), a request with a PNG photo sent as a browser sends
 * it (multipart), its page, photo and withdrawal; who may see what (`orders`, `prices`, another
 * organization, a representative after login-as). The harness's clock stands on Friday
 * 20 November 2026: an order delivered now may be returned until 20 December 2026.
 */

let bed: UsersPagesBed;
let bo: Backoffice;
let buyer: SessionResponse;
let products: { plain: Product[]; flagged: Product };
let order: DeliveredOrder;
const cookies = { buyer: "", storekeeper: "", organization: "", belgium: "", noPrices: "", contributorAs: "" };

beforeAll(async () => {
  bed = await startUsersPagesBed("returns-portal");
  bo = backofficeOf(bed);
  buyer = await login(bo, LOGINS.buyer);
  products = await returnProducts(bo);
  const [first, second] = products.plain as [Product, Product];
  order = await deliveredOrder(
    bo,
    buyer,
    [
      [first, 4],
      [second, 2],
      [products.flagged, 1],
    ],
    "returns-portal-1",
  );
  // The consultant, given `orders` but not `prices`: the amounts are hidden from it.
  await bed.db
    .updateTable("users")
    .set({ auth_flags: JSON.stringify({ cart: false, orders: true, quotes: false, invoices: false, prices: false }) })
    .where("login", "=", LOGINS.consultant)
    .execute();
  cookies.buyer = await cookieFor(bed, LOGINS.buyer);
  cookies.storekeeper = await cookieFor(bed, LOGINS.storekeeper);
  cookies.organization = await cookieFor(bed, LOGINS.organization);
  cookies.belgium = await cookieFor(bed, LOGINS.belgium);
  cookies.noPrices = await cookieFor(bed, LOGINS.consultant);
  cookies.contributorAs = await actingFor(bed, await cookieFor(bed, LOGINS.contributor), await orgIdOf(bed, LOGINS.buyer));
}, 120_000);
afterAll(() => bed.close());

const listPage = (cookie: string, query = "") => load<ReturnListView>(bed, listRoute.loader, `${PATH}${query}`, cookie);
const formPage = (cookie: string, query: string) => load<ReturnFormPage>(bed, newRoute.loader, `${PATH}/nouveau${query}`, cookie);
const returnPage = (cookie: string, number: string, query = "") =>
  load<ReturnPageView>(bed, detailRoute.loader, `${PATH}/${number}${query}`, cookie, { number });
const orderPage = (cookie: string, id: number) =>
  load<{ returns: OrderReturnsView | null }>(bed, orderRoute.loader, `/mon-compte/commandes/${id}`, cookie, { id: String(id) });

/** The form sent as a browser sends it (multipart), with its photos. */
async function send(cookie: string, fields: Record<string, string>, photos: File[] = []): Promise<unknown> {
  try {
    return await callRoute(
      newRoute.action,
      multipartRequest(`${PATH}/nouveau?commande=${order.id}`, fields, photos, cookie),
      bed.context(),
    );
  } catch (thrown) {
    return thrown;
  }
}

const withdraw = (cookie: string, number: string, fields: Record<string, string>) =>
  post(bed, (args) => detailRoute.action({ ...args, params: { number } }), `${PATH}/${number}`, fields, cookie);

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; message: string | null }> {
  try {
    await run();
  } catch (thrown) {
    return { status: statusOf(thrown), message: bodyOf<{ message: string | null }>(thrown).message };
  }
  throw new Error("expected a refusal");
}

async function returnCount(): Promise<number> {
  return (await bed.db.selectFrom("returns").select("id").where("order_id", "=", order.id).execute()).length;
}

/** The positions of the order's lines, by product. */
async function positionOf(product: Product): Promise<number> {
  const row = await bed.db
    .selectFrom("order_lines")
    .select("position")
    .where("order_id", "=", order.id)
    .where("product_id", "=", product.id)
    .executeTakeFirstOrThrow();
  return row.position;
}

const png = () => fileOf(PNG, "sangle.png", "image/png");

describe("/mon-compte/retours", () => {
  it("lists the delivered order with its last day, and no return of it yet", async () => {
    const view = await listPage(cookies.buyer);
    expect(view.windowDays).toBe(30);
    expect(view.eligible).toContainEqual({
      orderId: order.id,
      orderRef: order.ref,
      cartRef: expect.any(String) as string,
      deliveredOn: "2026-11-20",
      deadline: "2026-12-20",
      returnableUnits: 6,
    });
    // The demo's own returns of C0001 are listed (server/backoffice/seed/returns.ts); none of this order.
    expect(view.rows.filter((row) => row.orderRef === order.ref)).toEqual([]);
    expect(view.showPrices).toBe(true);
  });

  it("ignores an unknown status with a notice, the list still shown", async () => {
    const view = await listPage(cookies.buyer, "?statut=perdu");
    expect(view.values.statut).toBe("perdu");
    expect(view.notices.map((notice) => notice.field)).toEqual(["statut"]);
    expect(view.query).toBe("");
  });
});

describe("the request form", () => {
  it("shows each delivered line with what may still be returned, the product the feed refuses with its reason", async () => {
    const page = await formPage(cookies.buyer, `?commande=${order.id}`);
    if (page.kind !== "form") throw new Error(`no form: ${JSON.stringify(page)}`);
    const { form } = page;
    expect(form.order).toMatchObject({ id: order.id, ref: order.ref, deliveredOn: "2026-11-20", deadline: "2026-12-20" });
    expect(form.open).toBe(true);
    const [first, second] = products.plain as [Product, Product];
    const byRef = Object.fromEntries(form.lines.map((line) => [line.ref, line]));
    expect(byRef[first.ref]).toMatchObject({ delivered: 4, inReturns: 0, returnable: 4, notReturnable: null });
    expect(byRef[second.ref]).toMatchObject({ delivered: 2, returnable: 2 });
    expect(byRef[products.flagged.ref]).toMatchObject({ returnable: 0, notReturnable: "Ce produit n'est ni repris ni échangé." });
    expect(byRef[first.ref]?.unitPrice).toBeGreaterThan(0);
    expect(form.photoRequired).toEqual(["Produit défectueux", "Colis abîmé au transport"]);
    expect(form.fees).toEqual([
      { label: "Erreur de commande", pct: 15 },
      { label: "Autre motif", pct: 10 },
    ]);
  });

  it("says why there is no form: no order chosen, an order not delivered; another organization's order is a 404", async () => {
    expect(await formPage(cookies.buyer, "")).toEqual({ kind: "refused", message: NO_ORDER_CHOSEN, orderId: null });
    const pending = await placedOrder(bo, buyer, [[products.plain[1] as Product, 1]], "returns-portal-pending");
    expect(await formPage(cookies.buyer, `?commande=${pending.id}`)).toEqual({
      kind: "refused",
      message: `La commande ${pending.ref} n'est pas livrée : aucun retour ne peut encore être demandé.`,
      orderId: pending.id,
    });
    expect(await refusal(() => formPage(cookies.belgium, `?commande=${order.id}`))).toEqual({ status: 404, message: null });
  });

  it("refuses an empty form with a message on each field, and creates nothing", async () => {
    const before = await returnCount();
    const answer = await send(cookies.buyer, { commande: String(order.id) });
    expect(statusOf(answer)).toBe(400);
    const body = bodyOf<ReturnFormRefusal>(answer);
    expect(body.message).toBe(FORM_REFUSED);
    expect(body.errors).toEqual({ lignes: NO_LINE, motif: REASON_REQUIRED, resolution: RESOLUTION_REQUIRED });
    expect(body.filesDropped).toBe(false);
    expect(await returnCount()).toBe(before);
  });

  it("refuses more than may be returned on its line, keeping what was typed", async () => {
    const position = await positionOf(products.plain[0] as Product);
    const fields = {
      commande: String(order.id),
      [`quantite-${position}`]: "5",
      motif: "erreur-commande",
      resolution: "avoir",
      commentaire: "En trop",
    };
    const answer = await send(cookies.buyer, fields);
    expect(statusOf(answer)).toBe(400);
    const body = bodyOf<ReturnFormRefusal>(answer);
    expect(body.errors).toEqual({ [`ligne-${position}`]: atMost(4) });
    expect(body.message).toBe(atMost(4));
    expect(body.values).toMatchObject(fields);
  });

  it("asks a photo for « Produit défectueux », and « Autre motif » a comment", async () => {
    const position = await positionOf(products.plain[0] as Product);
    const defective = await send(cookies.buyer, {
      commande: String(order.id),
      [`quantite-${position}`]: "1",
      motif: "defectueux",
      resolution: "echange",
    });
    expect(bodyOf<ReturnFormRefusal>(defective).errors).toEqual({ photos: PHOTO_REQUIRED });
    const other = await send(cookies.buyer, {
      commande: String(order.id),
      [`quantite-${position}`]: "1",
      motif: "autre",
      resolution: "avoir",
    });
    expect(bodyOf<ReturnFormRefusal>(other).errors).toEqual({ commentaire: COMMENT_REQUIRED });
  });

  it("refuses a PDF sent as a photo, and six photos, saying the photos must be chosen again", async () => {
    const before = await returnCount();
    const position = await positionOf(products.plain[0] as Product);
    const fields = { commande: String(order.id), [`quantite-${position}`]: "1", motif: "defectueux", resolution: "avoir" };
    const pdf = await send(cookies.buyer, fields, [fileOf(PDF, "photo.png", "image/png")]);
    expect(statusOf(pdf)).toBe(400);
    const body = bodyOf<ReturnFormRefusal>(pdf);
    expect(body.errors).toEqual({ photos: photoNotAnImage("photo.png") });
    expect(body.filesDropped).toBe(true);
    expect(body.message).toBe(photoNotAnImage("photo.png"));
    const six = await send(cookies.buyer, fields, Array.from({ length: 6 }, png));
    expect(bodyOf<ReturnFormRefusal>(six).errors).toEqual({ photos: TOO_MANY_PHOTOS });
    expect(await returnCount()).toBe(before);
  });

  it("stops reading at a photo over 5 MB: a 413, the fields sent before it kept, nothing created", async () => {
    const before = await returnCount();
    const position = await positionOf(products.plain[0] as Product);
    const big = fileOf(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), "lourde.png", "image/png");
    const answer = await send(
      cookies.buyer,
      { commande: String(order.id), [`quantite-${position}`]: "1", motif: "transport", resolution: "avoir" },
      [big],
    );
    expect(statusOf(answer)).toBe(413);
    const body = bodyOf<ReturnFormRefusal>(answer);
    expect(body.errors).toEqual({ photos: PHOTO_TOO_LARGE });
    expect(body.values).toMatchObject({ [`quantite-${position}`]: "1", motif: "transport" });
    expect(body.filesDropped).toBe(true);
    expect(await returnCount()).toBe(before);
  });
});

describe("a request sent, followed and withdrawn", () => {
  let number = "";

  it("sends the request with a PNG photo, then opens its page with a toast", async () => {
    const [first, second] = products.plain as [Product, Product];
    const answer = await send(
      cookies.buyer,
      {
        commande: String(order.id),
        [`quantite-${await positionOf(first)}`]: "2",
        [`quantite-${await positionOf(second)}`]: "0",
        motif: "defectueux",
        resolution: "avoir",
        commentaire: "La sangle est déchirée.",
      },
      [png()],
    );
    expect(statusOf(answer)).toBe(303);
    const location = (answer as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/mon-compte\/retours\/RET-2026-\d{6}$/);
    number = location.slice(`${PATH}/`.length);
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: `Demande de retour ${number} envoyée.` });

    const view = await returnPage(cookies.buyer, number);
    expect(view).toMatchObject({
      number,
      status: "demandé",
      orderId: order.id,
      orderRef: order.ref,
      reason: "Produit défectueux",
      resolution: "Avoir",
      comment: "La sangle est déchirée.",
      units: 2,
      requestedBy: "Maël Kerjean",
      slipHref: null,
      canWithdraw: true,
      confirmWithdraw: false,
      showPrices: true,
    });
    expect(view.lines).toMatchObject([{ ref: first.ref, qty: 2, received: null }]);
    expect(view.amountHt).toBe(2 * (view.lines[0]?.unitPrice ?? 0));
    expect(view.steps).toMatchObject([{ kind: "requested", label: "Demande envoyée", author: "Maël Kerjean" }]);
    expect(view.photos).toHaveLength(1);
    expect(view.photos[0]?.fileName).toBe("sangle.png");
  });

  it("streams the photo with its type and nosniff; the slip is a 404 until the return is accepted", async () => {
    const view = await returnPage(cookies.buyer, number);
    const photo = view.photos[0];
    if (!photo) throw new Error("no photo");
    const response = (await load<Response>(bed, photoRoute.loader, photo.href, cookies.buyer, {
      number,
      photoId: String(photo.id),
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await refusal(() => load(bed, slipRoute.loader, `${PATH}/${number}/bon-de-retour.pdf`, cookies.buyer, { number }))).toEqual({
      status: 404,
      message: null,
    });
  });

  it("lists it, on the list and on the order's page; the order's returnable units went down", async () => {
    const view = await listPage(cookies.buyer);
    expect(view.rows).toContainEqual(
      expect.objectContaining({ number, status: "demandé", orderId: order.id, reason: "Produit défectueux", units: 2 }),
    );
    expect(view.eligible.find((eligible) => eligible.orderId === order.id)?.returnableUnits).toBe(4);
    expect((await listPage(cookies.buyer, "?statut=annulé")).rows.map((row) => row.number)).not.toContain(number);
    const page = await orderPage(cookies.buyer, order.id);
    expect(page.returns).toMatchObject({ newHref: `${PATH}/nouveau?commande=${order.id}`, unavailable: false });
    expect(page.returns?.rows.map((row) => row.number)).toEqual([number]);
  });

  it("withdraws it only through the confirmation step", async () => {
    expect((await returnPage(cookies.buyer, number, "?annuler=1")).confirmWithdraw).toBe(true);
    const unconfirmed = await withdraw(cookies.buyer, number, { intent: "withdraw" });
    expect((await toastOf(bed, unconfirmed))?.type).toBe("error");
    expect((await returnPage(cookies.buyer, number)).status).toBe("demandé");

    const answer = await withdraw(cookies.buyer, number, { intent: "withdraw", confirmation: "oui" });
    expect((answer as Response).headers.get("Location")).toBe(`${PATH}/${number}`);
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: `Demande de retour ${number} annulée.` });
    const after = await returnPage(cookies.buyer, number);
    expect(after).toMatchObject({ status: "annulé", canWithdraw: false });
    expect(after.steps.map((step) => step.kind)).toEqual(["requested", "withdrawn"]);
    // Withdrawn again: the back-office's words in a toast.
    const again = await withdraw(cookies.buyer, number, { intent: "withdraw", confirmation: "oui" });
    expect((await toastOf(bed, again))?.type).toBe("error");
  });
});

describe("a request accepted, received and credited", () => {
  let number = "";

  it("offers the slip once accepted, and streams it as a PDF download", async () => {
    const first = products.plain[0] as Product;
    const answer = await send(cookies.buyer, {
      commande: String(order.id),
      [`quantite-${await positionOf(first)}`]: "2",
      motif: "erreur-commande",
      resolution: "avoir",
    });
    number = ((answer as Response).headers.get("Location") ?? "").slice(`${PATH}/`.length);
    expect((await erp(bo, `/returns/${number}/accept`, {})).status).toBe(200);
    const view = await returnPage(cookies.buyer, number);
    expect(view).toMatchObject({ status: "accepté", canWithdraw: false, slipHref: `${PATH}/${number}/bon-de-retour.pdf` });
    const slip = (await load<Response>(bed, slipRoute.loader, view.slipHref ?? "", cookies.buyer, { number })) as Response;
    expect(slip.status).toBe(200);
    expect(slip.headers.get("Content-Type")).toBe("application/pdf");
    expect(slip.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="bon-de-retour-${number}\\.pdf"`));
    expect(slip.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(
      Buffer.from(await slip.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("shows the units received, then the credit note less the fee, a link to its page that the invoices list has too", async () => {
    const first = products.plain[0] as Product;
    expect((await erp(bo, `/returns/${number}/receive`, { lines: [{ obj_ref: first.ref, qty: 1 }] })).status).toBe(200);
    const received = await returnPage(cookies.buyer, number);
    expect(received.status).toBe("reçu");
    expect(received.lines).toMatchObject([{ ref: first.ref, qty: 2, received: 1 }]);
    expect(received.steps.map((step) => step.kind)).toEqual(["requested", "accepted", "received"]);

    expect((await erp(bo, `/returns/${number}/credit`, {})).status).toBe(200);
    const credited = await returnPage(cookies.buyer, number);
    expect(credited).toMatchObject({ status: "avoir émis", restockingFeePct: 15 });
    expect(credited.creditNotes).toHaveLength(1);
    const [note] = credited.creditNotes;
    expect(note?.href).toMatch(/^\/mon-compte\/factures\/\d+$/);
    expect(note?.totalTtc).toBeGreaterThan(0);
    const invoices = await load<{ rows: { id: number; number: string }[] }>(
      bed,
      invoicesRoute.loader,
      "/mon-compte/factures",
      cookies.buyer,
    );
    expect(invoices.rows.map((row) => row.number)).toContain(note?.number);
    // Without `invoices` nor `prices`, the credit note is named without its page nor its amount.
    const hidden = await returnPage(cookies.noPrices, number);
    expect(hidden.creditNotes).toEqual([{ number: note?.number, href: null, totalTtc: null }]);
  });
});

describe("who sees what", () => {
  let number = "";
  beforeAll(async () => {
    const position = await positionOf(products.plain[1] as Product);
    const answer = await send(cookies.buyer, {
      commande: String(order.id),
      [`quantite-${position}`]: "1",
      motif: "erreur-commande",
      resolution: "echange",
    });
    number = ((answer as Response).headers.get("Location") ?? "").slice(`${PATH}/`.length);
  });

  it("refuses an account without `orders`: a 403 saying why on every page, and nothing on the order's page", async () => {
    const expected = { status: 403, message: NO_RETURNS_RIGHT };
    expect(await refusal(() => listPage(cookies.storekeeper))).toEqual(expected);
    expect(await refusal(() => formPage(cookies.storekeeper, `?commande=${order.id}`))).toEqual(expected);
    expect(await refusal(() => returnPage(cookies.storekeeper, number))).toEqual(expected);
    const before = await returnCount();
    expect(statusOf(await send(cookies.storekeeper, { commande: String(order.id) }))).toBe(403);
    expect(await returnCount()).toBe(before);
    expect((await orderPage(cookies.storekeeper, order.id)).returns).toBeNull();
  });

  it("answers 404 to another organization, on the page, its photo and its withdrawal, and changes nothing", async () => {
    expect(await refusal(() => returnPage(cookies.belgium, number))).toEqual({ status: 404, message: null });
    expect(await refusal(() => load(bed, photoRoute.loader, "/", cookies.belgium, { number, photoId: "1" }))).toEqual({
      status: 404,
      message: null,
    });
    expect(statusOf(await withdraw(cookies.belgium, number, { intent: "withdraw", confirmation: "oui" }))).toBe(404);
    expect((await returnPage(cookies.buyer, number)).status).toBe("demandé");
    expect(await refusal(() => returnPage(cookies.buyer, "RET-2026-999999"))).toEqual({ status: 404, message: null });
    expect(await refusal(() => returnPage(cookies.buyer, "pas-un-numero"))).toEqual({ status: 404, message: null });
  });

  it("hides every amount from an account without `prices`", async () => {
    const view = await returnPage(cookies.noPrices, number);
    expect(view.showPrices).toBe(false);
    expect(view.amountHt).toBeNull();
    expect(view.restockingFeePct).toBeNull();
    expect(view.lines.every((line) => line.unitPrice === null)).toBe(true);
    const list = await listPage(cookies.noPrices);
    expect(list.showPrices).toBe(false);
    expect(list.rows.every((row) => row.amountHt === null)).toBe(true);
    const page = await formPage(cookies.noPrices, `?commande=${order.id}`);
    if (page.kind !== "form") throw new Error("no form");
    expect(page.form.fees).toBeNull();
    expect(page.form.lines.every((line) => line.unitPrice === null)).toBe(true);
  });

  it("lets the organization's account and a representative acting for it follow and ask returns", async () => {
    expect((await returnPage(cookies.organization, number)).number).toBe(number);
    expect((await listPage(cookies.contributorAs)).rows.map((row) => row.number)).toContain(number);
    const position = await positionOf(products.plain[1] as Product);
    const answer = await send(cookies.contributorAs, {
      commande: String(order.id),
      [`quantite-${position}`]: "1",
      motif: "erreur-livraison",
      resolution: "avoir",
    });
    expect(statusOf(answer)).toBe(303);
    const created = ((answer as Response).headers.get("Location") ?? "").slice(`${PATH}/`.length);
    const view = await returnPage(cookies.organization, created);
    expect(view.reason).toBe("Erreur de livraison");
    expect(view.requestedBy).toMatch(/\S/);
  });
});
