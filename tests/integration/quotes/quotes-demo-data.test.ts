import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_STATES, quoteListResponse, salesQuoteListResponse } from "@shared/contracts/quotes";
import { LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { detailOf } from "./fixtures";

/** The demo's quotes (seed/quotes-data.ts): every state, the representative's clients, no cart touched. */
describe("the demo's quotes", () => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
  });
  afterAll(async () => {
    await bo.close();
  });

  it("shows Voilerie Atlantique a quote in every state, numbered from DV-2026-000001", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const list = quoteListResponse.parse(
      (await call(bo, `/oms/quotes?org_id=${buyer.user.auth_org_id}&size=100`, { token: buyer.token })).body,
    );
    expect(new Set(list.items.map((item) => item.state))).toEqual(new Set(QUOTE_STATES));
    expect(list.items.every((item) => item.org_ref === "C0001")).toBe(true);
    const numbers = (await bo.db.selectFrom("quotes").select("number").orderBy("sequence").execute()).map((row) => row.number);
    expect(numbers[0]).toBe("DV-2026-000001");
    expect(numbers.at(-1)).toBe(`DV-2026-${String(numbers.length).padStart(6, "0")}`);
    // A revised proposal keeps its first version; an alternative is marked as such.
    const revised = list.items.find((item) => item.customer_ref.startsWith("Mouillage"));
    const alternative = list.items.find((item) => item.customer_ref.startsWith("Winchs"));
    if (!revised || !alternative) throw new Error("demo quotes missing");
    expect((await detailOf(bo, buyer, `/oms/quotes/${revised.quo_id}`)).proposals.map((proposal) => proposal.version)).toEqual([1, 2]);
    expect((await detailOf(bo, buyer, `/oms/quotes/${alternative.quo_id}`)).proposals[0]?.lines.map((line) => line.is_alternative)).toEqual(
      [true, false],
    );
    expect(await bo.db.selectFrom("quote_cart_locks").selectAll().execute()).toEqual([]);
  });

  it("lists them to the linked representative with the other clients', and to no one else", async () => {
    const [sales, sales2] = await Promise.all([login(bo, LOGINS.sales), login(bo, LOGINS.sales2)]);
    const mine = salesQuoteListResponse.parse((await call(bo, "/sales/quotes?size=100", { token: sales.token })).body);
    expect(new Set(mine.items.map((item) => item.org_ref))).toEqual(new Set(["C0001", "C0002", "C0003"]));
    expect(mine.items.every((item) => item.age_days >= 0)).toBe(true);
    const theirs = salesQuoteListResponse.parse((await call(bo, "/sales/quotes?size=100", { token: sales2.token })).body);
    expect(new Set(theirs.items.map((item) => item.org_ref))).toEqual(new Set(["C0002", "C0003"]));
  });
});
