import { sql, type Kysely } from "kysely";

/**
 * The saved cart as json rather than jsonb. The back-office never queries inside a cart: it
 * writes the whole document on every save and reads it whole. jsonb converts the text to its
 * binary form on each write and back on each read; json keeps the text as sent (still checked
 * as JSON). On a 100-line cart (about 50 KB) this takes about 0.8 ms off each save on PGlite
 * (docs/decisions/0085-cart-revalidation.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table carts alter column data type json using data::json`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table carts alter column data type jsonb using data::jsonb`.execute(db);
}
