import { describe, expect, it } from "vitest";
import type { ShippingRule } from "@shared/domain";
import { DomainError, dayOfWeek, ruleMatches, shippingFacts, shippingLine, shippingLinesFor, withShipping, zoneOf } from "@shared/domain";
import { CORSICA, EXPORT, FAMILIES, MAINLAND, SHIPPING_PRODUCTS, cartOf, line, shippingContext, shippingSummary } from "./fixtures";

describe("withShipping", () => {
  it("replaces the old shipping lines by the recalculated ones, after the products", () => {
    const stale = shippingLine(
      SHIPPING_PRODUCTS.find((entry) => entry.obj_ref === "PORT_MOTEUR")!,
      4,
    );
    const goods = line({ prd_weight_gross: 2000 });
    const cart = withShipping(cartOf([stale, goods]), shippingContext());
    expect(cart.products.map((entry) => entry.obj_ref)).toEqual([goods.obj_ref, "PORT_EXT+1KG"]);
  });

  it("builds a deterministic line priced from the shipping products list", () => {
    const [heavy] = shippingLinesFor(cartOf([line({ prd_weight_gross: 2000 })]), shippingContext());
    expect(heavy).toEqual({
      obj_id: SHIPPING_PRODUCTS.find((entry) => entry.obj_ref === "PORT_EXT+1KG")!.obj_id,
      obj_ref: "PORT_EXT+1KG",
      obj_title: "Frais de port PORT_EXT+1KG",
      obj_name: "Frais de port PORT_EXT+1KG",
      qty: 1,
      line_id: "port-PORT_EXT+1KG",
      prd_is_port: true,
      prd_price_selling: 1490,
      prc_price: 1490,
      prc_promo_price: null,
      prc_promo_name: null,
      prc_discount: 0,
      prd_ecotaxe: 0,
      prd_weight_gross: 0,
      prd_weight_net: 0,
      prd_sto_disp: 0,
      prd_refill_date: null,
      prd_refill_qte: null,
      certificates: [],
      obj_properties: {},
    });
  });

  it("is idempotent and does not mutate its input", () => {
    const cart = cartOf([line()]);
    const snapshot = structuredClone(cart);
    const once = withShipping(cart, shippingContext());
    expect(withShipping(once, shippingContext())).toEqual(once);
    expect(cart).toEqual(snapshot);
  });

  it("refuses loudly when a needed shipping product is missing from the list", () => {
    const ctx = shippingContext({ shippingProducts: SHIPPING_PRODUCTS.filter((entry) => entry.obj_ref !== "PORT_EXT-1KG") });
    expect(() => withShipping(cartOf([line()]), ctx)).toThrow(
      expect.objectContaining({ code: "shipping_product_missing", message: "Frais de port introuvables : PORT_EXT-1KG." }),
    );
    expect(shippingSummary(withShipping(cartOf([]), ctx))).toEqual([]);
  });

  it("recognises families whatever the case of the line's reference", () => {
    expect(shippingSummary(withShipping(cartOf([line({ obj_ref: "mot-15cv" })]), shippingContext()))).toEqual(["PORT_MOTEUR"]);
  });
});

describe("shipping facts", () => {
  it("gives motors precedence over antennas when a reference is in both lists", () => {
    const families = { ...FAMILIES, motors: new Set(["COMBO"]), antennas: new Set(["COMBO"]) };
    const facts = shippingFacts(cartOf([line({ obj_ref: "COMBO", qty: 2 })]), shippingContext({ families }));
    expect(facts.units).toEqual({ motor: 2, antenna: 0, parcel: 0, tag: 0, hazard: 0 });
  });

  it("counts neither shipping lines nor zero quantities", () => {
    const port = shippingLine(SHIPPING_PRODUCTS[0]!, 1);
    const facts = shippingFacts(
      cartOf([port, line({ qty: 0 }), line({ qty: 2, prc_price: 700, prd_weight_gross: 300 })]),
      shippingContext(),
    );
    expect(facts).toMatchObject({ subtotalHt: 1400, parcelWeightGrams: 600, units: { parcel: 2 } });
  });

  it("weighs the parcels only: a motor or an antenna ships apart", () => {
    const cart = cartOf([
      line({ prd_weight_gross: 300 }),
      line({ obj_ref: "MOT-15CV", prd_weight_gross: 40_000 }),
      line({ obj_ref: "ANT-VHF", prd_weight_gross: 2_000 }),
    ]);
    expect(shippingFacts(cart, shippingContext()).parcelWeightGrams).toBe(300);
  });

  it("places accounts in zones", () => {
    expect(zoneOf(MAINLAND)).toBe("mainland");
    expect(zoneOf(CORSICA)).toBe("corsica");
    expect(zoneOf(EXPORT)).toBe("export");
    expect(zoneOf({ ...MAINLAND, catCompta: "Ventes export" })).toBe("export");
    expect(zoneOf({ ...MAINLAND, country: " fr " })).toBe("mainland");
  });

  it("refuses an invalid date, even without the Saturday option", () => {
    for (const today of ["2026-02-30", "20-11-2026", ""]) {
      expect(() => shippingFacts(cartOf([]), shippingContext({ today }))).toThrow(DomainError);
    }
  });
});

describe("dayOfWeek", () => {
  it("knows the days without a clock", () => {
    expect(dayOfWeek("2026-11-20")).toBe(5);
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(dayOfWeek("2024-02-29")).toBe(4);
  });

  it("refuses what is not a calendar day, with the invalid_date code", () => {
    for (const refused of ["2026-02-30", "12/03/2026", "2026-3-12"]) {
      expect(() => dayOfWeek(refused), refused).toThrow(
        expect.objectContaining({ code: "invalid_date", message: `Date invalide : « ${refused} » (format attendu AAAA-MM-JJ).` }),
      );
    }
  });
});

describe("ruleMatches", () => {
  const facts = shippingFacts(cartOf([line({ prc_price: 3000 })]), shippingContext());
  const base: ShippingRule = {
    id: "T",
    ref: "PORT_FRANCO",
    reason: "règle de test",
    zones: ["mainland"],
    requiresAny: ["parcel"],
    quantity: "one",
  };

  it("treats an absent criterion as no constraint", () => {
    expect(ruleMatches(base, facts)).toBe(true);
  });

  it.each<[string, Partial<ShippingRule>, boolean]>([
    ["delivery", { delivery: "direct" }, false],
    ["zone", { zones: ["corsica"] }, false],
    ["family", { requiresAny: ["motor", "antenna"] }, false],
    ["free shipping", { freeShipping: true }, false],
    ["subtotal at least (equal)", { subtotalAtLeast: 3000 }, true],
    ["subtotal below (equal)", { subtotalBelow: 3000 }, false],
    ["weight at most", { parcelWeightAtMost: 99 }, false],
    ["weight above", { parcelWeightAbove: 100 }, false],
    ["saturday", { saturdayOnFriday: true }, false],
  ])("checks the %s criterion", (_name, criterion, expected) => {
    expect(ruleMatches({ ...base, ...criterion }, facts)).toBe(expected);
  });
});
