/**
 * The countries of addresses, by their French name: forms show « France » and send « FR » (the
 * ISO 3166-1 code the back-office stores). The list is the one the carrier serves for delivery
 * addresses; an address stored with another code still reads as a name (Intl.DisplayNames).
 */

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
}

export const DELIVERY_COUNTRIES: readonly Country[] = [
  { code: "FR", name: "France" },
  { code: "BE", name: "Belgique" },
  { code: "LU", name: "Luxembourg" },
  { code: "CH", name: "Suisse" },
  { code: "MC", name: "Monaco" },
  { code: "DE", name: "Allemagne" },
  { code: "ES", name: "Espagne" },
  { code: "IT", name: "Italie" },
  { code: "NL", name: "Pays-Bas" },
  { code: "PT", name: "Portugal" },
  { code: "GB", name: "Royaume-Uni" },
  { code: "IE", name: "Irlande" },
  { code: "GP", name: "Guadeloupe" },
  { code: "MQ", name: "Martinique" },
  { code: "GF", name: "Guyane" },
  { code: "RE", name: "La Réunion" },
  { code: "YT", name: "Mayotte" },
  { code: "NC", name: "Nouvelle-Calédonie" },
  { code: "PF", name: "Polynésie française" },
];

const byCode = new Map(DELIVERY_COUNTRIES.map((country) => [country.code, country.name]));
const displayNames = new Intl.DisplayNames(["fr"], { type: "region", fallback: "code" });

/** « France » for « FR » (any case); a code that is no country stays as given. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  const known = byCode.get(upper);
  if (known !== undefined) return known;
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  return displayNames.of(upper) ?? upper;
}

/**
 * The choices of a country select: the delivery countries, plus the current value when it is
 * not one of them (an address saved before, or by the ERP), so that saving it again keeps it.
 */
export function countryChoices(current: string): readonly Country[] {
  const upper = current.trim().toUpperCase();
  if (upper === "" || byCode.has(upper)) return DELIVERY_COUNTRIES;
  return [...DELIVERY_COUNTRIES, { code: upper, name: countryName(upper) }];
}
