import type { PaymentTerms } from "@shared/contracts/imports";
import { checkSiret, checkVatNumber, vatSiretMismatch } from "@shared/domain/company-ids";
import { ACCOUNTING_CATEGORIES, type AccountingCategory } from "@shared/domain/account";
import type { Parsed } from "../reader/values";

/**
 * The customers feed's French values (docs/integration.md): payment terms written as people
 * write them, accounting categories, countries by code or name, and the company identifiers
 * checked as the account opening form checks them (shared/domain/company-ids.ts).
 */

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** Lower case, no accents, one space between words: « 30 J. Fin De Mois » reads « 30 j. fin de mois ». */
function words(raw: string): string {
  return raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
}

const CASH = new Set([
  "comptant",
  "au comptant",
  "a reception",
  "reception de facture",
  "a reception de facture",
  "immediat",
  "paiement immediat",
  "immediate payment",
]);
const TERMS =
  /^(?:a |net )?(\d{1,3}) ?(?:j|jr|jrs|jour|jours|day|days)?\.?(?: net)?(?: ?(fin de mois|fdm|f\.d\.m\.?|fm|end of month|eom))?$/;
export const MAX_PAYMENT_DAYS = 120;
const TERMS_EXAMPLE = "(par exemple « 30 jours », « 45 jours fin de mois », « comptant »)";

/**
 * « 30 jours », « 45 jours fin de mois », « comptant », and their usual spellings in exports:
 * « 30 j », « 30J FDM », « 45 jours net », « à réception », « 60 days », « fin de mois ».
 * Terms the portal cannot hold (« 30 jours fin de mois le 10 », more than 120 days) are refused.
 */
export function parsePaymentTerms(raw: string): Parsed<PaymentTerms> {
  const text = words(raw);
  if (CASH.has(text)) return ok({ days: 0, end_of_month: false });
  if (text === "fin de mois" || text === "fdm") return ok({ days: 0, end_of_month: true });
  const match = TERMS.exec(text);
  if (!match) return fail(`n'est pas un délai de paiement ${TERMS_EXAMPLE}`);
  const days = Number(match[1]);
  if (days > MAX_PAYMENT_DAYS) return fail(`dépasse ${MAX_PAYMENT_DAYS} jours`);
  return ok({ days, end_of_month: match[2] !== undefined });
}

/** Odoo's French fiscal positions, read as the accounting category they mean. */
const CATEGORY_NAMES = new Map<string, AccountingCategory>([
  ...ACCOUNTING_CATEGORIES.map((category) => [words(category), category] as const),
  ["regime national", "Ventes France"],
  ["regime intra-communautaire", "Ventes CEE"],
  ["regime intracommunautaire", "Ventes CEE"],
  ["ventes ue", "Ventes CEE"],
  ["regime extra-communautaire", "Ventes export"],
  ["regime extracommunautaire", "Ventes export"],
]);

export function parseAccountingCategory(raw: string): Parsed<AccountingCategory> {
  const category = CATEGORY_NAMES.get(words(raw));
  return category ? ok(category) : fail(`n'est pas une catégorie comptable (${ACCOUNTING_CATEGORIES.join(", ")})`);
}

let countries: { names: Map<string, string>; codes: Set<string> } | null = null;

/** Every region's code, and its French and English names by their words, from the runtime's ICU data. */
function knownCountries(): { names: Map<string, string>; codes: Set<string> } {
  if (countries) return countries;
  const names = new Map<string, string>();
  const codes = new Set<string>();
  const displays = ["fr", "en"].map((language) => new Intl.DisplayNames([language], { type: "region", fallback: "none" }));
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (code === "ZZ") continue;
      for (const display of displays) {
        const name = display.of(code);
        if (!name) continue;
        codes.add(code);
        // The first code of a name wins: « France » is FR, not FX (« France métropolitaine » in some data).
        if (!names.has(words(name))) names.set(words(name), code);
      }
    }
  }
  countries = { names, codes };
  return countries;
}

/** A country by its ISO code (« FR », « mq ») or its name in French or English (« Martinique », « Belgique », « Spain »). */
export function parseCountry(raw: string): Parsed<string> {
  const text = raw.trim();
  const { names, codes } = knownCountries();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    return codes.has(code) ? ok(code) : fail("n'est pas un code de pays (ISO, par exemple FR, BE, MQ)");
  }
  const code = names.get(words(text));
  return code ? ok(code) : fail("n'est pas un pays connu (son code ISO, par exemple FR, ou son nom)");
}

/** The SIRET, compact, with its key checked (La Poste's rule included). */
export function parseSiret(raw: string): Parsed<string> {
  const checked = checkSiret(raw);
  if (checked.ok) return ok(checked.value);
  return /^\d{14}$/.test(raw.replace(/[\s.\u00a0-]/g, ""))
    ? fail("n'est pas un SIRET valide : sa clé de contrôle ne correspond pas")
    : fail("n'est pas un SIRET (14 chiffres)");
}

/** An intra-EU VAT number, compact; a French one's key and SIREN checked. */
export function parseVatNumber(raw: string): Parsed<string> {
  const checked = checkVatNumber(raw);
  if (checked.ok) return ok(checked.value);
  const reason = checked.message.replace(/^Ce numéro de TVA n'est pas valide : /, "").replace(/\.$/, "");
  return fail(`n'est pas valide : ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
}

/** Null when the VAT number and the SIRET name one company (or cannot be compared). */
export function vatSiretProblem(vatNumber: string, siret: string): string | null {
  return vatSiretMismatch(vatNumber, siret) ? "ne correspond pas au SIREN du SIRET de la même ligne" : null;
}

/** « a@b.fr | c@d.fr »: the logins, lower case, each once, in the file's order. */
export function splitLogins(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split("|")
        .map((login) => login.trim().toLowerCase())
        .filter((login) => login !== ""),
    ),
  ];
}
