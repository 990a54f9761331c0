/**
 * French values of a feed's cells, each parsed or answered with the end of the report's
 * sentence (« … n'est pas un montant »). Amounts become integer cents (decision 0003).
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** « 12,50 », « 12.5 », « 1 234,56 », « 1234 € »: cents; one decimal mark, two decimals at most. */
export function parseAmount(raw: string): Parsed<number> {
  const text = raw.replace(/[\s\u00a0\u202f€]/g, "");
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return fail("n'est pas un montant");
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return ok(match[1] === "-" ? -cents : cents);
}

/** A discount in percent, from 0 to 100, two decimals at most (« 12,5 », « 12.50 % »). */
export function parsePercent(raw: string): Parsed<number> {
  const text = raw.replace(/[\s\u00a0\u202f%]/g, "");
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return fail("n'est pas un pourcentage");
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  if (match[1] === "-" || hundredths > 10000) return fail("n'est pas une remise de 0 à 100 %");
  return ok(hundredths / 100);
}

/** A whole quantity, 0 or more (« 12 », « 1 200 », « 12,0 » from a spreadsheet). */
export function parseQuantity(raw: string): Parsed<number> {
  const match = /^(\d{1,9})(?:[.,]0+)?$/.exec(raw.replace(/[\s\u00a0\u202f]/g, ""));
  return match ? ok(Number(match[1])) : fail("n'est pas une quantité entière");
}

/** JJ/MM/AAAA (or JJ-MM-AAAA, JJ.MM.AAAA) or AAAA-MM-JJ: an ISO day, checked on the calendar. */
export function parseDate(raw: string): Parsed<string> {
  const text = raw.trim();
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  const [year, month, day] = french ? [french[3], french[2], french[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return fail("n'est pas une date (JJ/MM/AAAA)");
  const value = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? fail("n'est pas une date du calendrier") : ok(value);
}

const TRUE_WORDS = new Set(["oui", "o", "vrai", "1", "x", "yes", "true"]);
const FALSE_WORDS = new Set(["non", "n", "faux", "0", "", "no", "false"]);

/** oui / non (and their usual spellings in exports: O/N, 1/0, X for yes); empty is non. */
export function parseYesNo(raw: string): Parsed<boolean> {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail("n'est ni « oui » ni « non »");
}
