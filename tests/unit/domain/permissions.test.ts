import { describe, expect, it } from "vitest";
import { permissionsOf } from "@shared/domain";
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
