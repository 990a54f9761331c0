import { Kysely, Migrator, sql, type MigrationProvider } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../../server/backoffice/db/migrations/index";
import { PGliteDialect } from "../../../server/backoffice/db/pglite-driver";
import { PGliteThread } from "../../../server/backoffice/db/pglite-thread";
import type { Database } from "../../../server/backoffice/db/schema";

/**
 * Migration 0028 on people accounts stored before invoices needed prices (decision 0188):
 * invoices off where prices are off, a history line for each, the others untouched.
 */

const before0028: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(await migrationProvider.getMigrations()).filter(([name]) => name < "0028")),
};

async function migrate(db: Kysely<Database>, provider: MigrationProvider): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  expect(results?.every((result) => result.status === "Success")).toBe(true);
}

describe("migration 0028: invoices follow prices", () => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    const thread = new PGliteThread(undefined);
    await thread.waitReady;
    db = new Kysely<Database>({ dialect: new PGliteDialect(thread) });
    await migrate(db, before0028);
    await sql`insert into organizations (id, ref, name, title, zipcode, city, country) values (9001, 'C9001', 'Voilerie du Test', 'Voilerie du Test', '29200', 'Brest', 'FR')`.execute(
      db,
    );
    const person = (id: number, login: string, flags: string | null) =>
      sql`insert into users (id, org_id, class, login, password_hash, name, title, auth_flags)
          values (${id}, 9001, 'people', ${login}, '', ${login}, '', ${flags}::jsonb)`.execute(db);
    await person(9101, "magasinier@test.fr", '{"cart": true, "orders": false, "prices": false}');
    await person(9102, "comptable@test.fr", '{"invoices": true, "prices": false}');
    await person(9103, "acheteur@test.fr", '{"prices": true}');
    await person(9104, "consultant@test.fr", '{"invoices": false, "prices": false}');
    await person(9105, "nouveau@test.fr", null);
    await migrate(db, migrationProvider);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("turns invoices off where prices are off, and writes why in the history", async () => {
    const rows = await db.selectFrom("users").select(["id", "auth_flags"]).where("org_id", "=", 9001).orderBy("id").execute();
    expect(rows.map((row) => row.auth_flags)).toEqual([
      { cart: true, orders: false, prices: false, invoices: false },
      { invoices: false, prices: false },
      { prices: true },
      { invoices: false, prices: false },
      null,
    ]);
    const history = await db
      .selectFrom("user_changes")
      .select(["target_id", "actor_name", "change", "details"])
      .orderBy("target_id")
      .execute();
    expect(history).toEqual([
      { target_id: 9101, actor_name: "Portail (les factures suivent les prix)", change: "flags", details: { invoices: false } },
      { target_id: 9102, actor_name: "Portail (les factures suivent les prix)", change: "flags", details: { invoices: false } },
    ]);
  });
});
