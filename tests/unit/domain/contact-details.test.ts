import { describe, expect, it } from "vitest";
import { normalizePhone, postalCodeProblem } from "@shared/domain/contact-details";

/** Phone numbers and postal codes as people type them (docs/users.md). */

describe("phone numbers", () => {
  it("keeps no phone as no phone", () => {
    expect(normalizePhone("   ")).toEqual({ ok: true, value: "" });
  });

  it("reads a French number with or without its code, in the international format", () => {
    expect(normalizePhone("02 97 84 12 50")).toEqual({ ok: true, value: "+33 2 97 84 12 50" });
    expect(normalizePhone("+33 2 97 84 12 50")).toEqual({ ok: true, value: "+33 2 97 84 12 50" });
    expect(normalizePhone("+32 59 70 11 22")).toEqual({ ok: true, value: "+32 59 70 11 22" });
  });

  it("refuses letters, a short French number and a foreign number wrong for its country, in French", () => {
    expect(normalizePhone("02 97 AB")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Le numéro de téléphone ne doit contenir que des chiffres/),
    });
    expect(normalizePhone("02 97 84")).toMatchObject({ ok: false, message: expect.stringMatching(/un numéro français a 10 chiffres/) });
    expect(normalizePhone("+32 12")).toEqual({
      ok: false,
      message: "Ce numéro de téléphone n'est pas valide pour le pays indiqué par son indicatif.",
    });
  });

  it("refuses words before a number, and signs that make no number at all", () => {
    expect(normalizePhone("tél 02 97 84 12 50")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Le numéro de téléphone ne doit contenir que des chiffres/),
    });
    expect(normalizePhone("+")).toEqual({
      ok: false,
      message: "Ce numéro de téléphone n'est pas valide pour le pays indiqué par son indicatif.",
    });
    expect(normalizePhone("--")).toMatchObject({ ok: false, message: expect.stringMatching(/un numéro français a 10 chiffres/) });
  });
});

describe("postal codes", () => {
  it("wants five digits in France only", () => {
    expect(postalCodeProblem(" 56100 ", "fr")).toBeNull();
    expect(postalCodeProblem("5610", "FR")).toBe("Le code postal d'une adresse en France est composé de 5 chiffres, par exemple 56100.");
    expect(postalCodeProblem("B-8400", "BE")).toBeNull();
    expect(postalCodeProblem("5610", " fr ")).not.toBeNull();
    expect(postalCodeProblem("561000", "FR")).not.toBeNull();
  });
});
