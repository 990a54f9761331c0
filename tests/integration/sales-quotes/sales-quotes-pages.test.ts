import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteDetail, type QuoteDetail } from "@shared/contracts/quotes";
import * as attachmentRoute from "~/routes/clients_.devis.$id_.pieces-jointes.$attId";
import * as pdfRoute from "~/routes/clients_.devis.$id_.proposition.$version[.pdf]";
import * as quoteRoute from "~/routes/clients_.devis.$id";
import * as listRoute from "~/routes/clients_.devis._index";
import type { FormAnswer } from "~/services/forms/types";
import { NO_PROPOSAL_LINE, PRICE_INVALID, PRICE_NOT_POSITIVE, PRICE_TOO_HIGH, VALIDITY_PAST } from "~/services/sales-quotes/index.server";
import { ATTACHMENT_WRONG_TYPE } from "~/services/quotes/index.server";
import { responseOf, thrownStatus } from "../portal/harness";
import {
  LOGINS,
  PDF_BYTES,
  actingFor,
  answered,
  apiAs,
  cookieFor,
  multipart,
  orderableProducts,
  page,
  run,
  startSalesBackoffice,
  toastOf,
  type SalesBackoffice,
} from "./harness";

/**
 * The representative's pages over the real back-office (small demo set, DEMO_TODAY): the list
 * of its clients' requests (« à traiter » first, filters in the URL), a quote's page and every
 * move it offers (study, question, proposal with an alternative and an extra line, revision,
 * message, cancellation), bad proposals refused in French next to their fields with nothing
 * stored, the files, and isolation: a client, another representative's client, a client's
 * account on these pages.
 */

let backoffice: SalesBackoffice;
let contributor: string;
let otherContributor: string;
let buyerCookie: string;
let buyer: Awaited<ReturnType<typeof apiAs>>;
let corsica: Awaited<ReturnType<typeof apiAs>>;
let marseille: Awaited<ReturnType<typeof apiAs>>;
/** Four orderable products of the catalogue (no MMSI: no certificate). */
let products: { id: number; ref: string; title: string }[];

beforeAll(async () => {
  backoffice = await startSalesBackoffice();
  [contributor, otherContributor, buyerCookie, buyer, corsica, marseille] = await Promise.all([
    cookieFor(backoffice, LOGINS.contributor),
    cookieFor(backoffice, LOGINS.otherContributor),
    cookieFor(backoffice, LOGINS.buyer),
    apiAs(backoffice, LOGINS.buyer),
    apiAs(backoffice, LOGINS.corsica),
    apiAs(backoffice, LOGINS.marseille),
  ]);
  products = await orderableProducts(backoffice, 4);
});
afterAll(() => backoffice.close());

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A customer asks (its own API call): three catalogue lines by default, optionally a PDF. */
async function ask(customer: Api, customerRef: string, options: { file?: boolean; message?: string } = {}): Promise<QuoteDetail> {
  const answer = await customer.call("/oms/quotes", {
    org_id: customer.orgId,
    customer_ref: customerRef,
    message: options.message ?? "",
    lines: [
      { obj_id: products[0]!.id, qty: 4 },
      { obj_id: products[1]!.id, qty: 2 },
      { obj_id: products[2]!.id, qty: 1 },
    ],
    ...(options.file ? { attachment: { file_name: "plan.pdf", content_base64: Buffer.from(PDF_BYTES).toString("base64") } } : {}),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return quoteDetail.parse(answer.json);
}

const list = (cookie: string, query = "") => run(listRoute.loader, backoffice, page(`/clients/devis${query}`, cookie));
const detail = async (cookie: string, id: number) =>
  (await run(quoteRoute.loader, backoffice, page(`/clients/devis/${id}`, cookie), { id: String(id) })).quote;
const act = (cookie: string, id: number, fields: Record<string, string | File>) =>
  run(quoteRoute.action, backoffice, multipart(`/clients/devis/${id}`, fields, cookie), { id: String(id) });
const count = async (table: "quote_proposals" | "quote_messages" | "quote_events") =>
  Number(
    (
      await backoffice.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The proposal form's fields: rows as [ref, qty, price, position?], the rest as given. */
function proposalFields(rows: [string, string, string, string?][], extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "propose",
    lignes: String(rows.length),
    validite: "2026-12-20",
    conditions: "Franco de port dès 500 € HT.",
    message: "",
  };
  rows.forEach(([ref, qty, price, position], index) => {
    fields[`ligne-${index}-ref`] = ref;
    fields[`ligne-${index}-qte`] = qty;
    fields[`ligne-${index}-prix`] = price;
    fields[`ligne-${index}-note`] = "";
    fields[`ligne-${index}-position`] = position ?? "";
  });
  return { ...fields, ...extra };
}

async function saved(result: unknown): Promise<Response> {
  if (!(result instanceof Response)) throw new Error(`refused: ${JSON.stringify(answered<FormAnswer>(result).body)}`);
  expect(result.status).toBe(303);
  return result;
}

describe("the representative's list", () => {
  it("lists its clients' requests, those waiting for it first, and not another representative's client", async () => {
    const waiting = await ask(buyer, "Liste-à-traiter");
    const answered_ = await ask(corsica, "Liste-proposée");
    const foreign = await ask(marseille, "Liste-autre-commercial");
    // The Corsican request is answered (proposé): it waits for the client and goes after.
    await saved(await act(contributor, answered_.quo_id, proposalFields([[products[0]!.ref, "4", "12,50", "1"]])));

    // The demo set has requests of its own: this test's are found by their reference.
    const view = await list(contributor, "?recherche=liste-");
    const numbers = view.rows.map((row) => row.number);
    expect(numbers).toContain(waiting.number);
    expect(numbers).toContain(answered_.number);
    expect(numbers).not.toContain(foreign.number);
    expect(numbers.indexOf(waiting.number)).toBeLessThan(numbers.indexOf(answered_.number));
    const row = view.rows.find((candidate) => candidate.number === waiting.number)!;
    expect(row).toMatchObject({
      orgName: "Voilerie Atlantique",
      orgRef: "C0001",
      customerRef: "Liste-à-traiter",
      state: "demandé",
      waitingFor: "commercial",
      age: "aujourd'hui",
    });
    expect(view.rows.find((candidate) => candidate.number === answered_.number)).toMatchObject({
      state: "proposé",
      waitingFor: "client",
      validUntil: "2026-12-20",
      totalHt: 5000,
    });
    expect(view.clients.map((client) => client.label)).toContain("Voilerie Atlantique (C0001)");
    expect(view.clients.map((client) => client.label)).not.toContain("Balises Méditerranée (C0901)");

    // Newest first on demand: the later (Corsican) request comes before.
    const recent = (await list(contributor, "?recherche=liste-&tri=recents")).rows.map((candidate) => candidate.number);
    expect(recent.indexOf(answered_.number)).toBeLessThan(recent.indexOf(waiting.number));

    // The other representative sees its own client's request and none of these.
    const other = (await list(otherContributor)).rows.map((candidate) => candidate.number);
    expect(other).toContain(foreign.number);
    expect(other).not.toContain(waiting.number);
    expect(await thrownStatus(() => detail(otherContributor, waiting.quo_id))).toBe(404);
    expect(await thrownStatus(() => detail(contributor, foreign.quo_id))).toBe(404);
  });

  it("filters by state, client and text in the URL, and says which filter it ignored", async () => {
    const mine = await ask(buyer, "Filtre-Hivernage");
    const byState = await list(contributor, `?etat=${encodeURIComponent("proposé")}`);
    expect(byState.rows.length).toBeGreaterThan(0);
    expect(byState.rows.every((row) => row.state === "proposé")).toBe(true);

    const orgId = buyer.orgId;
    const byClient = await list(contributor, `?client=${orgId}`);
    expect(byClient.rows.length).toBeGreaterThan(0);
    expect(byClient.rows.every((row) => row.orgRef === "C0001")).toBe(true);
    expect(byClient.query).toBe(`client=${orgId}`);

    const byText = await list(contributor, "?recherche=filtre-hiver");
    expect(byText.rows.map((row) => row.number)).toEqual([mine.number]);

    const lenient = await list(contributor, "?etat=inconnu&client=abc&page=0");
    expect(lenient.notices.map((notice) => notice.field).sort()).toEqual(["client", "etat", "page"]);
    expect(lenient.rows.length).toBeGreaterThan(0);

    const foreignClient = await list(contributor, `?client=${marseille.orgId}`);
    expect(foreignClient.rows).toEqual([]);
    expect(foreignClient.notices).toContainEqual({ field: "client", message: "Ce client ne fait pas partie de votre portefeuille." });
  });

  it("is reachable while acting for a client, and does not exist for a client's account", async () => {
    const mine = await ask(buyer, "Pendant-login-as");
    const acting = await actingFor(backoffice, contributor, corsica.orgId);
    const view = await list(acting);
    // Acting for Nautisme Ajaccio, the representative still sees its whole portfolio.
    expect(view.rows.map((row) => row.number)).toContain(mine.number);
    expect(view.contributorName).toBe("Yann Le Gall");
    expect((await detail(acting, mine.quo_id)).number).toBe(mine.number);

    expect(await thrownStatus(() => list(buyerCookie))).toBe(404);
    expect(await thrownStatus(() => detail(buyerCookie, mine.quo_id))).toBe(404);
    expect(
      await thrownStatus(() =>
        run(quoteRoute.action, backoffice, multipart(`/clients/devis/${mine.quo_id}`, { intent: "start_study" }, buyerCookie), {
          id: String(mine.quo_id),
        }),
      ),
    ).toBe(404);
  });
});

describe("a quote's page", () => {
  it("shows the request and moves it: study, question, answer, proposal with an alternative and an extra line, revision", async () => {
    const asked = await ask(buyer, "Refit Pen Duick", { file: true, message: "Bonjour,\nune offre pour l'hivernage svp." });
    let quote = await detail(contributor, asked.quo_id);
    expect(quote.state).toBe("demandé");
    expect(quote.requestMessage).toBe("Bonjour,\nune offre pour l'hivernage svp.");
    expect(quote.messages).toEqual([]);
    expect(quote.askedLines.map((line) => [line.ref, line.qty])).toEqual([
      [products[0]!.ref, 4],
      [products[1]!.ref, 2],
      [products[2]!.ref, 1],
    ]);
    expect(quote.actions).toEqual(["start_study", "ask_information", "propose", "message", "cancel"]);
    // The first proposal starts from the asked lines, prices to fill, valid a month.
    expect(quote.proposalDraft.revising).toBe(false);
    expect(quote.proposalDraft.validUntil).toBe("2026-12-20");
    expect(quote.proposalDraft.latest).toBe("2027-11-20");
    expect(quote.proposalDraft.rows.slice(0, 3).map((row) => [row.answersPosition, row.ref, row.qty, row.price])).toEqual([
      [1, products[0]!.ref, "4", ""],
      [2, products[1]!.ref, "2", ""],
      [3, products[2]!.ref, "1", ""],
    ]);

    // The request's file, downloaded through the representative's route.
    const file = await responseOf(() =>
      run(attachmentRoute.loader, backoffice, page(quote.attachments[0]!.href, contributor), {
        id: String(asked.quo_id),
        attId: String(quote.attachments[0]!.id),
      }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);

    const started = await saved(await act(contributor, asked.quo_id, { intent: "start_study" }));
    expect(await toastOf(backoffice, contributor, started)).toBe(`Étude du devis ${asked.number} commencée.`);
    expect((await detail(contributor, asked.quo_id)).state).toBe("en cours d'étude");

    await saved(await act(contributor, asked.quo_id, { intent: "ask_information", message: "Quelle longueur de bateau ?" }));
    quote = await detail(contributor, asked.quo_id);
    expect(quote.state).toBe("informations demandées");
    expect(quote.waitingFor).toBe("client");
    expect(quote.actions).not.toContain("propose");
    const answer = await buyer.call(`/oms/quotes/${asked.quo_id}/answer`, { body: "12 mètres." });
    expect(answer.status).toBe(200);
    quote = await detail(contributor, asked.quo_id);
    expect(quote.state).toBe("complété");
    expect(quote.messages.map((message) => [message.author.side, message.body])).toEqual([
      ["commercial", "Quelle longueur de bateau ?"],
      ["client", "12 mètres."],
    ]);

    // Line 2 answered by another product (an alternative), line 3 left out, an extra line added.
    const proposed = await saved(
      await act(
        contributor,
        asked.quo_id,
        proposalFields(
          [
            [products[0]!.ref, "4", "12,50", "1"],
            [products[3]!.ref.toLowerCase(), "2", "1 234,5", "2"],
            ["", "1", "", "3"],
            [products[2]!.ref, "10", "3", ""],
          ],
          { message: "Voici notre offre." },
        ),
      ),
    );
    expect(await toastOf(backoffice, contributor, proposed)).toBe(`Proposition envoyée au client (devis ${asked.number}).`);
    quote = await detail(contributor, asked.quo_id);
    expect(quote.state).toBe("proposé");
    expect(quote.proposal!.version).toBe(1);
    expect(quote.proposal!.validUntil).toBe("2026-12-20");
    expect(quote.proposal!.lines.map((line) => [line.ref, line.qty, line.unitPrice, line.answersPosition, line.isAlternative])).toEqual([
      [products[0]!.ref, 4, 1250, 1, false],
      [products[3]!.ref, 2, 123450, 2, true],
      [products[2]!.ref, 10, 300, null, false],
    ]);
    expect(quote.proposal!.pdfHref).toBe(`/clients/devis/${asked.quo_id}/proposition/1.pdf`);

    // The revision starts from the proposal in force and makes version 2; version 1 stays readable.
    expect(quote.proposalDraft.revising).toBe(true);
    expect(quote.proposalDraft.rows.slice(0, 3).map((row) => [row.ref, row.qty, row.price])).toEqual([
      [products[0]!.ref, "4", "12,50"],
      [products[3]!.ref, "2", "1234,50"],
      [products[2]!.ref, "10", "3,00"],
    ]);
    const revised = await saved(
      await act(contributor, asked.quo_id, proposalFields([[products[0]!.ref, "4", "11,90", "1"]], { validite: "2027-01-15" })),
    );
    expect(await toastOf(backoffice, contributor, revised)).toBe("Proposition révisée : version 2 envoyée au client.");
    quote = await detail(contributor, asked.quo_id);
    expect(quote.proposal!.version).toBe(2);
    expect(quote.proposal!.lines.map((line) => line.unitPrice)).toEqual([1190]);
    expect(quote.earlierProposals.map((proposal) => proposal.version)).toEqual([1]);
    expect(quote.timeline.map((event) => event.label)).toEqual([
      "Demande reçue",
      "Étude commencée",
      "Informations demandées au client",
      "Informations reçues du client",
      "Proposition envoyée",
      "Proposition révisée",
    ]);

    const pdf = await responseOf(() =>
      run(pdfRoute.loader, backoffice, page(quote.proposal!.pdfHref, contributor), { id: String(asked.quo_id), version: "2" }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // The customer's view agrees: the proposal in force is version 2.
    const seen = quoteDetail.parse((await buyer.call(`/oms/quotes/${asked.quo_id}`)).json);
    expect(seen.proposals.at(-1)?.version).toBe(2);
  });

  it("refuses a bad proposal next to its fields, keeps what was typed, and stores nothing", async () => {
    const asked = await ask(buyer, "Mauvaise-proposition");
    const before = { proposals: await count("quote_proposals"), events: await count("quote_events") };
    const refusal = async (fields: Record<string, string>) => answered<FormAnswer>(await act(contributor, asked.quo_id, fields));

    const negative = await refusal(proposalFields([[products[0]!.ref, "4", "-12,50", "1"]]));
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.["ligne-0-prix"]).toBe(PRICE_NOT_POSITIVE);
    expect(negative.body.values?.["ligne-0-prix"]).toBe("-12,50");

    const absurd = await refusal(
      proposalFields([
        [products[0]!.ref, "4", "250000", "1"],
        [products[1]!.ref, "2", "douze", "2"],
        [products[2]!.ref, "0", "0", "3"],
      ]),
    );
    expect(absurd.body.errors?.["ligne-0-prix"]).toBe(PRICE_TOO_HIGH);
    expect(absurd.body.errors?.["ligne-1-prix"]).toBe(PRICE_INVALID);
    expect(absurd.body.errors?.["ligne-2-qte"]).toBe("La quantité doit être d'au moins 1.");
    expect(absurd.body.errors?.["ligne-2-prix"]).toBe(PRICE_NOT_POSITIVE);

    const past = await refusal(proposalFields([[products[0]!.ref, "4", "12", "1"]], { validite: "2026-11-19" }));
    expect(past.body.errors?.validite).toBe(VALIDITY_PAST);
    const tooLate = await refusal(proposalFields([[products[0]!.ref, "4", "12", "1"]], { validite: "2027-11-21" }));
    expect(tooLate.body.errors?.validite).toBe("La validité ne peut pas dépasser un an (au plus tard le 20 novembre 2027).");

    const unknown = await refusal(
      proposalFields([
        [products[0]!.ref, "4", "12", "1"],
        ["ZZZ-INCONNUE", "1", "5", ""],
      ]),
    );
    expect(unknown.body.errors?.["ligne-1-ref"]).toBe("Référence inconnue : ZZZ-INCONNUE.");
    expect(unknown.body.errors?.["ligne-0-ref"]).toBeUndefined();

    const twice = await refusal(
      proposalFields([
        [products[0]!.ref, "4", "12", "1"],
        [products[0]!.ref, "1", "5", ""],
      ]),
    );
    expect(twice.body.errors?.["ligne-1-ref"]).toBe(`${products[0]!.ref} est déjà proposé sur une autre ligne : une ligne par produit.`);
    expect(twice.body.errors?.["ligne-0-ref"]).toBeUndefined();

    const nothing = await refusal(proposalFields([["", "", "", ""]]));
    expect(nothing.body.errors?.lignes).toBe(NO_PROPOSAL_LINE);

    const huge = await refusal(proposalFields([[products[0]!.ref, "4", "12", "1"]], { message: "x".repeat(100_000) }));
    expect(huge.body.errors?.message).toBe("Ce texte compte au plus 4000 caractères.");

    expect(await count("quote_proposals")).toBe(before.proposals);
    expect(await count("quote_events")).toBe(before.events);
    expect((await detail(contributor, asked.quo_id)).state).toBe("demandé");
  });

  it("refuses a 100,000-character question and a file that is not a PDF or an image, and cancels with a reason", async () => {
    const asked = await ask(buyer, "Question-refusée");
    const messages = await count("quote_messages");
    const huge = answered<FormAnswer>(await act(contributor, asked.quo_id, { intent: "ask_information", message: "x".repeat(100_000) }));
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.message).toBe("Ce texte compte au plus 4000 caractères.");
    const wrongFile = answered<FormAnswer>(
      await act(contributor, asked.quo_id, {
        intent: "message",
        message: "Voir pièce jointe",
        piece_jointe: new File(["MZ not a pdf"], "offre.pdf", { type: "application/pdf" }),
      }),
    );
    expect(wrongFile.status).toBe(415);
    expect(wrongFile.body.errors?.piece_jointe).toBe(ATTACHMENT_WRONG_TYPE);
    expect(await count("quote_messages")).toBe(messages);

    const withFile = await saved(
      await act(contributor, asked.quo_id, {
        intent: "message",
        message: "Notre catalogue",
        piece_jointe: new File([PDF_BYTES], "catalogue.pdf", { type: "application/pdf" }),
      }),
    );
    expect(await toastOf(backoffice, contributor, withFile)).toBe("Message envoyé au client.");
    const quote = await detail(contributor, asked.quo_id);
    expect(quote.messages.at(-1)?.attachments.map((attachment) => attachment.fileName)).toEqual(["catalogue.pdf"]);

    await saved(await act(contributor, asked.quo_id, { intent: "cancel", motif: "Produit remplacé au catalogue." }));
    const cancelled = await detail(contributor, asked.quo_id);
    expect(cancelled.state).toBe("annulé");
    expect(cancelled.actions).toEqual([]);
    // Proposing on a cancelled quote: the back-office's French refusal, shown on the page.
    const late = answered<FormAnswer>(await act(contributor, asked.quo_id, proposalFields([[products[0]!.ref, "4", "12", "1"]])));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Ce devis a été annulé : il ne peut plus changer.");
  });
});
