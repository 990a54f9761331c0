import { describe, expect, it } from "vitest";
import { DomainError, emptyCart, leanCart, normalizeCart, readStoredCart, withUniqueLineIds } from "@shared/domain";
import { cartOf, line } from "./fixtures";

describe("normalizeCart", () => {
  it("gives an empty input the empty cart", () => {
    expect(normalizeCart({})).toEqual(emptyCart());
    expect(normalizeCart({ ldd: null, products: null, comments: null })).toEqual(emptyCart());
  });

  it("fills the ldd defaults field by field", () => {
    expect(normalizeCart({ ldd: { active: true } }).ldd).toEqual({ active: true, price: 2000, tva: 0.2 });
    expect(normalizeCart({ ldd: { price: 2500, tva: 0.1 } }).ldd).toEqual({ active: false, price: 2500, tva: 0.1 });
  });

  it("gives a line its defaults and a normalized reference", () => {
    const [normalized] = normalizeCart({ products: [{ obj_id: 7, obj_ref: " ab-1 ", prc_promo_name: "" }] }).products;
    expect(normalized).toMatchObject({
      obj_ref: "AB-1",
      qty: 1,
      line_id: "line-1",
      prd_is_port: false,
      prc_promo_price: null,
      prc_promo_name: null,
      certificates: [],
      obj_properties: {},
    });
  });

  it("keeps a valid cart as it is and drops unknown fields", () => {
    const cart = cartOf([line({ prc_promo_price: 900, prc_promo_name: "Promo", prd_refill_date: "2026-12-01", prd_refill_qte: 5 })], {
      ref: "R",
    });
    expect(normalizeCart({ ...cart, legacy: true })).toEqual(cart);
  });

  it("generates unique ids for missing and repeated line ids", () => {
    const products = [
      { obj_id: 1, obj_ref: "A", line_id: "line-1" },
      { obj_id: 2, obj_ref: "B", line_id: "line-1" },
      { obj_id: 3, obj_ref: "C" },
      { obj_id: 4, obj_ref: "D", line_id: "line-2" },
    ];
    expect(normalizeCart({ products }).products.map((entry) => entry.line_id)).toEqual(["line-1", "line-3", "line-4", "line-2"]);
  });

  it("throws a DomainError listing the issues on an invalid shape", () => {
    const attempt = () => normalizeCart({ products: [{ obj_ref: 12 }] });
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(
      expect.objectContaining({
        code: "invalid_cart",
        issues: expect.arrayContaining([expect.objectContaining({ path: "products.0.obj_id" })]),
      }),
    );
    expect(() => normalizeCart("panier")).toThrow(
      expect.objectContaining({ code: "invalid_cart", message: "Le panier reçu est invalide." }),
    );
  });

  it("refuses what the strict cart schema refuses after the defaults", () => {
    expect(() => normalizeCart({ ref: "x".repeat(61) })).toThrow(expect.objectContaining({ code: "invalid_cart" }));
    expect(() => normalizeCart({ products: [{ obj_id: 1, obj_ref: "  " }] })).toThrow(expect.objectContaining({ code: "invalid_cart" }));
  });
});

describe("withUniqueLineIds", () => {
  it("returns a cart whose line ids are unique as it is", () => {
    const cart = cartOf([line({ obj_id: 1, line_id: "a" }), line({ obj_id: 2, line_id: "b" })]);
    expect(withUniqueLineIds(cart)).toBe(cart);
  });

  it("gives a repeated line id a fresh one and keeps the rest of the line", () => {
    const cart = cartOf([line({ obj_id: 1, line_id: "a", qty: 3 }), line({ obj_id: 2, line_id: "a", qty: 4 })]);
    const repaired = withUniqueLineIds(cart);
    expect(repaired.products.map((entry) => [entry.obj_id, entry.line_id, entry.qty])).toEqual([
      [1, "a", 3],
      [2, "line-1", 4],
    ]);
  });
});

describe("readStoredCart", () => {
  it("reads a whole cart stored by an earlier version as what the user chose", () => {
    const cart = cartOf([line({ obj_id: 1, obj_ref: "REF1", obj_title: "Antenne", line_id: "a", qty: 2 })], { ref: "R" });
    const read = readStoredCart(JSON.parse(JSON.stringify(cart)));
    expect(read.products).toEqual([
      { obj_id: 1, obj_ref: "REF1", obj_title: "Antenne", obj_name: "produit", qty: 2, line_id: "a", certificates: [], prd_is_port: false },
    ]);
    expect(read).toMatchObject({ ref: "R", ldd: cart.ldd });
  });

  it("repairs an older save like normalizeCart does", () => {
    const legacy = { products: [{ obj_id: 7, obj_ref: " ab-1 " }] };
    expect(readStoredCart(legacy)).toEqual(normalizeCart(legacy));
  });

  it("reads the lean form that is stored, with its repeated line ids repaired", () => {
    const stored = leanCart(
      cartOf([line({ obj_id: 1, obj_ref: "REF1", line_id: "a" }), line({ obj_id: 2, obj_ref: "REF2", line_id: "a" })]),
    );
    expect(readStoredCart(JSON.parse(JSON.stringify(stored))).products).toEqual([
      { obj_id: 1, obj_ref: "REF1", qty: 1, line_id: "a", certificates: [] },
      { obj_id: 2, obj_ref: "REF2", qty: 1, line_id: "line-1", certificates: [] },
    ]);
  });
});

describe("leanCart", () => {
  it("keeps each product line's identity, quantity and certificates, and the cart's own fields", () => {
    const certificate = { cer_id: "c1", mmsi: "227123456", file_name: "navire.pdf" };
    const shipping = line({ obj_id: 9, line_id: "port", prd_is_port: true });
    const cart = {
      ...cartOf([line({ obj_id: 1, obj_ref: "REF1", line_id: "a", qty: 3, certificates: [certificate] }), shipping]),
      ref: "CHANTIER",
      saturday: true,
    };
    const lean = leanCart(cart);
    expect(lean.products).toEqual([{ obj_id: 1, obj_ref: "REF1", qty: 3, line_id: "a", certificates: [certificate] }]);
    expect(lean).toMatchObject({ ref: "CHANTIER", saturday: true, ldd: cart.ldd, dlv_address: null });
  });
});
