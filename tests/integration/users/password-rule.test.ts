import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, passwordStrength } from "@shared/domain/password";
import { normalizePhone, postalCodeProblem } from "@shared/domain/contact-details";

/** The password rule (decision 0116) and the contact checks, as the portal and the back-office share them. */
describe("the password rule", () => {
  const person = ["Maël Kerjean", "acheteur@voilerie-atlantique.fr", "Voilerie Atlantique"];

  it("refuses short, keyboard, common and personal passwords with French reasons", () => {
    expect(passwordStrength("court1!", person)).toEqual({
      score: 0,
      acceptable: false,
      messages: [`Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`],
    });
    expect(passwordStrength("azertyuiop", person).messages[0]).toBe(
      "Les lignes droites de touches de votre clavier sont faciles à deviner",
    );
    expect(passwordStrength("motdepasse123", person).acceptable).toBe(false);
    // « Mael » without its accent is still the person's first name.
    expect(passwordStrength("Mael-Kerjean-2026", person)).toMatchObject({
      acceptable: false,
      messages: [expect.stringMatching(/ni votre nom/)],
    });
    expect(passwordStrength("voilerie-hiver-2026", person).acceptable).toBe(false);
  });

  it("accepts a long passphrase", () => {
    expect(passwordStrength("goéland-marée-trinquette-47", person)).toEqual({ score: 4, acceptable: true, messages: [] });
  });
});

describe("phone numbers and postal codes", () => {
  it("keeps a valid phone in the international format, French by default", () => {
    expect(normalizePhone("02 97 84 12 50")).toEqual({ ok: true, value: "+33 2 97 84 12 50" });
    expect(normalizePhone("06.12.34.56.78")).toEqual({ ok: true, value: "+33 6 12 34 56 78" });
    expect(normalizePhone("+32 2 555 12 34")).toEqual({ ok: true, value: "+32 2 555 12 34" });
    expect(normalizePhone("  ")).toEqual({ ok: true, value: "" });
  });

  it("refuses a malformed phone in French", () => {
    expect(normalizePhone("12345")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Ce numéro de téléphone n'est pas valide : un numéro français a 10 chiffres/),
    });
    expect(normalizePhone("02 97 AB")).toMatchObject({ ok: false, message: expect.stringMatching(/que des chiffres/) });
  });

  it("wants five digits for a French postal code only", () => {
    expect(postalCodeProblem("56100", "FR")).toBeNull();
    expect(postalCodeProblem("5610", "fr")).toMatch(/5 chiffres/);
    expect(postalCodeProblem("1000", "BE")).toBeNull();
  });
});
