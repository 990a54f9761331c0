import "./french-messages";
import { z } from "zod";

/**
 * The generic pieces every contract is written with: amounts and weights, ids read from a query
 * string, dates and instants, free and search text, paging, a period in order. A feature's own
 * vocabulary (statuses, lines, answers) stays in its contract file; what is here means the same
 * in all of them. Amounts are integer cents and weights integer grams on the wire
 * (docs/decisions/0003).
 */

// ---- numbers ------------------------------------------------------------------------------

export const cents = z.number().int();
export const grams = z.number().int().nonnegative();

/** An id in a query string (« 12 »), read as a number. */
export const idParam = z.coerce.number().int().positive();

// ---- dates --------------------------------------------------------------------------------

/** YYYY-MM-DD, as written: for the dates the back-office answers. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An ISO 8601 instant with its offset. */
export const isoDateTime = z.string().datetime({ offset: true });

/** A calendar date that exists (2026-02-30 does not), YYYY-MM-DD: for the dates a request sends. */
export const calendarDate = isoDate.refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}, "Date invalide (format attendu AAAA-MM-JJ).");

/** When a step happened: an instant with its offset, or a date alone (taken at noon UTC). */
export const eventInstant = z.union([isoDateTime, calendarDate], "Date invalide : AAAA-MM-JJ ou un instant ISO 8601 avec son fuseau.");

/** A period's order, for a query's `.refine(periodInOrder, PERIOD_ORDER_ISSUE)`: either end may be missing. */
export function periodInOrder(query: { from?: string | undefined; to?: string | undefined }): boolean {
  return !query.from || !query.to || query.from <= query.to;
}
export const PERIOD_ORDER_ISSUE = { message: "La date de fin précède la date de début.", path: ["to"] };

// ---- text ---------------------------------------------------------------------------------

/** A search text: at most `max` characters, no control character (the database fails on a NUL). */
export function searchText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `La recherche compte au plus ${max} caractères.`)
    .regex(/^\P{Cc}*$/u, "La recherche ne doit pas contenir de caractères de contrôle.")
    .optional();
}

/** A free text written by a person or a system (a reason, a message): newlines allowed. */
export function note(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, min > 1 ? `Écrivez au moins ${min} caractères.` : "Ce texte est obligatoire.")
    .max(max, `Ce texte compte au plus ${max} caractères.`)
    .regex(/^(?:\P{Cc}|[\n\r\t])*$/u, "Le texte ne doit pas contenir de caractères de contrôle.");
}

/**
 * An e-mail address as typed: trimmed, lower-cased, at most 120 characters. `required` is what an
 * empty one is told (a form's « Indiquez votre adresse e-mail. »); without it, an empty address
 * is refused as invalid.
 */
export function emailAddress(required?: string) {
  const typed = required ? z.string({ error: required }).trim().toLowerCase().min(1, required) : z.string().trim().toLowerCase();
  return typed.pipe(
    z
      .email("Adresse e-mail invalide, par exemple prenom.nom@exemple.fr.")
      .max(120, "L'adresse e-mail est trop longue (120 caractères au plus)."),
  );
}

// ---- paging -------------------------------------------------------------------------------

/** A list query's page: 1 to 10 000, 1 when absent. */
export const page = z.coerce.number().int().min(1, "Les pages commencent à 1.").max(10000, "Au plus 10 000 pages.").default(1);

/** A list query's page size: 1 to 100 lines, `defaultSize` when absent. */
export function pageSize(defaultSize: number) {
  return z.coerce.number().int().min(1, "Au moins une ligne par page.").max(100, "Au plus 100 lignes par page.").default(defaultSize);
}

/**
 * A page of a list as the back-office answers it: the items, how many there are in all, the
 * page and its size. A list with more to say extends it (`pageOf(row).extend({ … }).strict()`).
 */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int().nonnegative(),
      page: z.number().int().positive(),
      size: z.number().int().positive(),
    })
    .strict();
}
