import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cart, CartLine } from "@shared/contracts/entities";
import { addProduct, applyCartChange, computeTotals, isDomainError, lineUnitPrice, shippingLine, withShipping } from "@shared/domain";
import { CORSICA, EXEMPT, EXPORT, MAINLAND, SHIPPING_PRODUCTS, cartOf, line, product, shippingContext } from "./fixtures";

const refs = ["A-1", "A-2", "A-3", "MOT-15CV", "ANT-VHF", "BAL-AIS", "FUS-DETRESSE", "B-9"];

const lineArbitrary = fc.record({
  obj_ref: fc.constantFrom(...refs),
  qty: fc.integer({ min: 0, max: 50 }),
  prd_price_selling: fc.integer({ min: 0, max: 500_000 }),
  prc_price: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
  prc_promo_price: fc.option(fc.integer({ min: 0, max: 500_000 })),
  prc_discount: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 0, max: 100 })),
  prd_ecotaxe: fc.integer({ min: 0, max: 2_000 }),
  prd_weight_gross: fc.integer({ min: 0, max: 40_000 }),
});

/** Carts with distinct references, as the cart operations keep them. */
const cartArbitrary = fc
  .record({
    lines: fc.uniqueArray(lineArbitrary, { selector: (entry) => entry.obj_ref, maxLength: refs.length }),
    lddActive: fc.boolean(),
    saturday: fc.boolean(),
  })
  .map(({ lines, lddActive, saturday }): Cart =>
    cartOf(
      lines.map((overrides) => line(overrides)),
      { saturday, ldd: { active: lddActive, price: 2000, tva: 0.2 } },
    ),
  );

/** The cart, or the DomainError code when the operation is refused. */
function outcome(operation: () => Cart): Cart | string {
  try {
    return operation();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

const contextArbitrary = fc
  .record({
    account: fc.constantFrom(MAINLAND, CORSICA, EXEMPT, EXPORT),
    freeShippingEligible: fc.boolean(),
    today: fc.constantFrom("2026-11-16", "2026-11-19", "2026-11-20", "2026-11-21"),
  })
  .map((overrides) => shippingContext(overrides));

describe("domain properties", () => {
  it("totals are never negative and TTC is never below HT", () => {
    fc.assert(
      fc.property(cartArbitrary, contextArbitrary, (cart, ctx) => {
        const totals = computeTotals(withShipping(cart, ctx), ctx.account);
        const { vatByRate, ...amounts } = totals;
        for (const value of Object.values(amounts)) expect(value).toBeGreaterThanOrEqual(0);
        for (const entry of vatByRate) expect(entry.vat).toBeGreaterThanOrEqual(0);
        expect(totals.ttc).toBeGreaterThanOrEqual(totals.ht);
      }),
    );
  });

  it("adding then removing a line restores the totals", () => {
    fc.assert(
      fc.property(cartArbitrary, contextArbitrary, lineArbitrary, fc.integer({ min: 1, max: 99 }), (cart, ctx, extra, qty) => {
        const before = withShipping(cart, ctx);
        const added = applyCartChange(
          before,
          { type: "add", product: product({ ...extra, obj_ref: "NEW-REF" }), qty, lineId: "new-line" },
          ctx,
        );
        const after = applyCartChange(added, { type: "remove", lineId: "new-line" }, ctx);
        expect(computeTotals(after, ctx.account)).toEqual(computeTotals(before, ctx.account));
        expect(after.products).toEqual(before.products);
      }),
    );
  });

  it("shipping lines never count toward the subtotal, nor change the shipping they are based on", () => {
    fc.assert(
      fc.property(cartArbitrary, contextArbitrary, fc.subarray(SHIPPING_PRODUCTS), (cart, ctx, stale) => {
        const withStale = { ...cart, products: [...cart.products, ...stale.map((entry) => shippingLine(entry, 3))] };
        const shipped = withShipping(withStale, ctx);
        expect(computeTotals(shipped, ctx.account).productsHt).toBe(computeTotals(cart, ctx.account).productsHt);
        expect(shipped).toEqual(withShipping(cart, ctx));
        expect(withShipping(shipped, ctx)).toEqual(shipped);
        const shippingRefs = shipped.products.filter((entry) => entry.prd_is_port).map((entry) => entry.obj_ref);
        expect(new Set(shippingRefs).size).toBe(shippingRefs.length);
      }),
    );
  });

  it("adding the same reference twice equals adding the summed quantity once", () => {
    fc.assert(
      fc.property(
        cartArbitrary,
        lineArbitrary,
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 4999 }),
        (cart, extra, first, second) => {
          const added = product(extra);
          const twice = outcome(() => addProduct(addProduct(cart, added, first, "x1"), added, second, "x2"));
          const once = outcome(() => addProduct(cart, added, first + second, "x1"));
          // Above the maximum both refuse with the same code; otherwise both give the same cart.
          expect(twice).toEqual(once);
          if (typeof once !== "string") expect(once.products.filter((entry) => entry.obj_ref === added.obj_ref)).toHaveLength(1);
        },
      ),
    );
  });

  it("VAT rounding never drifts by more than half a cent, whatever the number of lines", () => {
    const manyLines = fc.array(lineArbitrary, { maxLength: 300 }).map((lines) => cartOf(lines.map((overrides) => line(overrides))));
    fc.assert(
      fc.property(manyLines, fc.boolean(), (cart, lddActive) => {
        const priced: Cart = { ...cart, ldd: { active: lddActive, price: 2000, tva: 0.2 } };
        const totals = computeTotals(priced, MAINLAND);
        const exactBase = priced.products.reduce(
          (sum: number, entry: CartLine) => sum + entry.qty * (lineUnitPrice(entry) + entry.prd_ecotaxe),
          0,
        );
        const exactTtc = (exactBase + (lddActive ? 2000 : 0)) * 1.2;
        expect(Math.abs(totals.ttc - exactTtc)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});
