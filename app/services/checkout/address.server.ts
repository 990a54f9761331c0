import { z } from "zod";
import { DELIVERY_COUNTRIES } from "@shared/domain/countries";

/**
 * The form of a new delivery address, with French checks: a French postal code has 5 digits,
 * the country comes from the list the carrier serves.
 */

/** The carrier's countries, by their French names (shared/domain/countries.ts). */
export const COUNTRIES = DELIVERY_COUNTRIES;
const COUNTRY_CODES = COUNTRIES.map((country) => country.code);

const text = (max: number, required: string | null, tooLong: string) => {
  const base = z.string().trim().max(max, tooLong);
  return required === null ? base.default("") : z.string({ error: required }).trim().min(1, required).max(max, tooLong);
};

export const newAddressForm = z
  .object({
    adr_name: text(100, "Indiquez le nom du destinataire.", "Le nom compte au plus 100 caractères."),
    adr_line1: text(120, "Indiquez l'adresse (numéro et voie).", "L'adresse compte au plus 120 caractères."),
    adr_line2: text(120, null, "Le complément d'adresse compte au plus 120 caractères."),
    adr_zipcode: text(12, "Indiquez le code postal.", "Le code postal compte au plus 12 caractères."),
    adr_city: text(80, "Indiquez la ville.", "La ville compte au plus 80 caractères."),
    adr_country: z
      .string({ error: "Choisissez le pays." })
      .trim()
      .toUpperCase()
      .refine((code) => COUNTRY_CODES.includes(code), "Choisissez un pays de la liste."),
    adr_phone: text(30, null, "Le téléphone compte au plus 30 caractères.").refine(
      (phone) => /^[0-9+ ().-]*$/.test(phone),
      "Le téléphone ne peut contenir que des chiffres, espaces et + ( ) . -",
    ),
  })
  .superRefine((value, ctx) => {
    const zip = value.adr_zipcode;
    if (zip === "") return;
    if (value.adr_country === "FR" && !/^\d{5}$/.test(zip)) {
      ctx.addIssue({ code: "custom", path: ["adr_zipcode"], message: "Le code postal français compte 5 chiffres." });
    } else if (!/^[A-Za-z0-9 -]{2,12}$/.test(zip)) {
      ctx.addIssue({ code: "custom", path: ["adr_zipcode"], message: "Le code postal n'est pas valide." });
    }
  });
