import { hasControlCharacter } from "@shared/contracts/control-characters";
import { headerKey } from "../reader/columns";
import { parseAmount, type Parsed } from "../reader/values";

/**
 * The cells of the `products` and `stock` feeds that the reader's kinds do not cover, each
 * parsed or answered with the end of the report's sentence (« … n'est pas un poids en kg »).
 */

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** The products table holds integer cents (int4): ten million euros is far above any list price. */
export const MAX_PRODUCT_AMOUNT_CENTS = 1_000_000_000;

/** A list price or an ecotax: an amount (reader/values.ts), neither negative nor absurd. */
export function parseProductAmount(raw: string): Parsed<number> {
  const parsed = parseAmount(raw);
  if (!parsed.ok) return parsed;
  if (parsed.value < 0) return fail("est négatif");
  if (parsed.value > MAX_PRODUCT_AMOUNT_CENTS) return fail("dépasse 10 000 000 €");
  return parsed;
}

/**
 * A weight in kilograms (« 1,25 », « 0.350 », « 12 kg ») as whole grams, the unit of the
 * products table and of the shipping rules. Beyond the gram it is rounded: a spreadsheet's
 * 1.2500000000000002 is 1,250 g.
 */
export function parseKilograms(raw: string): Parsed<number> {
  const text = raw.replace(/[\s\u00a0\u202f]/g, "").replace(/kg$/i, "");
  const match = /^(\d{1,6})(?:[.,](\d+))?$/.exec(text);
  if (!match) return fail("n'est pas un poids en kg (par exemple 1,25)");
  const decimals = (match[2] ?? "").padEnd(4, "0");
  const grams = Number(match[1]) * 1000 + Number(decimals.slice(0, 3)) + (Number(decimals[3]) >= 5 ? 1 : 0);
  return ok(grams);
}

/**
 * The stock on hand: a whole number; a negative one (orders waiting for goods, as Sage and
 * EBP show it) means nothing is available and is read as 0.
 */
export function parseAvailableQuantity(raw: string): Parsed<number> {
  const match = /^(-?)(\d{1,9})(?:[.,]0+)?$/.exec(raw.replace(/[\s\u00a0\u202f]/g, ""));
  if (!match) return fail("n'est pas une quantité entière");
  return ok(match[1] === "-" ? 0 : Number(match[2]));
}

/** The shipping families a product belongs to: the flags the shipping rules read (docs/shipping.md). */
export const SHIPPING_FAMILIES = ["motor", "antenna", "tag", "hazardous"] as const;
export type ShippingFamily = (typeof SHIPPING_FAMILIES)[number];

/** The French words of the column, then the usual other spellings, compared as headers are. */
const FAMILY_WORDS: Readonly<Record<ShippingFamily, readonly string[]>> = {
  motor: ["moteur", "moteurs", "motor", "hors bord"],
  antenna: ["antenne", "antennes", "antenna"],
  tag: ["balise", "balises", "beacon", "tag"],
  hazardous: ["matière dangereuse", "matières dangereuses", "marchandise dangereuse", "dangereux", "adr", "hazardous"],
};
const FAMILY_OF = new Map(SHIPPING_FAMILIES.flatMap((family) => FAMILY_WORDS[family].map((word) => [headerKey(word), family] as const)));

/**
 * « moteur », « antenne », « balise », « matière dangereuse », several separated by « | »,
 * « , », « + » or « / » (a beacon with a lithium battery is both); empty is none: a parcel item.
 */
export function parseShippingFamilies(raw: string): Parsed<readonly ShippingFamily[]> {
  const found = new Set<ShippingFamily>();
  for (const word of raw.split(/[|,+/]/)) {
    if (word.trim() === "") continue;
    const family = FAMILY_OF.get(headerKey(word));
    if (!family) return fail("n'est pas une famille d'expédition (moteur, antenne, balise, matière dangereuse)");
    found.add(family);
  }
  return ok(SHIPPING_FAMILIES.filter((family) => found.has(family)));
}

export const MAX_PRODUCT_IMAGES = 10;

/**
 * Picture addresses, http or https only, separated by « | » (or spaces): the first is the
 * product's main picture. Each is kept as the URL parser writes it.
 */
export function parseImageUrls(raw: string): Parsed<readonly string[]> {
  if (hasControlCharacter(raw)) return fail("contient des caractères de contrôle");
  const entries = raw.split(/[|\s]+/).filter(Boolean);
  if (entries.length > MAX_PRODUCT_IMAGES) return fail(`compte plus de ${MAX_PRODUCT_IMAGES} images`);
  const urls: string[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return fail("n'est pas une adresse d'image (http:// ou https://)");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return fail("n'est pas une adresse d'image (http:// ou https://)");
    if (url.href.length > 500) return fail("est une adresse de plus de 500 caractères");
    urls.push(url.href);
  }
  return ok(urls);
}
