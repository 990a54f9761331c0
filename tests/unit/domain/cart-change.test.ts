import { describe, expect, it } from "vitest";
import type { CartChange } from "@shared/domain";
import { applyCartChange, emptyCart } from "@shared/domain";
import { FRIDAY, product, shippingContext, shippingSummary } from "./fixtures";

describe("applyCartChange", () => {
  it("recalculates the shipping lines after every kind of change", () => {
    const ctx = shippingContext({ today: FRIDAY });
    const steps: [CartChange, string[]][] = [
      [{ type: "add", product: product({ obj_ref: "ab-1", prd_weight_gross: 600 }), qty: 1, lineId: "a" }, ["PORT_EXT-1KG"]],
      [{ type: "setQuantity", lineId: "a", qty: 2 }, ["PORT_EXT+1KG"]],
      [{ type: "options", options: { saturday: true } }, ["PORT_EXT+1KG", "PORT_SAMEDI"]],
      [
        { type: "add", product: product({ obj_ref: "MOT-15CV", prc_price: 150000 }), qty: 1, lineId: "m" },
        ["PORT_EXT-1KG", "PORT_MOTEUR", "PORT_SAMEDI"],
      ],
      [{ type: "certificates", lineId: "m", certificates: [] }, ["PORT_EXT-1KG", "PORT_MOTEUR", "PORT_SAMEDI"]],
      [{ type: "options", options: { lddActive: true } }, ["PORT_DS_AUTRE", "PORT_DS_MOTEUR", "PORT_SAMEDI"]],
      [{ type: "remove", lineId: "a" }, ["PORT_DS_MOTEUR", "PORT_SAMEDI"]],
      [{ type: "clear" }, []],
    ];
    let cart = emptyCart();
    for (const [change, expected] of steps) {
      cart = applyCartChange(cart, change, ctx);
      expect(shippingSummary(cart), change.type).toEqual(expected);
    }
  });
});
