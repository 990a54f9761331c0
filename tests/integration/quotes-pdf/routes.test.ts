import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { SessionResponse } from "@shared/contracts/api";
import type { QuoteDetail } from "@shared/contracts/quotes";
import { LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { createQuote, move, proposal, validIn } from "../quotes/fixtures";
import { formatEuros } from "@shared/domain/french-format";

/**
 * GET …/quotes/:id/proposals/:version/pdf (docs/quote-pdf.md): the customer and its linked
 * representative download each version; its text has the number, the version, the validity
 * and the quoted prices in French format; anyone else finds nothing (404) and a customer is
 * refused the representatives' area (403).
 */

const fold = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const frenchDate = (iso: string) => iso.split("-").reverse().join("/");

describe("the proposal PDF routes", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let sales: SessionResponse;
  let sales2: SessionResponse;
  let corsica: SessionResponse;
  let consultant: SessionResponse;
  let quote: QuoteDetail;
  let pending: QuoteDetail;
  let products: { id: number; ref: string }[];

  async function download(session: SessionResponse, path: string): Promise<Response> {
    return fetch(`${bo.baseUrl}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  }

  async function textOf(response: Response): Promise<string> {
    const pdf = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    return fold(text);
  }

  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [buyer, sales, sales2, corsica, consultant] = await Promise.all([
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.sales),
      login(bo, LOGINS.sales2),
      login(bo, LOGINS.corsica),
      login(bo, LOGINS.consultant),
    ]);
    products = await stockedProducts(bo, 2);
    const [first, second] = products as [{ id: number; ref: string }, { id: number; ref: string }];
    const asked = await createQuote(bo, buyer, { customer_ref: "Refit Gwalarn", lines: [{ obj_id: first.id, qty: 3 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: first.id, qty: 3, unit_price: 123_456, answers_position: 1 }], validIn(30)),
    );
    quote = await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal(
        [
          { obj_id: first.id, qty: 3, unit_price: 119_900, answers_position: 1 },
          { obj_id: second.id, qty: 2, unit_price: 4_550, answers_position: null, note: "Conseillé avec ce modèle" },
        ],
        validIn(20),
      ),
    );
    pending = await createQuote(bo, buyer, { customer_ref: "Sans proposition", lines: [{ obj_id: second.id, qty: 1 }] });
  });
  afterAll(async () => {
    await bo.close();
  });

  it("gives the customer each version, with its number, validity and quoted prices in French format", async () => {
    const latest = await download(buyer, `/oms/quotes/${quote.quo_id}/proposals/2/pdf`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("content-type")).toBe("application/pdf");
    expect(latest.headers.get("content-disposition")).toBe(`attachment; filename="${quote.number}-v2.pdf"`);
    const text = await textOf(latest);
    expect(text).toContain(`N° ${quote.number} — version 2`);
    expect(text).toContain(`Valable jusqu'au ${frenchDate(validIn(20))}`);
    expect(text).toContain("Votre référence : Refit Gwalarn");
    // The quoted unit price, the line's total at that price, the total of the version.
    expect(text).toContain(`${products[0]?.ref} `);
    expect(text).toContain(fold(formatEuros(119_900)));
    expect(text).toContain(fold(formatEuros(3 * 119_900)));
    expect(text).toContain(`Total HT ${fold(formatEuros(3 * 119_900 + 2 * 4_550))}`);
    expect(text).toContain("Note : Conseillé avec ce modèle");
    expect(text).toContain("Voilerie Atlantique");
    expect(text).toContain("Votre interlocuteur Yann Le Gall");

    const older = await textOf(await download(buyer, `/oms/quotes/${quote.quo_id}/proposals/1/pdf`));
    expect(older).toContain(`N° ${quote.number} — version 1`);
    expect(older).toContain(fold(formatEuros(123_456)));
    expect(older).toContain("Cette version a été remplacée par la version 2");
  });

  it("gives the linked representative the same document", async () => {
    const [customer, representative] = await Promise.all([
      download(buyer, `/oms/quotes/${quote.quo_id}/proposals/2/pdf`),
      download(sales, `/sales/quotes/${quote.quo_id}/proposals/2/pdf`),
    ]);
    expect(representative.status).toBe(200);
    expect(representative.headers.get("etag")).toBe(customer.headers.get("etag"));
    expect(Buffer.from(await representative.arrayBuffer()).equals(Buffer.from(await customer.arrayBuffer()))).toBe(true);
  });

  it("gives a people account without `prices` the proposal without its amounts", async () => {
    const storekeeper = await bo.db
      .selectFrom("users")
      .select(["id", "auth_flags"])
      .where("login", "=", LOGINS.storekeeper)
      .executeTakeFirstOrThrow();
    await bo.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ ...storekeeper.auth_flags, quotes: true, prices: false }) })
      .where("id", "=", storekeeper.id)
      .execute();
    const session = await login(bo, LOGINS.storekeeper);
    const answer = await download(session, `/oms/quotes/${quote.quo_id}/proposals/2/pdf`);
    expect(answer.status).toBe(200);
    const text = await textOf(answer);
    expect(text).toContain(`N° ${quote.number} — version 2`);
    expect(text).toContain("Les prix de ce devis ne sont pas affichés pour votre compte");
    expect(text).not.toContain(fold(formatEuros(119_900)));
  });

  it("finds nothing for another organization, an unlinked representative, an unknown version or a quote without proposal", async () => {
    const cases: Array<[SessionResponse, string, number]> = [
      [corsica, `/oms/quotes/${quote.quo_id}/proposals/2/pdf`, 404],
      [sales2, `/sales/quotes/${quote.quo_id}/proposals/2/pdf`, 404],
      [buyer, `/oms/quotes/${quote.quo_id}/proposals/3/pdf`, 404],
      [buyer, `/oms/quotes/${quote.quo_id}/proposals/0/pdf`, 404],
      [buyer, `/oms/quotes/${pending.quo_id}/proposals/1/pdf`, 404],
      [buyer, `/oms/quotes/999999/proposals/1/pdf`, 404],
      // A customer is refused the representatives' area; a people account without `quotes` the quotes.
      [buyer, `/sales/quotes/${quote.quo_id}/proposals/2/pdf`, 403],
      [consultant, `/oms/quotes/${quote.quo_id}/proposals/2/pdf`, 403],
    ];
    for (const [session, path, status] of cases) {
      const answer = await download(session, path);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get("content-type"), path).toMatch(/^application\/json/);
    }
  });
});
