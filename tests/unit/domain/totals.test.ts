import { describe, expect, it } from "vitest";
import {
  ECOTAX_LABEL,
  computeTotals,
  invoiceTotals,
  shippingLine,
  shownLineHt,
  shownTotalLines,
  shownTotals,
  withShipping,
} from "@shared/domain";
import { lineEcotaxe, lineTotalHt } from "@shared/domain/pricing";
import { CORSICA, EXEMPT, EXPORT, MAINLAND, SHIPPING_PRODUCTS, cartOf, line, shippingContext } from "./fixtures";

const lightParcel = shippingLine(
  SHIPPING_PRODUCTS.find((entry) => entry.obj_ref === "PORT_EXT-1KG")!,
  1,
);

/** 2 × 12.50 € with 0.15 € ecotax, 1 × 49.90 € promo (net 55.00 €), a 8.90 € parcel line. */
function sampleCart(lddActive: boolean) {
  return cartOf(
    [
      line({ qty: 2, prc_price: 1250, prd_ecotaxe: 15, prd_weight_gross: 300 }),
      line({ qty: 1, prc_price: 5500, prc_promo_price: 4990, prc_promo_name: "Printemps", prd_weight_gross: 1200 }),
      lightParcel,
    ],
    { ldd: { active: lddActive, price: 2000, tva: 0.2 } },
  );
}

describe("computeTotals: worked examples in cents", () => {
  it("plain account, ldd off: ecotax before VAT at 20 %", () => {
    expect(computeTotals(sampleCart(false), MAINLAND)).toEqual({
      productsHt: 7490, // 2 × 1250 + 4990
      shippingHt: 890,
      ht: 8380,
      ecotaxe: 30,
      tva: 1682, // (8380 + 30) × 0.2
      ttc: 10092,
      vatByRate: [{ rate: 20, baseHt: 8410, vat: 1682 }],
      weightGrams: 1800,
    });
  });

  it("plain account, ldd on: the 20 € fee is shipping with its own VAT", () => {
    expect(computeTotals(sampleCart(true), MAINLAND)).toEqual({
      productsHt: 7490,
      shippingHt: 2890,
      ht: 10380,
      ecotaxe: 30,
      tva: 2082, // (8380 + 30) × 0.2 + 2000 × 0.2
      ttc: 12492,
      vatByRate: [{ rate: 20, baseHt: 10410, vat: 2082 }],
      weightGrams: 1800,
    });
  });

  it("ldd fee at another rate", () => {
    const cart = { ...sampleCart(true), ldd: { active: true, price: 2000, tva: 0.1 } };
    expect(computeTotals(cart, MAINLAND)).toMatchObject({
      tva: 1882,
      vatByRate: [
        { rate: 20, baseHt: 8410, vat: 1682 },
        { rate: 10, baseHt: 2000, vat: 200 },
      ],
    });
  });

  it("lists the VAT rates highest first", () => {
    const cart = { ...sampleCart(true), ldd: { active: true, price: 2000, tva: 0.25 } };
    expect(computeTotals(cart, MAINLAND).vatByRate).toEqual([
      { rate: 25, baseHt: 2000, vat: 500 },
      { rate: 20, baseHt: 8410, vat: 1682 },
    ]);
  });

  it("tax-exempt account: no VAT, no ecotax", () => {
    expect(computeTotals(sampleCart(true), EXEMPT)).toMatchObject({ ht: 10380, ecotaxe: 0, tva: 0, ttc: 10380 });
  });

  it("export account: no VAT, no ecotax", () => {
    expect(computeTotals(sampleCart(false), EXPORT)).toMatchObject({ ht: 8380, ecotaxe: 0, tva: 0, ttc: 8380 });
  });

  it("Corsican account: shipping lines from the table, then totals", () => {
    const cart = withShipping(
      cartOf([line({ qty: 2, prc_price: 1250, prd_ecotaxe: 15, prd_weight_gross: 200 })]),
      shippingContext({ account: CORSICA }),
    );
    expect(computeTotals(cart, CORSICA)).toEqual({
      productsHt: 2500,
      shippingHt: 2390, // PORT_EXT-1KG 890 + PORT_SUPP_CORSE 1500
      ht: 4890,
      ecotaxe: 30,
      tva: 984, // (4890 + 30) × 0.2
      ttc: 5904,
      vatByRate: [{ rate: 20, baseHt: 4920, vat: 984 }],
      weightGrams: 400,
    });
  });

  it("discount line: list price less the percentage, VAT rounded once", () => {
    const cart = cartOf([line({ qty: 3, prd_price_selling: 1999, prc_price: 0, prc_discount: 12.5 })]);
    // unit 1749.125 → 1749; 3 × 1749 = 5247; VAT 1049.4 → 1049
    expect(computeTotals(cart, MAINLAND)).toMatchObject({ productsHt: 5247, tva: 1049, ttc: 6296 });
  });

  it("an empty cart totals zero, and a negative ldd price is ignored", () => {
    const cart = cartOf([], { ldd: { active: true, price: -2000, tva: 0.2 } });
    expect(computeTotals(cart, MAINLAND)).toEqual({
      productsHt: 0,
      shippingHt: 0,
      ht: 0,
      ecotaxe: 0,
      tva: 0,
      ttc: 0,
      vatByRate: [],
      weightGrams: 0,
    });
  });
});

describe("the totals every place shows (decision 0161)", () => {
  it("puts the ecotax inside the HT total: products + shipping = HT, HT + VAT = TTC, as the invoice", () => {
    const cart = sampleCart(true);
    const totals = computeTotals(cart, MAINLAND);
    const shown = shownTotals(totals);
    expect(shown).toEqual({ productsHt: 7520, shippingHt: 2890, totalHt: 10410, ecotaxe: 30, tva: 2082, ttc: 12492 });
    expect(shown.productsHt + shown.shippingHt).toBe(shown.totalHt);
    expect(shown.totalHt + shown.tva).toBe(shown.ttc);
    // The product lines as shown add up to the products' total.
    const products = cart.products.filter((entry) => !entry.prd_is_port);
    expect(products.reduce((sum, entry) => sum + (shownLineHt(lineTotalHt(entry), lineEcotaxe(entry)) ?? 0), 0)).toBe(shown.productsHt);
    // The invoice of the same lines (ecotax in the line amounts, one VAT per rate) says the same.
    const invoiced = invoiceTotals([
      ...products.map((entry) => ({
        qty: entry.qty,
        unit_ecotax: entry.prd_ecotaxe,
        line_total_ht: lineTotalHt(entry) + lineEcotaxe(entry),
        vat_rate: 20,
      })),
      { qty: 1, unit_ecotax: 0, line_total_ht: shown.shippingHt, vat_rate: 20 },
    ]);
    expect({ ht: invoiced.total_ht, ecotaxe: invoiced.total_ecotax, tva: invoiced.total_vat, ttc: invoiced.total_ttc }).toEqual({
      ht: shown.totalHt,
      ecotaxe: shown.ecotaxe,
      tva: shown.tva,
      ttc: shown.ttc,
    });
    expect(invoiced.vat.map((entry) => ({ rate: entry.rate, baseHt: entry.base_ht, vat: entry.vat }))).toEqual(totals.vatByRate);
  });

  it("a line's shown total is its net amount with its ecotax, or null when hidden", () => {
    expect(shownLineHt(2500, 30)).toBe(2530);
    expect(shownLineHt(2500, null)).toBe(2500);
    expect(shownLineHt(null, 30)).toBeNull();
  });

  it("names the rows with one wording, and an exempt account's block stops at the HT total", () => {
    const shown = shownTotals(computeTotals(sampleCart(false), MAINLAND));
    expect(shownTotalLines(shown, false).map((entry) => [entry.label, entry.cents])).toEqual([
      ["Produits HT", 7520],
      ["Frais de port HT", 890],
      ["Total HT", 8410],
      [`dont ${ECOTAX_LABEL}`, 30],
      ["TVA", 1682],
      ["Total TTC", 10092],
    ]);
    expect(shownTotalLines(shown, false).map((entry) => entry.key)).toEqual(["products", "shipping", "ht", "ecotaxe", "tva", "ttc"]);
    expect(ECOTAX_LABEL).toBe("éco-participation");
    const exempt = shownTotals(computeTotals(sampleCart(false), EXEMPT));
    expect(shownTotalLines(exempt, true).map((entry) => entry.key)).toEqual(["products", "shipping", "ht"]);
    expect(exempt.totalHt).toBe(8380);
  });
});
