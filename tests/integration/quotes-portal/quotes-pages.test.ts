import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteDetail, type QuoteDetail } from "@shared/contracts/quotes";
import * as cartRoute from "~/routes/_app.mon-panier._index";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import * as attachmentRoute from "~/routes/_app.mon-compte.mes-devis.$id_.pieces-jointes.$attId";
import * as pdfRoute from "~/routes/_app.mon-compte.mes-devis.$id_.proposition.$version[.pdf]";
import * as quoteRoute from "~/routes/_app.mon-compte.mes-devis.$id";
import * as listRoute from "~/routes/_app.mon-compte.mes-devis._index";
import * as newRoute from "~/routes/_app.mon-compte.mes-devis.nouveau";
import { ATTACHMENT_TOO_LARGE, ATTACHMENT_WRONG_TYPE, NO_LINE } from "~/services/quotes/index.server";
import type { QuoteNewRefusal } from "~/services/quotes/types";
import type { FormAnswer } from "~/services/forms/types";
import { formRequest, responseOf, thrownStatus } from "../portal/harness";
import {
  LOGINS,
  PDF_BYTES,
  PNG_BYTES,
  answered,
  cookieFor,
  multipart,
  orderableProducts,
  page,
  run,
  salesApi,
  startQuotesBackoffice,
  toastOf,
  type QuotesBackoffice,
} from "./harness";

/**
 * The customer's quote pages over the real back-office (small demo set): asking from the cart,
 * a product or free text with a file; the list and its URL filters; a proposal read with usual
 * and quoted prices; accepting some lines into the shared cart at the quoted price; refusing,
 * cancelling, messages; bad input refused in French with nothing created; the `quotes` flag,
 * the `prices` flag and isolation between organizations.
 */

let backoffice: QuotesBackoffice;
let organization: string;
let buyer: string;
let storekeeper: string;
let consultant: string;
let corsica: string;
let orgId: number;
/** Three orderable products of the catalogue (no MMSI: no certificate to attach). */
let products: { id: number; ref: string; title: string }[];
let sales: Awaited<ReturnType<typeof salesApi>>;

beforeAll(async () => {
  backoffice = await startQuotesBackoffice();
  [organization, buyer, storekeeper, consultant, corsica] = await Promise.all([
    cookieFor(backoffice, LOGINS.organization),
    cookieFor(backoffice, LOGINS.buyer),
    cookieFor(backoffice, LOGINS.storekeeper),
    cookieFor(backoffice, LOGINS.consultant),
    cookieFor(backoffice, LOGINS.corsica),
  ]);
  orgId = (await backoffice.db.selectFrom("organizations").select("id").where("name", "=", "Voilerie Atlantique").executeTakeFirstOrThrow())
    .id;
  products = await orderableProducts(backoffice, 3);
  sales = await salesApi(backoffice);
});
afterAll(() => backoffice.close());

const list = (cookie: string, query = "") => run(listRoute.loader, backoffice, page(`/mon-compte/mes-devis${query}`, cookie));
const draft = (cookie: string, query = "") => run(newRoute.loader, backoffice, page(`/mon-compte/mes-devis/nouveau${query}`, cookie));
const detail = (cookie: string, id: number) =>
  run(quoteRoute.loader, backoffice, page(`/mon-compte/mes-devis/${id}`, cookie), { id: String(id) });
const cartOf = (cookie: string) => run(cartRoute.loader, backoffice, page("/mon-panier", cookie));
const quoteCount = async () =>
  Number(
    (
      await backoffice.db
        .selectFrom("quotes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function create(cookie: string, fields: [string, string | File][]) {
  return run(newRoute.action, backoffice, multipart("/mon-compte/mes-devis/nouveau", fields, cookie));
}
function act(cookie: string, id: number, fields: [string, string | File][]) {
  return run(quoteRoute.action, backoffice, multipart(`/mon-compte/mes-devis/${id}`, fields, cookie), { id: String(id) });
}

/** Creates a request through the page's action; returns the new quote's id (from the redirect). */
async function ask(cookie: string, fields: [string, string | File][]): Promise<number> {
  const result = await create(cookie, fields);
  // A refusal here is a failure of the test's own input: say which.
  if (!(result instanceof Response)) expect(answered<QuoteNewRefusal>(result).body).toBeUndefined();
  const response = result as Response;
  expect(response.status).toBe(303);
  const match = /^\/mon-compte\/mes-devis\/(\d+)$/.exec(response.headers.get("location") ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

const productLines = (quantities: number[]): [string, string][] =>
  quantities.flatMap((qty, index) => [
    [`ligne-${index}-produit`, String(products[index]!.id)],
    [`ligne-${index}-quantite`, String(qty)],
  ]);

/** The representative proposes: each asked line at a price under the usual one. */
async function propose(id: number, validUntil = "2026-12-12"): Promise<QuoteDetail> {
  const quote = quoteDetail.parse((await sales(`/${id}`)).json);
  const lines = quote.asked_lines
    .filter((line) => line.obj_id !== null)
    .map((line, index) => ({ obj_id: line.obj_id!, qty: line.qty, unit_price: 1000 + index * 100, answers_position: line.position }));
  const answer = await sales(`/${id}/proposals`, { valid_until: validUntil, conditions: "Franco de port dès 500 € HT.", lines });
  expect(answer.status).toBeLessThan(300);
  return quoteDetail.parse(answer.json);
}

describe("asking for a quote", () => {
  it("pre-fills the form from the cart's product lines and leaves the cart as it was", async () => {
    for (const [index, product] of products.entries()) {
      const added = await responseOf(() =>
        run(
          addRoute.action,
          backoffice,
          formRequest("/mon-panier/ajouter", { productId: String(product.id), qty: String(index + 2) }, buyer),
        ),
      );
      expect(added.status).toBe(303);
    }
    const before = await cartOf(buyer);
    const view = await draft(buyer, "?depuis=panier");
    expect(view.source).toBe("panier");
    expect(view.today).toBe("2026-11-20");
    for (const product of products) {
      const line = before.view.lines.find((candidate) => candidate.productId === product.id)!;
      expect(view.lines).toContainEqual({ productId: product.id, ref: product.ref, title: line.title, text: "", qty: String(line.qty) });
    }
    const after = await cartOf(buyer);
    expect(after.view.version).toBe(before.view.version);
  });

  it("pre-fills one product with its quantity from a product page, and says so for an unknown product", async () => {
    const view = await draft(buyer, `?produit=${products[1]!.id}&quantite=7`);
    expect(view.lines).toEqual([{ productId: products[1]!.id, ref: products[1]!.ref, title: products[1]!.title, text: "", qty: "7" }]);
    const unknown = await draft(buyer, "?produit=999999");
    expect(unknown.lines).toEqual([]);
    expect(unknown.notice).toBe("Ce produit n'est pas disponible au catalogue : décrivez-le ci-dessous.");
  });

  it("creates the request with catalogue and free-text lines and a PDF, shown on its page and downloadable", async () => {
    const before = await quoteCount();
    const id = await ask(buyer, [
      ["reference", "Refit Pen Duick"],
      ["message", "Bonjour,\nmerci de nous faire une offre pour l'hivernage."],
      ["date_souhaitee", "2026-12-15"],
      ...productLines([4, 2]),
      ["ligne-2-texte", "Winch self-tailing 40, chromé"],
      ["ligne-2-quantite", "2"],
      ["ligne-3-texte", ""],
      ["ligne-3-quantite", ""],
      ["piece_jointe", new File([PDF_BYTES], "plan de pont.pdf", { type: "application/pdf" })],
    ]);
    expect(await quoteCount()).toBe(before + 1);
    const quote = await detail(buyer, id);
    expect(quote.number).toMatch(/^DV-2026-\d{6}$/);
    expect(quote.customerRef).toBe("Refit Pen Duick");
    expect(quote.state).toBe("demandé");
    expect(quote.wishedDate).toBe("2026-12-15");
    expect(quote.askedLines.map((line) => [line.productId, line.qty])).toEqual([
      [products[0]!.id, 4],
      [products[1]!.id, 2],
      [null, 2],
    ]);
    expect(quote.askedLines[2]!.title).toBe("Winch self-tailing 40, chromé");
    expect(quote.timeline.map((event) => event.label)).toContain("Demande envoyée");
    const files = [...quote.attachments, ...quote.messages.flatMap((message) => message.attachments)];
    expect(files).toHaveLength(1);
    expect(files[0]!.mime).toBe("application/pdf");
    const file = await responseOf(() =>
      run(attachmentRoute.loader, backoffice, page(files[0]!.href, buyer), { id: String(id), attId: String(files[0]!.id) }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);
    // Another organization's account gets a 404 for the page and the file.
    expect(await thrownStatus(() => detail(corsica, id))).toBe(404);
    expect(
      await thrownStatus(() =>
        run(attachmentRoute.loader, backoffice, page(files[0]!.href, corsica), { id: String(id), attId: String(files[0]!.id) }),
      ),
    ).toBe(404);
  });

  it("names a file after the type its bytes were checked to be: a page starting with %PDF- sent as x.html is x.pdf", async () => {
    const disguised = new TextEncoder().encode("%PDF-<html><script>alert(document.cookie)</script></html>");
    const id = await ask(buyer, [
      ["reference", "Fichier déguisé"],
      ...productLines([1]),
      ["piece_jointe", new File([disguised], "x.html", { type: "text/html" })],
    ]);
    const [file] = (await detail(buyer, id)).attachments;
    expect([file!.fileName, file!.mime]).toEqual(["x.pdf", "application/pdf"]);
    const response = await responseOf(() =>
      run(attachmentRoute.loader, backoffice, page(file!.href, buyer), { id: String(id), attId: String(file!.id) }),
    );
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="x.pdf"');
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses bad input in French next to its field, and creates nothing", async () => {
    const before = await quoteCount();
    const refusal = async (fields: [string, string | File][]) => answered<QuoteNewRefusal>(await create(buyer, fields));
    const good: [string, string][] = [["reference", "Essai"], ...productLines([1])];

    const noReference = await refusal([["reference", " "], ...productLines([1])]);
    expect(noReference.status).toBe(400);
    expect(noReference.body.errors.reference).toBe("Indiquez votre référence.");
    expect(noReference.body.lines.map((line) => line.productId)).toEqual([products[0]!.id]);

    const huge = await refusal([...good, ["message", "x".repeat(100_000)]]);
    expect(huge.status).toBe(400);
    expect(huge.body.errors.message).toBe("Ce texte compte au plus 4000 caractères.");

    const noLine = await refusal([
      ["reference", "Essai"],
      ["ligne-0-texte", ""],
      ["ligne-0-quantite", ""],
    ]);
    expect(noLine.body.errors.lignes).toBe(NO_LINE);

    const badRows = await refusal([
      ["reference", "Essai"],
      ["ligne-0-texte", "ab"],
      ["ligne-0-quantite", "1"],
      ["ligne-1-texte", "Bouée fer à cheval"],
      ["ligne-1-quantite", "-3"],
    ]);
    expect(badRows.body.errors["ligne-0"]).toBe("Décrivez le produit recherché (au moins 3 caractères).");
    expect(badRows.body.errors["ligne-1"]).toBe("La quantité doit être un nombre entier entre 1 et 99 999.");
    expect(badRows.body.lines.map((line) => [line.text, line.qty])).toEqual([
      ["ab", "1"],
      ["Bouée fer à cheval", "-3"],
    ]);

    const past = await refusal([...good, ["date_souhaitee", "2026-11-19"]]);
    expect(past.body.errors.date_souhaitee).toBe("La date souhaitée ne peut pas être passée.");

    const text = await refusal([...good, ["piece_jointe", new File(["MZ not a pdf"], "devis.pdf", { type: "application/pdf" })]]);
    expect(text.status).toBe(400);
    expect(text.body.errors.piece_jointe).toBe(ATTACHMENT_WRONG_TYPE);
    expect(text.body.values.reference).toBe("Essai");

    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG_BYTES);
    const tooBig = await refusal([...good, ["piece_jointe", new File([big], "photo.png", { type: "image/png" })]]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors.piece_jointe).toBe(ATTACHMENT_TOO_LARGE);

    expect(await quoteCount()).toBe(before);
  });

  it("is a 404 for a people account without `quotes`: list, form, sending and a quote's page", async () => {
    const before = await quoteCount();
    expect(await thrownStatus(() => list(consultant))).toBe(404);
    expect(await thrownStatus(() => draft(consultant))).toBe(404);
    expect(await thrownStatus(() => create(consultant, [["reference", "Essai"], ...productLines([1])]))).toBe(404);
    const someone = await backoffice.db.selectFrom("quotes").select("id").where("org_id", "=", orgId).executeTakeFirstOrThrow();
    expect(await thrownStatus(() => detail(consultant, someone.id))).toBe(404);
    expect(await quoteCount()).toBe(before);
  });
});

describe("the list", () => {
  it("shows the organization's quotes, newest first, and filters by state, period and search in the URL", async () => {
    const all = await list(organization);
    const count = await backoffice.db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(count.n));
    expect(all.rows.length).toBe(Math.min(20, all.total));
    const asked = all.rows.map((row) => row.requestedAt);
    expect(asked).toEqual([...asked].sort().reverse());
    const sample = all.rows[0]!;
    const byState = await list(organization, `?etat=${encodeURIComponent(sample.state)}`);
    expect(byState.rows.length).toBeGreaterThan(0);
    expect(byState.rows.every((row) => row.state === sample.state)).toBe(true);
    expect(new URLSearchParams(byState.query).get("etat")).toBe(sample.state);
    const byNumber = await list(organization, `?recherche=${sample.number}`);
    expect(byNumber.rows.map((row) => row.id)).toEqual([sample.id]);
    const future = await list(organization, "?du=2099-01-01");
    expect(future.total).toBe(0);
    const bad = await list(organization, "?etat=perdu&du=2026-02-30&page=0&org_id=1");
    expect(bad.total).toBe(all.total);
    expect(bad.notices.map((notice) => notice.field).sort()).toEqual(["du", "etat", "page"]);
    expect(bad.query).toBe("");
    // Another organization sees none of Voilerie Atlantique's quotes.
    const other = await list(corsica, `?recherche=${sample.number}`);
    expect(other.total).toBe(0);
  });
});

describe("a proposal", () => {
  let id: number;
  let version: number;

  beforeAll(async () => {
    id = await ask(buyer, [["reference", "Armement 2027"], ...productLines([3, 2, 5])]);
    version = (await propose(id)).proposals.at(-1)!.version;
  });

  it("shows the usual and quoted prices to an account with prices, none to one without, and the PDF link", async () => {
    const quote = await detail(buyer, id);
    expect(quote.state).toBe("proposé");
    expect(quote.waitingFor).toBe("client");
    expect(quote.actions).toEqual(expect.arrayContaining(["accept", "refuse", "cancel", "message"]));
    const proposal = quote.proposal!;
    expect(proposal.validUntil).toBe("2026-12-12");
    expect(proposal.lines.map((line) => line.unitPrice)).toEqual([1000, 1100, 1200]);
    expect(proposal.lines.every((line) => line.usualPrice !== null && line.usualPrice > 0)).toBe(true);
    expect(proposal.totalHt).toBe(3 * 1000 + 2 * 1100 + 5 * 1200);
    expect(proposal.pdfHref).toBe(`/mon-compte/mes-devis/${id}/proposition/${version}.pdf`);
    const hidden = await detail(storekeeper, id);
    expect(hidden.showPrices).toBe(false);
    expect(hidden.proposal!.totalHt).toBeNull();
    expect(hidden.proposal!.lines.every((line) => line.unitPrice === null && line.usualPrice === null && line.lineTotal === null)).toBe(
      true,
    );
    const rows = await list(storekeeper, `?recherche=${quote.number}`);
    expect(rows.rows[0]!.totalHt).toBeNull();
    expect(rows.rows[0]!.waitingForClient).toBe(true);
  });

  it("downloads the proposal's PDF; another organization and an unknown version get a 404", async () => {
    const pdf = (cookie: string, v: number) =>
      run(pdfRoute.loader, backoffice, page(`/mon-compte/mes-devis/${id}/proposition/${v}.pdf`, cookie), {
        id: String(id),
        version: String(v),
      });
    const file = await responseOf(() => pdf(buyer, version));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await thrownStatus(() => pdf(corsica, version))).toBe(404);
    expect(await thrownStatus(() => pdf(buyer, version + 5))).toBe(404);
  });

  it("refuses an acceptance without a ticked line or on an older version, and changes nothing", async () => {
    const before = await cartOf(buyer);
    const none = answered<FormAnswer>(
      await act(buyer, id, [
        ["intent", "accept"],
        ["version", String(version)],
      ]),
    );
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choisissez au moins une ligne à accepter.");
    const stale = answered<FormAnswer>(
      await act(buyer, id, [
        ["intent", "accept"],
        ["version", String(version + 1)],
        ["position", "1"],
      ]),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message.length).toBeGreaterThan(10);
    expect((await cartOf(buyer)).view.version).toBe(before.view.version);
    expect((await detail(buyer, id)).state).toBe("proposé");
  });

  it("accepts two of three lines into the shared cart at the quoted price, marked with the quote, once", async () => {
    const before = await cartOf(buyer);
    const qtyBefore = (productId: number) => before.view.lines.find((line) => line.productId === productId)?.qty ?? 0;
    const published = backoffice.published().length;
    const accepts = () =>
      act(buyer, id, [
        ["intent", "accept"],
        ["version", String(version)],
        ["position", "1"],
        ["position", "3"],
      ]);
    // Two browsers at once: one cart change, the other told the quote is accepted already.
    const [first, second] = await Promise.allSettled([responseOf(accepts), accepts()]);
    const outcomes = [first, second].map((result) => (result.status === "fulfilled" ? result.value : result.reason));
    const redirects = outcomes.filter((value): value is Response => value instanceof Response);
    expect(redirects).toHaveLength(1);
    expect(redirects[0]!.status).toBe(303);
    expect(redirects[0]!.headers.get("location")).toBe("/mon-panier");
    expect(await toastOf(backoffice, buyer, redirects[0]!)).toMatch(
      /^Devis DV-2026-\d{6} accepté : 2 lignes ajoutées au panier au prix du devis\.$/,
    );
    const refusal = outcomes.find((value) => !(value instanceof Response));
    expect(answered<FormAnswer>(refusal).status).toBe(409);
    expect(answered<FormAnswer>(refusal).body.message).toBe("Ce devis a déjà été accepté.");

    const after = await cartOf(buyer);
    const quote = await detail(buyer, id);
    // Colleagues' browsers hear of it once, as of any cart change, with the saved version.
    const notices = backoffice.published().slice(published);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.event).toMatchObject({ kind: "added", orgId, version: after.view.version, author: "Maël Kerjean" });
    expect(notices[0]!.event.products.map((product) => product.ref)).toEqual([products[0]!.ref, products[2]!.ref]);
    expect(quote.state).toBe("accepté");
    expect(quote.acceptedPositions).toEqual([1, 3]);
    // The thread stays open after acceptance; nothing else does.
    expect(quote.actions).not.toContain("accept");
    expect(quote.actions).not.toContain("refuse");
    expect(quote.actions).not.toContain("cancel");
    for (const [index, position] of [
      [0, 1],
      [2, 3],
    ] as const) {
      const line = after.view.lines.find((candidate) => candidate.productId === products[index]!.id)!;
      const proposed = quote.proposal!.lines.find((candidate) => candidate.position === position)!;
      expect(line.qty).toBe(qtyBefore(products[index]!.id) + proposed.qty);
      expect(line.unitPrice).toBe(proposed.unitPrice);
      expect(line.quote).toEqual({ number: quote.number, validUntil: "2026-12-12" });
    }
    const untouched = after.view.lines.find((candidate) => candidate.productId === products[1]!.id)!;
    expect(untouched.qty).toBe(qtyBefore(products[1]!.id));
    expect(untouched.quote).toBeNull();
  });
});

describe("refusing, cancelling and writing", () => {
  it("shows a revised proposal with the earlier version kept, then refuses it with a reason", async () => {
    const id = await ask(organization, [["reference", "Mouillages"], ...productLines([1])]);
    await propose(id, "2026-12-01");
    await propose(id, "2026-12-12");
    const revised = await detail(organization, id);
    expect(revised.proposal?.version).toBe(2);
    expect(revised.proposal?.validUntil).toBe("2026-12-12");
    expect(revised.earlierProposals.map((proposal) => [proposal.version, proposal.validUntil])).toEqual([[1, "2026-12-01"]]);
    expect(revised.earlierProposals[0]!.pdfHref).toBe(`/mon-compte/mes-devis/${id}/proposition/1.pdf`);
    const response = await responseOf(() =>
      act(organization, id, [
        ["intent", "refuse"],
        ["motif", "Budget reporté à 2027."],
      ]),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/mon-compte/mes-devis/${id}`);
    expect(await toastOf(backoffice, organization, response)).toMatch(/^Devis DV-2026-\d{6} refusé\.$/);
    const quote = await detail(organization, id);
    expect(quote.state).toBe("refusé");
    expect(quote.actions.filter((action) => action !== "message")).toEqual([]);
    expect(quote.timeline.at(-1)).toMatchObject({ label: "Devis refusé", state: "refusé" });
  });

  it("cancels a request before any proposal, and an accept on it is refused", async () => {
    const id = await ask(organization, [
      ["reference", "Annulée"],
      ["ligne-0-texte", "Guindeau électrique 1000 W"],
      ["ligne-0-quantite", "1"],
    ]);
    const response = await responseOf(() => act(organization, id, [["intent", "cancel"]]));
    expect(response.status).toBe(303);
    expect((await detail(organization, id)).state).toBe("annulé");
    const refused = answered<FormAnswer>(
      await act(organization, id, [
        ["intent", "accept"],
        ["version", "1"],
        ["position", "1"],
      ]),
    );
    expect(refused.status).toBe(409);
  });

  it("sends a message with a picture to the thread, and refuses 100,000 characters with nothing added", async () => {
    const id = await ask(organization, [["reference", "Électronique"], ...productLines([1])]);
    const sent = await responseOf(() =>
      act(organization, id, [
        ["intent", "message"],
        ["message", "Voici la photo du support."],
        ["piece_jointe", new File([PNG_BYTES], "support.png", { type: "image/png" })],
      ]),
    );
    expect(sent.status).toBe(303);
    expect(await toastOf(backoffice, organization, sent)).toBe("Message envoyé.");
    const quote = await detail(organization, id);
    const message = quote.messages.find((candidate) => candidate.body === "Voici la photo du support.")!;
    expect(message.author.side).toBe("client");
    expect(message.attachments.map((file) => [file.fileName, file.mime])).toEqual([["support.png", "image/png"]]);
    const huge = answered<FormAnswer>(
      await act(organization, id, [
        ["intent", "message"],
        ["message", "x".repeat(100_000)],
      ]),
    );
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.message).toBe("Ce texte compte au plus 4000 caractères.");
    expect((await detail(organization, id)).messages).toHaveLength(quote.messages.length);
    const wrong = answered<FormAnswer>(
      await act(organization, id, [
        ["intent", "message"],
        ["message", "Un fichier"],
        ["piece_jointe", new File(["hello"], "photo.jpg", { type: "image/jpeg" })],
      ]),
    );
    expect(wrong.status).toBe(415);
    expect(wrong.body.errors?.piece_jointe).toBe(ATTACHMENT_WRONG_TYPE);
  });

  it("answers the information asked: the quote goes back to the representative", async () => {
    const id = await ask(organization, [["reference", "Gréement"], ...productLines([2])]);
    const asked = await sales(`/${id}/ask-information`, { body: "Quel diamètre de câble ?" });
    expect(asked.status).toBeLessThan(300);
    const waiting = await detail(organization, id);
    expect(waiting.state).toBe("informations demandées");
    expect(waiting.waitingFor).toBe("client");
    expect(waiting.actions).toContain("answer");
    const response = await responseOf(() =>
      act(organization, id, [
        ["intent", "answer"],
        ["message", "Câble inox de 8 mm."],
      ]),
    );
    expect(response.status).toBe(303);
    const afterAnswer = await detail(organization, id);
    expect(afterAnswer.state).toBe("complété");
    expect(afterAnswer.waitingFor).toBe("commercial");
    expect(afterAnswer.messages.map((message) => message.body)).toEqual(
      expect.arrayContaining(["Quel diamètre de câble ?", "Câble inox de 8 mm."]),
    );
  });

  it("answers an unknown intent with a 400 and another organization's quote with a 404", async () => {
    const id = await ask(organization, [["reference", "Divers"], ...productLines([1])]);
    expect(await thrownStatus(() => act(organization, id, [["intent", "propose"]]))).toBe(400);
    expect(await thrownStatus(() => act(corsica, id, [["intent", "cancel"]]))).toBe(404);
    expect((await detail(organization, id)).state).toBe("demandé");
  });
});

describe("expiry", () => {
  it("reads a proposal past its validity as expired, refuses accepting it, and reprices a quoted cart line with a notice", async () => {
    const id = await ask(buyer, [["reference", "Court terme"], ...productLines([1, 1])]);
    const { proposals } = await propose(id, "2026-11-25");
    const version = proposals.at(-1)!.version;
    const accepted = await responseOf(() =>
      act(buyer, id, [
        ["intent", "accept"],
        ["version", String(version)],
        ["position", "2"],
      ]),
    );
    expect(accepted.status).toBe(303);
    const second = await detail(buyer, id);
    expect((await cartOf(buyer)).view.lines.find((line) => line.productId === products[1]!.id)?.quote?.number).toBe(second.number);

    const late = await ask(buyer, [["reference", "Trop tard"], ...productLines([1])]);
    const lateVersion = (await propose(late, "2026-11-25")).proposals.at(-1)!.version;
    backoffice.clock.set(new Date("2026-11-26T09:00:00Z"));
    // Six days on, the session has expired: the buyer logs in again.
    buyer = await cookieFor(backoffice, LOGINS.buyer);
    const expired = await detail(buyer, late);
    expect(expired.state).toBe("expiré");
    expect(expired.actions).not.toContain("accept");
    const refused = answered<FormAnswer>(
      await act(buyer, late, [
        ["intent", "accept"],
        ["version", String(lateVersion)],
        ["position", "1"],
      ]),
    );
    expect(refused.status).toBe(409);

    // The cart held since shows a quoted price past its date: it is read anew, repriced at the
    // usual price with the notice, and the lock is gone…
    const usualPrice = second.proposal!.lines.find((candidate) => candidate.position === 2)!.usualPrice;
    const held = (await cartOf(buyer)).view.lines.find((candidate) => candidate.productId === products[1]!.id)!;
    expect(held.quote).toBeNull();
    expect(held.quoteExpired).toEqual({ number: second.number, on: "2026-11-25" });
    expect(held.unitPrice).toBe(usualPrice);
    const locks = await backoffice.db
      .selectFrom("quote_cart_locks")
      .select("obj_id")
      .where("org_id", "=", orgId)
      .where("obj_id", "=", products[1]!.id)
      .execute();
    expect(locks).toEqual([]);
    // …and once the cart changes, the line stays at the usual price, the notice said.
    const added = await responseOf(() =>
      run(addRoute.action, backoffice, formRequest("/mon-panier/ajouter", { productId: String(products[0]!.id), qty: "1" }, buyer)),
    );
    expect(added.status).toBe(303);
    const line = (await cartOf(buyer)).view.lines.find((candidate) => candidate.productId === products[1]!.id)!;
    expect(line.quote).toBeNull();
    expect(line.quoteExpired).toBeNull();
    expect(line.unitPrice).toBe(usualPrice);
  });
});
