import { sql, type Kysely } from "kysely";

/**
 * Order amounts in cents as bigint: an integer column stops at 21,474,836.47 €, which a
 * single line of 9,999 × an expensive engine already passes, and the confirmation then
 * failed with an internal error. Quantities and unit prices stay integers (a line is capped at
 * 9,999 and a unit price fits). int8 values are read back as numbers (db/text-parsers.ts),
 * exact up to 2^53 cents.
 */
const ORDER_AMOUNTS = ["total_ht", "total_ecotaxe", "total_tva", "total_ttc"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ORDER_AMOUNTS) {
    await sql`alter table orders alter column ${sql.ref(column)} type bigint`.execute(db);
  }
  await sql`alter table order_lines alter column line_total_ht type bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ORDER_AMOUNTS) {
    await sql`alter table orders alter column ${sql.ref(column)} type integer`.execute(db);
  }
  await sql`alter table order_lines alter column line_total_ht type integer`.execute(db);
}
