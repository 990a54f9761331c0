import { describe, expect, it } from "vitest";
import { changeFlags, INVOICES_NEED_PRICES, invoicesVisible, invoicesWithoutPrices, permissionsOf } from "@shared/domain";
import { user } from "./fixtures";

const everything = {
  canUpdateCart: true,
  canOrder: true,
  canViewQuotes: true,
  canViewInvoices: true,
  canViewPrices: true,
  canViewContacts: true,
  canConfigureAlerts: true,
  canPickClients: false,
};

describe("permissionsOf", () => {
  it("gives an organization everything but the client picker", () => {
    expect(permissionsOf(user())).toEqual(everything);
  });

  it("gives a people account every flag that is absent, no contacts, no alerts", () => {
    expect(permissionsOf(user({ obj_class: "people" }))).toEqual({ ...everything, canViewContacts: false, canConfigureAlerts: false });
  });

  it("follows a people account's flags", () => {
    const restricted = user({
      obj_class: "people",
      obj_properties: { auth: { cart: false, orders: false, quotes: true, invoices: false, prices: false } },
    });
    expect(permissionsOf(restricted)).toMatchObject({
      canUpdateCart: false,
      canOrder: false,
      canViewQuotes: true,
      canViewInvoices: false,
      canViewPrices: false,
    });
  });

  it("ignores flags on other classes", () => {
    expect(permissionsOf(user({ obj_properties: { auth: { orders: false } } })).canOrder).toBe(true);
  });

  it("gives a contributor the picker and alerts, not the contacts", () => {
    expect(permissionsOf(user({ obj_class: "contributor" }))).toEqual({ ...everything, canViewContacts: false, canPickClients: true });
  });

  it("keeps the picker for a contributor logged in as a client", () => {
    const client = user({ obj_id: 2, obj_class: "organization" });
    expect(permissionsOf(client, user({ obj_class: "contributor" }))).toEqual({ ...everything, canPickClients: true });
    expect(permissionsOf(client, user({ obj_class: "organization" })).canPickClients).toBe(false);
  });
});

describe("invoices need prices (issue 36, decision 0188)", () => {
  const all = { cart: true, orders: true, quotes: true, invoices: true, prices: true };

  it("refuses invoices to a person without prices, whatever the invoices flag says", () => {
    const storekeeper = user({ obj_class: "people", obj_properties: { auth: { cart: true, orders: false, prices: false } } });
    expect(permissionsOf(storekeeper)).toMatchObject({ canViewPrices: false, canViewInvoices: false });
    expect(invoicesVisible({ invoices: true, prices: false })).toBe(false);
    expect(invoicesVisible({})).toBe(true);
    expect(invoicesVisible({ prices: true, invoices: false })).toBe(false);
  });

  it("tells flags that would give invoices without prices", () => {
    expect(invoicesWithoutPrices({ invoices: true, prices: false })).toBe(true);
    expect(invoicesWithoutPrices({ invoices: false, prices: false })).toBe(false);
    expect(invoicesWithoutPrices({ prices: false })).toBe(false);
    expect(invoicesWithoutPrices({ invoices: true, prices: true })).toBe(false);
  });

  it("removes invoices with prices", () => {
    expect(changeFlags(all, { prices: false })).toEqual({ ok: true, flags: { ...all, prices: false, invoices: false } });
    expect(changeFlags(all, { prices: false, invoices: true })).toEqual({ ok: false, message: INVOICES_NEED_PRICES });
  });

  it("refuses invoices while prices stay off, grants both at once", () => {
    const storekeeper = { ...all, prices: false, invoices: false };
    expect(changeFlags(storekeeper, { invoices: true })).toEqual({ ok: false, message: INVOICES_NEED_PRICES });
    expect(INVOICES_NEED_PRICES).toContain("« Voir les factures » demande « Voir les prix »");
    expect(changeFlags(storekeeper, { invoices: true, prices: true })).toEqual({ ok: true, flags: all });
    expect(changeFlags(storekeeper, { prices: true })).toEqual({ ok: true, flags: { ...all, invoices: false } });
  });

  it("leaves other changes alone, and mends a row stored before the rule", () => {
    expect(changeFlags(all, { cart: false, orders: undefined })).toEqual({ ok: true, flags: { ...all, cart: false } });
    const stored = { ...all, prices: false };
    expect(changeFlags(stored, { quotes: false })).toEqual({ ok: true, flags: { ...all, quotes: false, prices: false, invoices: false } });
  });
});
