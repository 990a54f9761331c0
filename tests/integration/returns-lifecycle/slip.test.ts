import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { loadSeller } from "../../../server/backoffice/documents/parties";
import { loadReturnSlip } from "../../../server/backoffice/returns/slip/data";
import { renderReturnSlipPdf } from "../../../server/backoffice/returns/slip/pdf";
import { LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { askReturn, deliveredOrder, stepOk } from "./fixtures";

/**
 * The return slip (decision 0207): drawn on demand from the return, its order and the
 * distributor's settings; its text (extracted as a reader would) carries the number, the
 * customer, the order and its delivery date, the lines, where to send the parcel, the
 * instructions and the acceptance's date. None before the acceptance, none after a refusal.
 */

const fold = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, " ").trim();

async function textOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return fold(text);
}

describe("the return slip", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    buyer = await login(bo, LOGINS.buyer);
    products = await stockedProducts(bo, 2);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("prints the number, the customer, the order, the lines, the address to ship to and the instructions", async () => {
    const [first, second] = products as [{ id: number; ref: string }, { id: number; ref: string }];
    const placed = await deliveredOrder(
      bo,
      buyer,
      [
        [first, 2],
        [second, 3],
      ],
      "slip-text",
    );
    await bo.db
      .updateTable("order_lines")
      .set({ customer_code: "VA-ANODE-25" })
      .where("order_id", "=", placed.ord_id)
      .where("ref", "=", first.ref)
      .execute();
    const asked = await askReturn(bo.db, placed.ord_id, [
      [first, 1],
      [second, 3],
    ]);
    expect(await loadReturnSlip(bo.db, asked.id)).toBeUndefined();
    await bo.db
      .updateTable("return_settings")
      .set({
        address: JSON.stringify({
          name: "NautiDistrib — service retours",
          street: "4 rue du Port",
          street2: "Quai B",
          zipcode: "56100",
          city: "Lorient",
          country: "FR",
        }),
        instructions: "Réception du lundi au vendredi, 8 h – 17 h.\nUn colis par retour.",
      })
      .where("id", "=", 1)
      .execute();
    await stepOk(bo, asked.number, "accept");

    const doc = await loadReturnSlip(bo.db, asked.id);
    if (!doc) throw new Error("no slip");
    const pdf = await renderReturnSlipPdf(doc);
    const text = await textOf(pdf);
    expect(text).toContain(`Bon de retour ${asked.number}`);
    expect(text).toContain("Retour accepté le 20/11/2026");
    expect(text).toContain("Motif : Erreur de commande");
    expect(text).toContain("Règlement souhaité : Avoir");
    expect(text).toContain("Adresse de retour NautiDistrib — service retours 4 rue du Port Quai B 56100 Lorient");
    expect(text).toContain("Client Voilerie Atlantique");
    expect(text).toContain("Code client : C0001");
    expect(text).toContain(`Commande N° ${placed.ord_ref} — livrée le 20/11/2026`);
    expect(text).toContain(`Indiquez le numéro ${asked.number} sur le colis`);
    expect(text).toContain("Référence Votre code Désignation Qté retournée");
    for (const line of doc.lines) expect(text).toContain(`${line.obj_ref} ${line.customer_code ?? "—"} ${fold(line.title)} ${line.qty}`);
    expect(doc.lines.map((line) => [line.obj_ref, line.customer_code, line.qty])).toEqual([
      [first.ref, "VA-ANODE-25", 1],
      [second.ref, null, 3],
    ]);
    expect(text).toContain("Réception du lundi au vendredi, 8 h – 17 h. Un colis par retour.");
    expect(text).toContain(`Bon de retour ${asked.number} — `);
    expect(text).toContain("Page 1 / 1");
    // Drawn again from the same rows: the same bytes.
    expect(Buffer.compare(Buffer.from(await renderReturnSlipPdf(doc)), Buffer.from(pdf))).toBe(0);
  });

  it("sends parcels to the seller's head office without a return address, and has none once refused", async () => {
    const [first] = products as [{ id: number; ref: string }];
    await bo.db.updateTable("return_settings").set({ address: null, instructions: "" }).where("id", "=", 1).execute();
    const placed = await deliveredOrder(bo, buyer, [[first, 2]], "slip-head-office");
    const asked = await askReturn(bo.db, placed.ord_id, [[first, 2]]);
    await stepOk(bo, asked.number, "accept");
    const seller = await loadSeller(bo.db);
    const doc = await loadReturnSlip(bo.db, asked.id);
    expect(doc?.return_to).toEqual(seller.address);
    const text = await textOf(await renderReturnSlipPdf(doc ?? (undefined as never)));
    expect(text).toContain(
      `Adresse de retour ${seller.address.name} ${seller.address.street} ${seller.address.zipcode} ${seller.address.city}`,
    );

    // Received, credited: still printable; refused after the acceptance: gone.
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: first.ref, qty: 2 }] });
    expect(await loadReturnSlip(bo.db, asked.id)).toBeDefined();
    const refused = await askReturn(bo.db, placed.ord_id, [[first, 1]]);
    await stepOk(bo, refused.number, "accept");
    await stepOk(bo, refused.number, "refuse", { reason: "Colis jamais arrivé." });
    expect(await loadReturnSlip(bo.db, refused.id)).toBeUndefined();
  });
});
