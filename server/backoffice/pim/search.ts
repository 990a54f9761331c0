import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema";

/**
 * The catalogue search (docs/catalogue.md "Search", decision 0127) over each product's search
 * document (migration 0018): its categories' names (weight A), title (B), reference and brand
 * (C) and description (D), in French, accents ignored, each word of the search a prefix.
 */

/** At most this many words count: each one is scored, three look-ups per matching product. */
const MAX_WORDS = 8;

/**
 * Points a word earns where it is found. What the product is (its categories, then its title)
 * outweighs what names it (reference, brand); a word only in the description earns nothing:
 * the product is listed, after those that are what was asked for.
 */
export const SEARCH_POINTS = { A: 4, B: 2, C: 1 } as const;

/**
 * The words of a search that count: runs of letters and digits. A lone letter is left out ("à"
 * unaccented, the "d" of "d'eau"): as a prefix it would match nearly every product. French stop
 * words ("de", "pour"…) are dropped by the database's French configuration.
 */
export function searchWords(q: string): string[] {
  const words = q.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length > 1 || /\p{N}/u.test(word)).slice(0, MAX_WORDS);
}

/** Words of a search as a French prefix query: "antenne vhf" → antenne:* & vhf:*. */
export function toPrefixTsQuery(q: string): string | null {
  const terms = searchWords(q).map((word) => `${word}:*`);
  return terms.length > 0 ? terms.join(" & ") : null;
}

/** A typed reference as the database normalises references (ref_norm): upper case, no spaces. */
export function normalizedRef(q: string): string {
  return q.toUpperCase().replace(/\s+/g, "");
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The sum, over the words, of the points of each part of the document that holds the word. */
function scoreOf(words: readonly string[]): RawBuilder<number> {
  const parts = words.flatMap((word) =>
    Object.entries(SEARCH_POINTS).map(
      ([weight, points]) =>
        sql`(case when p.search @@ to_tsquery('french', f_unaccent(${`${word}:*${weight}`})) then ${sql.lit(points)} else 0 end)`,
    ),
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * The ids of the listed products matching a search, most relevant first: the exact reference
 * (case and spaces ignored), then references starting with the text, then products holding
 * every word somewhere in their document, by points, then by reference. The same for every
 * caller, so the read model keeps it a short time.
 */
export async function matchingIds(db: Kysely<Database>, q: string): Promise<number[]> {
  const words = searchWords(q);
  const ref = normalizedRef(q);
  const exact = sql<boolean>`(p.ref_norm = ${ref})`;
  const byRefPrefix = sql<boolean>`(p.ref_norm like ${`${escapeLike(ref)}%`})`;
  const everyWord = words.length === 0 ? null : sql`to_tsquery('french', f_unaccent(${words.map((word) => `${word}:*`).join(" & ")}))`;
  let query = db
    .selectFrom("products as p")
    .select("p.id")
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .where((eb) =>
      everyWord === null ? eb(byRefPrefix, "=", true) : eb.or([eb(byRefPrefix, "=", true), eb(sql`p.search`, "@@", everyWord)]),
    )
    .orderBy(exact, "desc")
    .orderBy(byRefPrefix, "desc");
  if (words.length > 0) query = query.orderBy(scoreOf(words), "desc");
  const rows = await query.orderBy("p.ref").execute();
  return rows.map((row) => row.id);
}

/** The key of a search's matching ids in the read model's cache. */
export function searchKey(q: string): string {
  return JSON.stringify([searchWords(q).map((word) => word.toLowerCase()), normalizedRef(q)]);
}
