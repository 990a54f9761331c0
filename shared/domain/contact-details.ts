import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Phone numbers and postal codes as people type them, checked the same way by the portal's
 * forms and the back-office (docs/users.md): a French number may be written « 02 97 84 12 50 »
 * or « +33 2 97 84 12 50 », and is kept in the international format; a foreign one needs its
 * « +code ». A French postal code is five digits.
 */

export type PhoneCheck = { ok: true; value: string } | { ok: false; message: string };

/** '' stays '' (no phone); anything else must be a valid number, French unless it says « +… ». */
export function normalizePhone(input: string): PhoneCheck {
  const text = input.trim();
  if (text === "") return { ok: true, value: "" };
  if (!/^[+\d\s().-]+$/.test(text)) {
    return {
      ok: false,
      message: "Le numéro de téléphone ne doit contenir que des chiffres, des espaces, des points, des tirets et un « + » initial.",
    };
  }
  const phone = parsePhoneNumberFromString(text, "FR");
  if (!phone?.isValid()) {
    return {
      ok: false,
      message: text.startsWith("+")
        ? "Ce numéro de téléphone n'est pas valide pour le pays indiqué par son indicatif."
        : "Ce numéro de téléphone n'est pas valide : un numéro français a 10 chiffres, par exemple 02 97 84 12 50 ; un numéro étranger commence par son indicatif (+32 …).",
    };
  }
  return { ok: true, value: phone.formatInternational() };
}

/** Null when `zipcode` suits `country`, else the French message to show. */
export function postalCodeProblem(zipcode: string, country: string): string | null {
  if (country.trim().toUpperCase() !== "FR") return null;
  return /^\d{5}$/.test(zipcode.trim()) ? null : "Le code postal d'une adresse en France est composé de 5 chiffres, par exemple 56100.";
}
