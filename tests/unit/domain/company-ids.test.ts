import { describe, expect, it } from "vitest";
import {
  EU_VAT_FORMATS,
  LA_POSTE_SIREN,
  checkSiret,
  checkVatNumber,
  frenchVatKey,
  luhnValid,
  sirenOfSiret,
  vatSiretMismatch,
} from "@shared/domain/company-ids";

describe("Luhn key", () => {
  it.each([
    ["732829320", true],
    ["732829321", false],
    ["73282932000074", true],
    ["73282932000075", false],
    ["0", true],
  ])("%s → %s", (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });
});

describe("SIRET", () => {
  it("accepts a SIRET whose Luhn key is right, typed with spaces, dots or dashes, and keeps its 14 digits", () => {
    expect(checkSiret("732 829 320 00074")).toEqual({ ok: true, value: "73282932000074" });
    expect(checkSiret("732.829.320-00074")).toEqual({ ok: true, value: "73282932000074" });
    expect(checkSiret("84215763800011")).toEqual({ ok: true, value: "84215763800011" });
  });

  it("refuses a wrong key, with a French reason", () => {
    const checked = checkSiret("73282932000075");
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/clé de contrôle/);
  });

  it.each([["7328293200007"], ["732829320000745"], ["7328293200007A"], ["SIRET"]])("refuses %s: not 14 digits", (input) => {
    const checked = checkSiret(input);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/14 chiffres/);
  });

  it("asks for it when empty", () => {
    expect(checkSiret("  ")).toEqual({ ok: false, message: "Indiquez le SIRET de l'établissement (14 chiffres)." });
  });

  describe("La Poste (SIREN 356 000 000)", () => {
    it("accepts an establishment whose digits add up to a multiple of 5, though its Luhn key is wrong", () => {
      expect(LA_POSTE_SIREN).toBe("356000000");
      expect(luhnValid("35600000049837")).toBe(false);
      expect(checkSiret("356 000 000 49837")).toEqual({ ok: true, value: "35600000049837" });
    });

    it("accepts the head office, whose Luhn key is right (its digits add up to 26)", () => {
      expect(checkSiret("35600000000048")).toEqual({ ok: true, value: "35600000000048" });
    });

    it("refuses one that passes neither rule", () => {
      // 3+5+6+4+9+8+3+8 = 46, and not a Luhn number.
      expect(luhnValid("35600000049838")).toBe(false);
      expect(checkSiret("35600000049838").ok).toBe(false);
    });

    it("keeps the exception to La Poste: another SIREN with digits adding up to a multiple of 5 is checked by Luhn", () => {
      // 7+3+2+8+2+9+3+2+0+0+0+0+7+4 = 47; change the last digit so the sum is 45, Luhn wrong.
      expect(checkSiret("73282932000072").ok).toBe(false);
    });
  });

  it("gives the SIREN of a SIRET", () => {
    expect(sirenOfSiret("732 829 320 00074")).toBe("732829320");
  });
});

describe("intra-EU VAT number", () => {
  it("computes the French key: (12 + 3 × (SIREN mod 97)) mod 97, on two digits", () => {
    expect(frenchVatKey("732829320")).toBe("44");
    expect(frenchVatKey("842157638")).toBe("62");
    // 12 + 3 × 0 = 12; a SIREN whose remainder gives a key under 10 keeps its leading zero.
    expect(frenchVatKey("000000097")).toBe("12");
    expect(frenchVatKey("884126095")).toBe("15");
    expect(frenchVatKey(String(97 * 1000 + 30))).toBe("05");
  });

  it("accepts a French number with the right key, typed loosely, and keeps it compact", () => {
    expect(checkVatNumber("fr 44 732 829 320")).toEqual({ ok: true, value: "FR44732829320" });
    expect(checkVatNumber("FR62842157638")).toEqual({ ok: true, value: "FR62842157638" });
  });

  it("refuses a French number whose key is not its SIREN's", () => {
    const checked = checkVatNumber("FR45732829320");
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/clé/);
  });

  it("refuses a French number whose SIREN is not one (Luhn)", () => {
    const siren = "732829321";
    const checked = checkVatNumber(`FR${frenchVatKey(siren)}${siren}`);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/SIREN/);
  });

  it("checks only the format of a French key with letters (its formula is not public)", () => {
    expect(checkVatNumber("FRA1732829320")).toEqual({ ok: true, value: "FRA1732829320" });
    // I and O are never used in a key.
    expect(checkVatNumber("FRIO732829320").ok).toBe(false);
  });

  it.each([
    ["BE0123456789", "BE"],
    ["DE123456789", "DE"],
    ["ESB17345678", "ES"],
    ["ESX1234567L", "ES"],
    ["IT12345678901", "IT"],
    ["NL123456789B01", "NL"],
    ["ATU12345678", "AT"],
    ["EL123456789", "EL"],
    ["IE1234567WA", "IE"],
    ["IE1A23456B", "IE"],
    ["SE123456789001", "SE"],
    ["XI123456789", "XI"],
  ])("accepts %s: the format of %s", (input, country) => {
    expect(EU_VAT_FORMATS[country]).toBeDefined();
    expect(checkVatNumber(input)).toEqual({ ok: true, value: input });
  });

  it.each([["BE2123456789"], ["DE12345678"], ["NL123456789A01"], ["ATU1234567"], ["SE123456789002"], ["PL12345"]])(
    "refuses %s: not the country's format",
    (input) => {
      const checked = checkVatNumber(input);
      expect(checked.ok).toBe(false);
      expect(!checked.ok && checked.message).toMatch(/format attendu pour le pays/);
    },
  );

  it.each([["GB123456789"], ["CH123456789"], ["GR123456789"], ["123456789"]])("refuses %s: not a member state's prefix", (input) => {
    const checked = checkVatNumber(input);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/code du pays/);
  });

  it("asks for it when empty", () => {
    expect(checkVatNumber("")).toEqual({ ok: false, message: "Indiquez le numéro de TVA intracommunautaire." });
  });
});

describe("VAT number and SIRET of one company", () => {
  it("agree when the VAT number carries the SIRET's SIREN", () => {
    expect(vatSiretMismatch("FR44732829320", "73282932000074")).toBeNull();
  });

  it("disagree otherwise, in French", () => {
    expect(vatSiretMismatch("FR62842157638", "73282932000074")).toBe("Ce numéro de TVA ne correspond pas au SIREN du SIRET indiqué.");
  });

  it("say nothing for a foreign number or a French one with a malformed body", () => {
    expect(vatSiretMismatch("BE0123456789", "73282932000074")).toBeNull();
    // As long as a French one, 13 characters.
    expect(vatSiretMismatch("IT12345678901", "73282932000074")).toBeNull();
    expect(vatSiretMismatch("FR4473282932", "73282932000074")).toBeNull();
  });
});
