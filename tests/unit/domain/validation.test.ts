import { describe, expect, it } from "vitest";
import { shippingLine, validateOrder } from "@shared/domain";
import { MAINLAND, SHIPPING_PRODUCTS, cartOf, line } from "./fixtures";

const certificate = (mmsi: string) => ({ cer_id: `cer-${mmsi}`, mmsi, file_name: `${mmsi}.pdf` });
const mmsiLine = (qty: number, mmsis: string[]) =>
  line({ obj_ref: "BAL-AIS", line_id: "beacons", qty, obj_properties: { "Produit MMSI": true }, certificates: mmsis.map(certificate) });
const integrator = { ...MAINLAND, integrator: true };

describe("validateOrder", () => {
  it("accepts an ordinary cart", () => {
    expect(validateOrder(cartOf([line()]), { account: MAINLAND, canOrder: true })).toEqual([]);
  });

  it("returns every problem at once, in French", () => {
    const cart = cartOf([line({ qty: 0 }), shippingLine(SHIPPING_PRODUCTS[0]!, 1)]);
    expect(validateOrder(cart, { account: MAINLAND, canOrder: false })).toEqual([
      { code: "forbidden", message: "Vous n'êtes pas autorisé à passer commande." },
      { code: "empty_cart", message: "Votre panier ne contient aucun produit à commander." },
    ]);
  });

  it("asks as many MMSI certificates as units", () => {
    const problems = validateOrder(cartOf([mmsiLine(3, ["227000001"])]), { account: MAINLAND, canOrder: true });
    expect(problems).toEqual([
      { code: "mmsi_certificates", message: "BAL-AIS : 3 certificats MMSI attendus, 1 joint.", lineId: "beacons" },
    ]);
    expect(validateOrder(cartOf([mmsiLine(2, ["227000001", "227000002"])]), { account: MAINLAND, canOrder: true })).toEqual([]);
    const single = validateOrder(cartOf([mmsiLine(1, ["227000001", "227000002"])]), { account: MAINLAND, canOrder: true });
    expect(single[0]?.message).toBe("BAL-AIS : 1 certificat MMSI attendu, 2 joints.");
  });

  it("refuses the same MMSI number twice on a line", () => {
    const problems = validateOrder(cartOf([mmsiLine(2, ["227000001", "227000001"])]), { account: MAINLAND, canOrder: true });
    expect(problems).toEqual([
      { code: "mmsi_duplicate", message: "BAL-AIS : un même numéro MMSI est joint plusieurs fois.", lineId: "beacons" },
    ]);
  });

  it("refuses a product discontinued since it was put in the cart, naming its line", () => {
    const cart = cartOf([line({ obj_ref: "GAG00012", line_id: "gone", prd_discontinued: true }), line({ prd_discontinued: false })]);
    expect(validateOrder(cart, { account: MAINLAND, canOrder: true })).toEqual([
      { code: "discontinued", message: "GAG00012 n'est plus commercialisé : retirez-le du panier.", lineId: "gone" },
    ]);
  });

  it("does not check certificates for tag integrators", () => {
    expect(validateOrder(cartOf([mmsiLine(3, [])]), { account: integrator, canOrder: true })).toEqual([]);
  });

  it("ignores MMSI lines at quantity 0 and products without the flag", () => {
    const cart = cartOf([mmsiLine(0, []), line({ qty: 2, obj_properties: { "Produit MMSI": false } })]);
    expect(validateOrder(cart, { account: MAINLAND, canOrder: true })).toEqual([]);
  });
});
