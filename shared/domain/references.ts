/** The 14 shipping product references of the catalogue (docs/specification.md §9). */
export const SHIPPING_REFS = [
  "PORT_ANTENNE",
  "PORT_BALISE",
  "PORT_DS_ANTENNE",
  "PORT_DS_AUTRE",
  "PORT_DS_MOTEUR",
  "PORT_DS_MOTEUR_COR",
  "PORT_EXT+1KG",
  "PORT_EXT-1KG",
  "PORT_FRANCO",
  "PORT_MOTEUR",
  "PORT_MOTEUR_CORSE",
  "PORT_SAMEDI",
  "PORT_SUPP_ADR",
  "PORT_SUPP_CORSE",
] as const;
export type ShippingRef = (typeof SHIPPING_REFS)[number];

/**
 * A reference as typed by a user: trimmed and upper-cased. For the own codes typed where a
 * reference is (docs/part-numbers-portal.md), letters are composed (an « é » typed as « e » and
 * its accent is the « é » a code is stored with) and a run of blanks inside, a no-break space
 * pasted from a sheet too, is one space; a reference of the catalogue has neither.
 */
export function normalizeReference(raw: string): string {
  return raw.normalize("NFC").trim().replace(/\s+/g, " ").toUpperCase();
}

export function isShippingReference(raw: string): boolean {
  const ref = normalizeReference(raw);
  return SHIPPING_REFS.some((shippingRef) => shippingRef === ref);
}

/**
 * The key an organization's own code is compared by (docs/part-numbers.md, decision 0195): the
 * code as a reference is typed (trimmed, upper case) without its spaces and dashes, so
 * « va-cord 08 » and « VA-CORD-08 » are one code. Unique per organization (part_numbers.code_key).
 */
export function ownCodeKey(raw: string): string {
  return normalizeReference(raw).replace(/[\s-]+/g, "");
}
