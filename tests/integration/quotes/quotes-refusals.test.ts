import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { QUOTE_ATTACHMENT_MAX_BYTES } from "@shared/contracts/quotes";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { PDF, PNG, createQuote, move, proposal, quoteRowCounts, startQuoteBackoffice, upload, validIn, type TestProduct } from "./fixtures";

/**
 * Every refusal of the quotes' calls (docs/quotes.md): the right status, a French message, and
 * nothing changed in any quote table.
 */
describe("quote refusals", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let consultant: SessionResponse;
  let sales: SessionResponse;
  let quoId: number;
  let product: (index: number) => TestProduct;
  beforeAll(async () => {
    ({ bo, product } = await startQuoteBackoffice("pglite", 2));
    [buyer, consultant, sales] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.consultant), login(bo, LOGINS.sales)]);
    quoId = (await createQuote(bo, buyer, { customer_ref: "Refus", lines: [{ obj_id: product(0).id, qty: 3 }] })).quo_id;
  });
  afterAll(() => bo.close());

  /** Calls and expects the refusal, the French message, and no row changed anywhere. */
  async function refused(token: string, path: string, body: unknown, status: number, message: RegExp) {
    const before = await quoteRowCounts(bo.db);
    const answer = await call<{ code: string; message: string; issues?: { message: string }[] }>(bo, path, {
      token,
      body,
      method: body === undefined ? "GET" : "POST",
    });
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(status);
    const said = [answer.body.message, ...(answer.body.issues ?? []).map((issue) => issue.message)].join(" ");
    expect(said).toMatch(message);
    expect(await quoteRowCounts(bo.db)).toEqual(before);
  }

  const line = (unit_price: number) => ({ obj_id: product(0).id, qty: 3, unit_price, answers_position: 1 });

  it("refuses customers on the representative's side and accounts without `quotes`", async () => {
    await refused(buyer.token, "/sales/quotes", undefined, 403, /réservées aux commerciaux/);
    await refused(buyer.token, `/sales/quotes/${quoId}/proposals`, proposal([line(1000)]), 403, /réservées aux commerciaux/);
    await refused(
      consultant.token,
      `/oms/quotes?org_id=${consultant.user.auth_org_id}`,
      undefined,
      403,
      /ne permet pas de consulter les devis/,
    );
    await refused(consultant.token, `/oms/quotes/${quoId}`, undefined, 403, /ne permet pas de consulter les devis/);
    // A contributor with its own identity reads its clients' quotes on its own side only.
    await refused(sales.token, `/oms/quotes/${quoId}`, undefined, 403, /Choisissez d'abord le client/);
  });

  it("refuses absurd proposals: negative, zero or huge prices, a validity past or beyond a year, unknown products", async () => {
    const path = `/sales/quotes/${quoId}/proposals`;
    await refused(sales.token, path, proposal([line(-500)]), 400, /Le prix doit être positif/);
    await refused(sales.token, path, proposal([line(0)]), 400, /Le prix doit être positif/);
    await refused(sales.token, path, proposal([line(10_000_001)]), 400, /Prix unitaire trop élevé/);
    await refused(sales.token, path, proposal([line(12.5)]), 400, /entier/);
    await refused(sales.token, path, proposal([line(1000)], validIn(-1)), 400, /La date de validité est passée/);
    await refused(sales.token, path, proposal([line(1000)], validIn(400)), 400, /ne peut pas dépasser un an/);
    await refused(sales.token, path, proposal([line(1000), line(900)]), 400, /figure deux fois/);
    await refused(sales.token, path, proposal([{ ...line(1000), obj_id: 999_999_999 }]), 400, /n'existe pas ou ne peut plus être commandé/);
    await refused(sales.token, path, proposal([{ ...line(1000), answers_position: 9 }]), 400, /pas de ligne 9/);
  });

  it("refuses files of the wrong type or size and a 100,000-character message", async () => {
    const path = `/oms/quotes/${quoId}/messages`;
    await refused(
      buyer.token,
      path,
      { body: "Voici le plan", attachment: upload("plan.pdf", Buffer.from("MZ\x90\x00 pas un PDF")) },
      400,
      /Seuls les fichiers PDF, PNG ou JPEG/,
    );
    const tooBig = Buffer.concat([PDF, Buffer.alloc(QUOTE_ATTACHMENT_MAX_BYTES + 1 - PDF.length)]);
    await refused(buyer.token, path, { body: "Voici le plan", attachment: upload("plan.pdf", tooBig) }, 400, /dépasse 5 Mo/);
    await refused(buyer.token, path, { body: "x".repeat(100_000) }, 400, /4000|4 000/);
    await refused(
      buyer.token,
      "/oms/quotes",
      {
        org_id: buyer.user.auth_org_id,
        customer_ref: "Trop long",
        message: "y".repeat(100_000),
        lines: [{ obj_id: product(0).id, qty: 1 }],
      },
      400,
      /4000|4 000/,
    );
    await refused(
      buyer.token,
      "/oms/quotes",
      { org_id: buyer.user.auth_org_id, customer_ref: "Sans ligne", message: "", lines: [{ text: "ab", qty: 1 }] },
      400,
      /Décrivez le produit recherché/,
    );
    // A file within the limits is kept, with the type read from its bytes.
    const kept = await move(bo, buyer, path, { body: "La photo du pont", attachment: upload("pont.jpg", PNG) });
    expect(kept.messages.at(-1)?.attachments.map((file) => file.mime)).toEqual(["image/png"]);
  });

  it("refuses moves the state does not allow, with a 409 and nothing changed", async () => {
    await refused(buyer.token, `/oms/quotes/${quoId}/accept`, { version: 1, positions: [1] }, 409, /pas de proposition à accepter/);
    await refused(buyer.token, `/oms/quotes/${quoId}/answer`, { body: "Réponse" }, 409, /Aucune information n'est demandée/);
    await move(bo, sales, `/sales/quotes/${quoId}/start-study`);
    await refused(sales.token, `/sales/quotes/${quoId}/start-study`, {}, 409, /déjà commencé/);
    await move(bo, buyer, `/oms/quotes/${quoId}/cancel`, { reason: "Projet reporté à l'an prochain." });
    await refused(sales.token, `/sales/quotes/${quoId}/proposals`, proposal([line(1000)]), 409, /a été annulé/);
    await refused(buyer.token, `/oms/quotes/${quoId}/messages`, { body: "Encore là ?" }, 409, /a été annulé/);
    await refused(sales.token, `/sales/quotes/${quoId}/cancel`, {}, 409, /a été annulé/);
  });

  it("refuses an acceptance of a stale version or of unknown lines", async () => {
    const asked = await createQuote(bo, buyer, { customer_ref: "Version", lines: [{ obj_id: product(1).id, qty: 1 }] });
    const offer = (price: number) => proposal([{ obj_id: product(1).id, qty: 1, unit_price: price, answers_position: 1 }]);
    await move(bo, sales, `/sales/quotes/${asked.quo_id}/proposals`, offer(2000));
    await move(bo, sales, `/sales/quotes/${asked.quo_id}/proposals`, offer(1900));
    await refused(buyer.token, `/oms/quotes/${asked.quo_id}/accept`, { version: 1, positions: [1] }, 409, /révisée entre-temps/);
    await refused(buyer.token, `/oms/quotes/${asked.quo_id}/accept`, { version: 2, positions: [4] }, 400, /pas de ligne 4/);
    await refused(consultant.token, `/oms/quotes/${asked.quo_id}/accept`, { version: 2, positions: [1] }, 403, /ne permet pas/);
  });
});
