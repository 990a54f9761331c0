/**
 * A company's identifiers as people type them on the account opening form (docs/requests.md):
 * the SIRET (14 digits: the SIREN, then the establishment's number) with its Luhn key, and the
 * intra-EU VAT number, whose key is checked for France and whose format is checked for the
 * other member states. The same checks run in the portal's form and in the back-office.
 */

export type IdCheck = { ok: true; value: string } | { ok: false; message: string };

/** Spaces, dots and dashes people type between groups of digits are not part of the number. */
function compact(input: string): string {
  return input.replace(/[\s.\u00a0-]/g, "").toUpperCase();
}

/** The Luhn checksum INSEE uses for SIREN and SIRET numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * La Poste's establishments share the SIREN 356 000 000 and are too many for the Luhn key's
 * range: INSEE gives them a SIRET whose digits add up to a multiple of 5 instead (the head
 * office, 356 000 000 00048, keeps a Luhn key).
 */
export const LA_POSTE_SIREN = "356000000";

function digitSum(digits: string): number {
  return [...digits].reduce((sum, digit) => sum + Number(digit), 0);
}

export function checkSiret(input: string): IdCheck {
  const value = compact(input);
  if (value === "") return { ok: false, message: "Indiquez le SIRET de l'établissement (14 chiffres)." };
  if (!/^\d{14}$/.test(value)) return { ok: false, message: "Le SIRET est composé de 14 chiffres, par exemple 732 829 320 00074." };
  const laPoste = value.startsWith(LA_POSTE_SIREN) && digitSum(value) % 5 === 0;
  if (!luhnValid(value) && !laPoste) {
    return { ok: false, message: "Ce SIRET n'est pas valide (sa clé de contrôle ne correspond pas) : vérifiez les 14 chiffres." };
  }
  return { ok: true, value };
}

/** The SIREN of a SIRET: its first nine digits. */
export function sirenOfSiret(siret: string): string {
  return compact(siret).slice(0, 9);
}

/**
 * The format of each member state's VAT number after its two-letter prefix (the VIES
 * documentation's); Greece's prefix is EL, and XI is Northern Ireland's, which VIES checks too.
 */
export const EU_VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d{9}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

function checkFrenchVat(body: string, value: string): IdCheck {
  const key = body.slice(0, 2);
  const siren = body.slice(2);
  if (!luhnValid(siren)) {
    return { ok: false, message: "Ce numéro de TVA n'est pas valide : les 9 derniers chiffres doivent être le SIREN de l'entreprise." };
  }
  // Keys with letters are issued to a few entities by a formula the administration does not
  // publish: only the format is checked for them.
  if (/^\d{2}$/.test(key) && key !== frenchVatKey(siren)) {
    return { ok: false, message: "Ce numéro de TVA n'est pas valide : sa clé (les 2 chiffres après FR) ne correspond pas au SIREN." };
  }
  return { ok: true, value };
}

/** An intra-EU VAT number: « FR 44 732829320 » is kept as FR44732829320. */
export function checkVatNumber(input: string): IdCheck {
  const value = compact(input);
  if (value === "") return { ok: false, message: "Indiquez le numéro de TVA intracommunautaire." };
  const prefix = value.slice(0, 2);
  const format = EU_VAT_FORMATS[prefix];
  if (!format) {
    return {
      ok: false,
      message: "Un numéro de TVA intracommunautaire commence par le code du pays de l'Union européenne, par exemple FR, BE ou DE.",
    };
  }
  const body = value.slice(2);
  if (!format.test(body)) return { ok: false, message: `Ce numéro de TVA n'a pas le format attendu pour le pays ${prefix}.` };
  return prefix === "FR" ? checkFrenchVat(body, value) : { ok: true, value };
}

/** Null when a French VAT number and a SIRET name the same company, else the French message. */
export function vatSiretMismatch(vatNumber: string, siret: string): string | null {
  const vat = compact(vatNumber);
  if (!vat.startsWith("FR") || vat.length !== 13) return null;
  return vat.slice(4) === sirenOfSiret(siret) ? null : "Ce numéro de TVA ne correspond pas au SIREN du SIRET indiqué.";
}
