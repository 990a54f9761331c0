import { describe, expect, it } from "vitest";
import {
  DEFAULT_LDD,
  MAX_LINE_QTY,
  addProduct,
  clearCart,
  promotionNameInReference,
  emptyCart,
  removeLine,
  setCertificates,
  setOptions,
  setQuantity,
  shippingLine,
} from "@shared/domain";
import { SHIPPING_PRODUCTS, cartOf, line, product } from "./fixtures";

const certificate = (mmsi: string) => ({ cer_id: `cer-${mmsi}`, mmsi, file_name: `${mmsi}.pdf` });
const portLine = shippingLine(SHIPPING_PRODUCTS[0]!, 1);

describe("emptyCart", () => {
  it("has the defaults of the spec: ldd 20 € at 20 %, off", () => {
    expect(emptyCart()).toEqual({
      ref: "",
      ldd: { active: false, price: 2000, tva: 0.2 },
      saturday: false,
      code: "",
      products: [],
      comments: "",
      notes: "",
      partialDelivery: false,
      dlv_address: null,
      inv_address: null,
    });
    expect(emptyCart().ldd).not.toBe(DEFAULT_LDD);
  });
});

describe("addProduct", () => {
  it("puts a new line at the front with the given id, the reference normalized", () => {
    const first = line();
    const cart = addProduct(cartOf([first]), product({ obj_ref: " ab-12 " }), 3, "new-id");
    expect(cart.products.map((entry) => [entry.obj_ref, entry.qty, entry.line_id])).toEqual([
      ["AB-12", 3, "new-id"],
      [first.obj_ref, 1, first.line_id],
    ]);
    expect(cart.products[0]!.certificates).toEqual([]);
  });

  it("adds to the quantity of an existing reference, keeping its line and certificates, with fresh data", () => {
    const existing = line({ obj_ref: "AB-12", qty: 2, prc_price: 1000, certificates: [certificate("227000001")] });
    const cart = addProduct(cartOf([line(), existing]), product({ obj_ref: "ab-12", prc_price: 900 }), 3, "unused");
    const merged = cart.products[1]!;
    expect(merged).toMatchObject({ line_id: existing.line_id, qty: 5, prc_price: 900, obj_ref: "AB-12" });
    expect(merged.certificates).toHaveLength(1);
  });

  it("pre-fills an empty cart reference from the promo name, never overwrites one", () => {
    const promo = product({ prc_promo_name: "  Salon nautique 2026 " });
    expect(addProduct(emptyCart(), promo, 1, "a").ref).toBe("Salon nautique 2026");
    expect(addProduct(cartOf([], { ref: "Chantier Dupont" }), promo, 1, "a").ref).toBe("Chantier Dupont");
    expect(addProduct(emptyCart(), product({ prc_promo_name: "x".repeat(80) }), 1, "a").ref).toHaveLength(60);
    expect(addProduct(emptyCart(), product(), 1, "a").ref).toBe("");
    // A reference of blanks is an empty one.
    expect(addProduct(cartOf([], { ref: "  " }), promo, 1, "a").ref).toBe("Salon nautique 2026");
  });

  it("copies only the line's fields from a wider product object, its picture included", () => {
    const wide = { ...product(), brand: "Plastimo", image: "x.jpg" };
    const added = addProduct(emptyCart(), wide, 1, "a").products[0]!;
    expect(Object.keys(added)).not.toContain("brand");
    expect(added.image).toBe("x.jpg");
    expect(addProduct(emptyCart(), product(), 1, "a").products[0]!.image).toBeNull();
  });

  it.each([
    ["a shipping reference", product({ obj_ref: " port_franco " }), 1, "shipping_reference"],
    ["a shipping product", product({ prd_is_port: true }), 1, "shipping_reference"],
    ["a zero quantity", product(), 0, "invalid_quantity"],
    ["a fractional quantity", product(), 1.5, "invalid_quantity"],
    ["a quantity above the maximum", product(), MAX_LINE_QTY + 1, "quantity_too_large"],
  ])("refuses %s", (_name, refused, qty, code) => {
    expect(() => addProduct(emptyCart(), refused, qty, "a")).toThrow(expect.objectContaining({ code }));
  });

  it("takes the largest quantity of a line, alone or as a sum", () => {
    expect(addProduct(emptyCart(), product(), MAX_LINE_QTY, "a").products[0]!.qty).toBe(MAX_LINE_QTY);
    const existing = line({ obj_ref: "AB-12", qty: MAX_LINE_QTY - 1 });
    expect(addProduct(cartOf([existing]), product({ obj_ref: "AB-12" }), 1, "a").products[0]!.qty).toBe(MAX_LINE_QTY);
  });

  it("refuses a sum above the maximum, and an empty or used line id", () => {
    const existing = line({ obj_ref: "AB-12", qty: MAX_LINE_QTY });
    expect(() => addProduct(cartOf([existing]), product({ obj_ref: "AB-12" }), 1, "a")).toThrow(
      expect.objectContaining({ code: "quantity_too_large" }),
    );
    expect(() => addProduct(emptyCart(), product(), 1, " ")).toThrow(expect.objectContaining({ code: "invalid_line_id" }));
    expect(() => addProduct(cartOf([line({ line_id: "taken" })]), product(), 1, "taken")).toThrow(
      expect.objectContaining({ code: "invalid_line_id" }),
    );
  });
});

describe("setQuantity and removeLine", () => {
  it("changes a quantity and drops the certificates beyond it", () => {
    const mmsi = line({ qty: 3, certificates: [certificate("227000001"), certificate("227000002")] });
    const cart = setQuantity(cartOf([mmsi]), mmsi.line_id, 1);
    expect(cart.products[0]).toMatchObject({ qty: 1, certificates: [certificate("227000001")] });
  });

  it("changes the quantity of that line only", () => {
    const other = line({ qty: 2 });
    const changed = line({ qty: 3 });
    const cart = setQuantity(cartOf([other, changed]), changed.line_id, 7);
    expect(cart.products).toEqual([other, { ...changed, qty: 7 }]);
  });

  it("removes the line at quantity 0", () => {
    const kept = line();
    const removed = line();
    expect(setQuantity(cartOf([kept, removed]), removed.line_id, 0).products).toEqual([kept]);
  });

  it("refuses an unknown line, a shipping line and an invalid quantity", () => {
    const entry = line();
    expect(() => setQuantity(cartOf([entry]), "nope", 2)).toThrow(expect.objectContaining({ code: "line_not_found" }));
    expect(() => setQuantity(cartOf([portLine]), portLine.line_id, 2)).toThrow(expect.objectContaining({ code: "shipping_line_locked" }));
    expect(() => setQuantity(cartOf([entry]), entry.line_id, -1)).toThrow(expect.objectContaining({ code: "invalid_quantity" }));
  });

  it("removes a line; a line already gone is not an error; a shipping line is refused", () => {
    const entry = line();
    expect(removeLine(cartOf([entry]), entry.line_id).products).toEqual([]);
    const cart = cartOf([entry]);
    expect(removeLine(cart, "gone")).toBe(cart);
    expect(() => removeLine(cartOf([portLine]), portLine.line_id)).toThrow(expect.objectContaining({ code: "shipping_line_locked" }));
  });
});

describe("clearCart, setOptions, setCertificates", () => {
  it("clears the lines and keeps the rest", () => {
    const cart = clearCart(cartOf([line(), portLine], { ref: "Chantier", saturday: true }));
    expect(cart).toMatchObject({ products: [], ref: "Chantier", saturday: true });
  });

  it("sets only the options given", () => {
    const cart = setOptions(emptyCart(), { saturday: true });
    expect(cart).toMatchObject({ saturday: true, ldd: { active: false, price: 2000 } });
    expect(setOptions(cart, { lddActive: true })).toMatchObject({ saturday: true, ldd: { active: true, price: 2000, tva: 0.2 } });
  });

  it("attaches certificates, never more than the quantity", () => {
    const entry = line({ qty: 2 });
    const certificates = [certificate("227000001"), certificate("227000002")];
    expect(setCertificates(cartOf([entry]), entry.line_id, certificates).products[0]!.certificates).toEqual(certificates);
    expect(() => setCertificates(cartOf([entry]), entry.line_id, [...certificates, certificate("227000003")])).toThrow(
      expect.objectContaining({ code: "too_many_certificates" }),
    );
  });

  it("attaches certificates to that line only", () => {
    const other = line({ qty: 2 });
    const target = line({ qty: 2 });
    const cart = setCertificates(cartOf([other, target]), target.line_id, [certificate("227000001")]);
    expect(cart.products).toEqual([other, { ...target, certificates: [certificate("227000001")] }]);
  });

  it("never mutates the cart it is given", () => {
    const entry = line({ qty: 2 });
    const cart = cartOf([entry]);
    const snapshot = structuredClone(cart);
    addProduct(cart, product({ obj_ref: entry.obj_ref }), 1, "x");
    setQuantity(cart, entry.line_id, 5);
    setOptions(cart, { saturday: true, lddActive: true });
    setCertificates(cart, entry.line_id, [certificate("227000001")]);
    expect(cart).toEqual(snapshot);
  });
});

describe("promotionNameInReference", () => {
  it("names the promotion whose name the reference holds, cut as addProduct cuts it", () => {
    const long = `Grande opération de printemps sur tout l'accastillage ${"x".repeat(20)}`;
    expect(promotionNameInReference("Promo printemps", [null, " Promo printemps "])).toBe("Promo printemps");
    expect(promotionNameInReference(long.slice(0, 60), [long])).toBe(long);
  });

  it("is null for the buyer's own reference, an empty one, or a cart without promotions", () => {
    expect(promotionNameInReference("Chantier Brest", ["Promo printemps"])).toBeNull();
    expect(promotionNameInReference("  ", ["Promo printemps"])).toBeNull();
    expect(promotionNameInReference("", ["  "])).toBeNull();
    expect(promotionNameInReference(" Promo printemps ", ["Promo printemps"])).toBe("Promo printemps");
    expect(promotionNameInReference("Promo printemps", [null, undefined])).toBeNull();
  });
});

describe("the cart's refusals", () => {
  it("tell the buyer why, in French", () => {
    const entry = line({ obj_ref: "AB-12", qty: 1 });
    const refusals: [() => unknown, string][] = [
      [() => addProduct(emptyCart(), product(), 0, "a"), "La quantité doit être un nombre entier supérieur à zéro."],
      [() => addProduct(emptyCart(), product(), MAX_LINE_QTY + 1, "a"), `La quantité ne peut pas dépasser ${MAX_LINE_QTY}.`],
      [
        () => addProduct(emptyCart(), product({ obj_ref: "port_franco" }), 1, "a"),
        "La référence PORT_FRANCO est un frais de port : elle ne peut pas être ajoutée.",
      ],
      [() => addProduct(emptyCart(), product(), 1, " "), "Identifiant de ligne invalide ou déjà utilisé."],
      [() => setQuantity(cartOf([entry]), "gone", 2), "Cette ligne n'est plus dans le panier."],
      [() => setQuantity(cartOf([portLine]), portLine.line_id, 2), "Les frais de port sont calculés automatiquement."],
      [
        () => setCertificates(cartOf([entry]), entry.line_id, [certificate("227000001"), certificate("227000002")]),
        "Au plus 1 certificat pour cette ligne.",
      ],
      [
        () => setCertificates(cartOf([{ ...entry, qty: 2 }]), entry.line_id, [certificate("1"), certificate("2"), certificate("3")]),
        "Au plus 2 certificats pour cette ligne.",
      ],
    ];
    for (const [refused, message] of refusals) expect(refused).toThrow(message);
  });
});
