import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { expiringQuotesResponse, quoteDetail } from "@shared/contracts/quotes";
import { lineUnitPrice } from "@shared/domain/index";
import { claimExpiringQuotes } from "../../../server/backoffice/quotes/expiry";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { lineFor } from "../backoffice/cart-fixtures";
import { erp } from "../backoffice/orders-fixtures";
import {
  accept,
  accepted,
  cartOf,
  createQuote,
  detailOf,
  move,
  proposal,
  saveLines,
  startQuoteBackoffice,
  validIn,
  type TestProduct,
} from "./fixtures";

/**
 * The shared cart's side of quotes (docs/quotes.md): the quoted price is locked by the
 * back-office and cannot be forged from a browser, it holds until the validity date and then
 * gives way to the usual price with a notice; two acceptances at once make one cart change;
 * the numbering has no gap however many requests arrive at once.
 */
describe.each(ENGINES)("quotes and the shared cart on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let client: SessionResponse;
  let sales: SessionResponse;
  let product: (index: number) => TestProduct;
  /** Moves the clock and logs in again: the tokens of another day have expired. */
  async function dayAt(instant: string) {
    bo.setNow(new Date(instant));
    [buyer, client, sales] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.client), login(bo, LOGINS.sales)]);
  }
  const DEMO_MORNING = `${DEMO_TODAY}T10:00:00+01:00`;
  beforeAll(async () => {
    ({ bo, product } = await startQuoteBackoffice(engine, 3));
    await dayAt(DEMO_MORNING);
  });
  afterAll(() => bo.close());

  /** A quote of the buyer proposed by the representative at these unit prices, valid until `validUntil`. */
  async function proposed(prices: number[], validUntil = validIn(10)) {
    const asked = await createQuote(bo, buyer, {
      customer_ref: `Devis ${prices.join("-")}`,
      lines: prices.map((_, index) => ({ obj_id: product(index).id, qty: index + 1 })),
    });
    return move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal(
        prices.map((price, index) => ({ obj_id: product(index).id, qty: index + 1, unit_price: price, answers_position: index + 1 })),
        validUntil,
      ),
    );
  }

  it("accepts once when two acceptances arrive together: one cart change, the other 409", async () => {
    await saveLines(bo, buyer, []);
    const quote = await proposed([1500]);
    const before = await cartOf(bo, buyer);
    const results = await Promise.all([accept(bo, buyer, quote.quo_id, 1, [1]), accept(bo, client, quote.quo_id, 1, [1])]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)?.body.message).toBe("Ce devis a déjà été accepté.");
    const after = await cartOf(bo, buyer);
    expect(after.version).toBe(before.version + 1);
    expect(after.cart.products.filter((line) => !line.prd_is_port).map((line) => [line.obj_id, line.qty, lineUnitPrice(line)])).toEqual([
      [product(0).id, 1, 1500],
    ]);
    expect((await detailOf(bo, buyer, `/oms/quotes/${quote.quo_id}`)).timeline.filter((event) => event.kind === "accepted")).toHaveLength(
      1,
    );
  });

  it("never takes a price from the browser: a forged line is repriced at the lock, then at the usual price once removed", async () => {
    await saveLines(bo, buyer, []);
    const quote = await proposed([900, 2500]);
    const usual = quote.proposals[0]?.lines[1]?.usual_price;
    accepted(await accept(bo, buyer, quote.quo_id, 1, [2]));
    // The browser sends the line back with a price of its own and a quote field: both ignored.
    const forged = { ...lineFor(product(1), 5), prc_price: 1, quote: { number: quote.number, unit_price: 1, valid_until: validIn(300) } };
    const saved = await saveLines(bo, buyer, [forged, lineFor(product(0), 1)]);
    const lines = saved.cart.products.filter((line) => !line.prd_is_port);
    expect(lines.map((line) => [line.obj_id, line.qty, lineUnitPrice(line), line.quote?.number ?? null])).toEqual([
      [product(1).id, 5, 2500, quote.number],
      // The other product of the quote was not accepted: no lock, the usual price.
      [product(0).id, 1, expect.any(Number), null],
    ]);
    expect(lineUnitPrice(lines[1] ?? lineFor(product(0), 1))).not.toBe(900);
    // Removing the line removes the lock: put back, it is at the usual price.
    await saveLines(bo, buyer, [lineFor(product(0), 1)]);
    const back = await saveLines(bo, buyer, [lineFor(product(0), 1), lineFor(product(1), 2)]);
    const again = back.cart.products.find((line) => line.obj_id === product(1).id);
    expect([again?.quote, again ? lineUnitPrice(again) : null]).toEqual([undefined, usual]);
  });

  it("expires: the quote reads « expiré » and refuses acceptance; an expired lock gives the usual price with one notice", async () => {
    await saveLines(bo, buyer, []);
    const kept = await proposed([1200], validIn(2));
    const late = await proposed([1300, 1400], validIn(2));
    accepted(await accept(bo, buyer, kept.quo_id, 1, [1]));
    // Three days later (France), both validities are past.
    await dayAt(`${validIn(3)}T09:00:00+01:00`);
    const read = await detailOf(bo, buyer, `/oms/quotes/${late.quo_id}`);
    expect(read).toMatchObject({ state: "expiré", actions: [], waiting_for: null });
    // Reading changed nothing: the row still says « proposé ».
    expect((await bo.db.selectFrom("quotes").select("state").where("id", "=", late.quo_id).executeTakeFirstOrThrow()).state).toBe(
      "proposé",
    );
    const refusal = await accept(bo, buyer, late.quo_id, 1, [1]);
    expect([refusal.status, refusal.body.message]).toEqual([
      409,
      "La validité de ce devis est dépassée : demandez-en une nouvelle proposition.",
    ]);
    // The write that found it persisted the expiry, with its event.
    const persisted = await detailOf(bo, sales, `/sales/quotes/${late.quo_id}`);
    expect(persisted.timeline.at(-1)).toMatchObject({ kind: "expired", state: "expiré", author: { side: "système" } });
    expect((await bo.db.selectFrom("quotes").select("state").where("id", "=", late.quo_id).executeTakeFirstOrThrow()).state).toBe("expiré");

    const first = await cartOf(bo, buyer);
    const line = first.cart.products.find((candidate) => candidate.obj_id === product(0).id);
    expect([line?.quote, line?.quote_expired, line?.quote_expired_on]).toEqual([undefined, kept.number, validIn(2)]);
    expect(line ? lineUnitPrice(line) : null).not.toBe(1200);
    const second = await cartOf(bo, client);
    expect(second.cart.products.find((candidate) => candidate.obj_id === product(0).id)?.quote_expired).toBeUndefined();
    await dayAt(DEMO_MORNING);
  });

  it("numbers 20 requests made at once without gap", async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(bo, "/oms/quotes", {
          token: index % 2 === 0 ? buyer.token : client.token,
          body: { org_id: buyer.user.auth_org_id, customer_ref: `Lot ${index}`, message: "", lines: [{ obj_id: product(0).id, qty: 1 }] },
        }),
      ),
    );
    expect(made.map((result) => result.status)).toEqual(Array(20).fill(201));
    const numbers = made.map((result) => Number(quoteDetail.parse(result.body).number.slice(-6))).sort((a, b) => a - b);
    const all = (await bo.db.selectFrom("quotes").select("sequence").where("year", "=", 2026).orderBy("sequence").execute()).map(
      (row) => row.sequence,
    );
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
    expect(numbers).toEqual(all.slice(-20));
  });

  it("lists the proposals about to expire and reminds each once", async () => {
    const soon = await proposed([3000], validIn(2));
    const later = await proposed([3100], validIn(20));
    const listed = expiringQuotesResponse.parse((await erp(bo, "/quotes/expiring?within_days=3")).body).items.map((item) => item.number);
    expect(listed).toContain(soon.number);
    expect(listed).not.toContain(later.number);
    const [claimedOnce, claimedTwice] = await Promise.all([
      claimExpiringQuotes(bo.db, new Date(DEMO_MORNING), 3),
      claimExpiringQuotes(bo.db, new Date(DEMO_MORNING), 3),
    ]);
    const claims = [...claimedOnce, ...claimedTwice].filter((item) => item.number === soon.number);
    expect(claims).toHaveLength(1);
    expect(
      expiringQuotesResponse.parse((await erp(bo, "/quotes/expiring?within_days=3")).body).items.map((item) => item.number),
    ).not.toContain(soon.number);
    expect((await detailOf(bo, buyer, `/oms/quotes/${soon.quo_id}`)).timeline.at(-1)?.kind).toBe("reminded");
    const revisedSoon = await move(
      bo,
      sales,
      `/sales/quotes/${soon.quo_id}/proposals`,
      proposal([{ obj_id: product(0).id, qty: 1, unit_price: 2900, answers_position: 1 }], validIn(1)),
    );
    expect(revisedSoon.state).toBe("proposé");
    // A revision has a new validity: reminded again.
    expect(expiringQuotesResponse.parse((await erp(bo, "/quotes/expiring?within_days=3")).body).items.map((item) => item.number)).toContain(
      soon.number,
    );
    expect((await erp(bo, "/quotes/expiring?within_days=99")).status).toBe(400);
  });
});
