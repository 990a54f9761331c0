import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { returnDetail } from "@shared/contracts/returns";
import { LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { invoiceList, stockedProducts } from "../backoffice/invoices-fixtures";
import { askReturn, deliveredOrder, request, returnable, returnsCall } from "../returns/fixtures";
import { stepOk } from "./fixtures";

/**
 * A return asked through the customer's call, moved by the distributor's steps, as the customer
 * then reads it (docs/returns.md): every step with its author, the credit note on the return and
 * in the invoices; the units that never came back may be asked again.
 */
describe("a return from the customer's request to its credit note", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let product: { id: number; ref: string };
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [buyer, storekeeper] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.storekeeper)]);
    const [found] = await stockedProducts(bo, 1);
    if (!found) throw new Error("no test product");
    product = found;
  });
  afterAll(async () => {
    await bo.close();
  });

  it("shows the customer each step, the credit note, and what may be asked again", async () => {
    const placed = await deliveredOrder(bo, buyer, [[product, 4]], "customer-view");
    const [line] = (await returnable(bo, buyer, placed.ord_id)).lines;
    if (!line) throw new Error("no returnable line");
    const asked = await askReturn(bo, buyer, request(placed.ord_id, [{ position: line.position, qty: 3 }]));
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: product.ref, qty: 2 }] });
    // The unit that never came back is returnable again.
    expect((await returnable(bo, buyer, placed.ord_id)).lines[0]).toMatchObject({ delivered: 4, in_returns: 2, returnable: 2 });
    const done = await stepOk(bo, asked.number, "credit");

    const seen = await returnsCall(bo, buyer, `/${asked.number}`);
    expect(seen.status).toBe(200);
    const detail = returnDetail.parse(seen.body);
    expect(detail).toMatchObject({ status: "avoir émis", restocking_fee_pct: 15, slip_available: true, can_withdraw: false });
    expect(detail.steps.map((step) => [step.kind, step.author])).toEqual([
      ["requested", "Maël Kerjean"],
      ["accepted", "Entrepôt NautiDistrib"],
      ["received", "Entrepôt NautiDistrib"],
      ["credited", "Entrepôt NautiDistrib"],
    ]);
    expect(detail.credit_notes).toEqual(done.credit_notes);
    const invoices = await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}&kind=avoir`);
    expect(invoices.items.map((item) => item.number)).toEqual(done.credit_notes.map((note) => note.number));

    // An account without `orders` (the storekeeper) reads no return.
    expect((await returnsCall(bo, storekeeper, `/${asked.number}`)).status).toBe(403);
  });
});
