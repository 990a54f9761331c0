import { describe, expect, it } from "vitest";
import {
  accountContextOf,
  isCorsica,
  isExportAccount,
  isShippingReference,
  isTagIntegrator,
  isTaxExempt,
  normalizeReference,
  ownCodeKey,
} from "@shared/domain";
import { user } from "./fixtures";

describe("accounting categories", () => {
  it.each([
    ["Ventes en suspension de taxe", true, false],
    ["Ventes export", true, true],
    ["Ventes CEE", true, false],
    [" Ventes export ", true, true],
    ["Ventes France", false, false],
    ["ventes export", false, false],
    [undefined, false, false],
  ])("%s → tax exempt %s, export %s", (category, exempt, exportAccount) => {
    expect(isTaxExempt(category)).toBe(exempt);
    expect(isExportAccount(category)).toBe(exportAccount);
  });
});

describe("Corsica", () => {
  it.each([
    ["20000", "FR", true],
    ["20290", "fr", true],
    ["20290", " FR ", true],
    [" 20169", "FR", true],
    ["2000", "BE", false],
    ["02000", "FR", false],
    ["13002", "FR", false],
  ])("zip %s in %s → %s", (zipcode, country, expected) => {
    expect(isCorsica(zipcode, country)).toBe(expected);
  });
});

describe("tag integrators", () => {
  it("are the accounts the organization's column says, whatever their reference", () => {
    expect(isTagIntegrator({ integrator: true })).toBe(true);
    expect(isTagIntegrator({ integrator: false })).toBe(false);
    expect(isTagIntegrator({})).toBe(false);
  });
});

describe("references", () => {
  it("trims and upper-cases", () => {
    expect(normalizeReference("  ab-12x \t")).toBe("AB-12X");
    expect(normalizeReference(" va\u00a0\u00a0cord  #08 ")).toBe("VA CORD #08");
    expect(normalizeReference("be\u0301ne\u0301teau")).toBe("BÉNÉTEAU");
  });

  it("recognises the shipping references as typed by a user", () => {
    expect(isShippingReference(" port_franco")).toBe(true);
    expect(isShippingReference("PORT_EXT+1KG")).toBe(true);
    expect(isShippingReference("PORT_AUTRE")).toBe(false);
  });

  it("keys an own code without case, spaces or dashes", () => {
    expect(ownCodeKey(" va-cord 08 ")).toBe("VACORD08");
    expect(ownCodeKey("VA-CORD-08")).toBe(ownCodeKey("vacord08"));
    expect(ownCodeKey("VA/CORD.08")).toBe("VA/CORD.08");
  });
});

describe("accountContextOf", () => {
  it("takes the organization's zip code, country and accounting category", () => {
    const context = accountContextOf(user({ obj_ref: "C0002", adr_zipcode: "20000", obj_properties: { N_CatCompta: "Ventes CEE" } }));
    expect(context).toEqual({ objRef: "C0002", zipcode: "20000", country: "FR", catCompta: "Ventes CEE", integrator: false });
  });

  it("takes the integrator status the session carries", () => {
    expect(accountContextOf(user({ obj_properties: { integrator: true } })).integrator).toBe(true);
  });
});
