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

/** A reference as typed by a user: trimmed and upper-cased. */
export function normalizeReference(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isShippingReference(raw: string): boolean {
  const ref = normalizeReference(raw);
  return SHIPPING_REFS.some((shippingRef) => shippingRef === ref);
}
