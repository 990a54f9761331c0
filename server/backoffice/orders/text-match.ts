import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";

/**
 * Text filters of the follow-up's lists (docs/orders.md): accents and case ignored, the
 * user's text taken literally (its % and _ are not wildcards).
 */

/** The text with LIKE's wildcards and escape character escaped (PostgreSQL's escape is \). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The column contains the text, accents and case ignored. */
export function containsText(column: Expression<string>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`f_unaccent(lower(${column})) like '%' || f_unaccent(lower(${likeLiteral(text)})) || '%'`;
}

/** At most this many words of a product search are used (each one a LIKE). */
const MAX_WORDS = 8;

/**
 * A product given as a reference's beginning (spaces and case ignored) or as words of its
 * title (each word found, accents and case ignored).
 */
export function productMatches(ref: Expression<string>, title: Expression<string>, text: string): RawBuilder<SqlBool> {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const byRef = sql<SqlBool>`upper(replace(${ref}, ' ', '')) like ${`${likeLiteral(compact)}%`}`;
  const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const byWords = sql.join(
    words.map((word) => containsText(title, word)),
    sql` and `,
  );
  return sql<SqlBool>`(${byRef} or (${byWords}))`;
}
