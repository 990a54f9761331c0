import { randomBytes } from "node:crypto";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderDetail } from "@shared/contracts/orders";
import { migrationProvider } from "../../../server/backoffice/db/migrations/index";
import { PGliteDialect } from "../../../server/backoffice/db/pglite-driver";
import { PGliteThread } from "../../../server/backoffice/db/pglite-thread";
import type { Database } from "../../../server/backoffice/db/schema";
import { textParsers } from "../../../server/backoffice/db/text-parsers";
import { loadOrderDetail } from "../../../server/backoffice/orders/detail";
import { simpleStep } from "../../../server/backoffice/orders/moves";
import { ENGINES, type Engine } from "./harness";

/**
 * Migrations 0009 and 0010 on a database that already has orders (one made before the
 * lifecycle existed): each order gets a timeline ending in its status, the shipped ones their
 * shipped quantities, and the distributor's calls then move them like any other.
 */

/** The migrations before the orders' lifecycle. */
const before0009: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(await migrationProvider.getMigrations()).filter(([name]) => name < "0009")),
};

async function migrate(db: Kysely<Database>, provider: MigrationProvider): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  expect(results?.every((result) => result.status === "Success")).toBe(true);
}

interface Opened {
  db: Kysely<Database>;
  close(): Promise<void>;
}

async function open(engine: Engine): Promise<Opened> {
  if (engine === "pglite") {
    const thread = new PGliteThread(undefined);
    await thread.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(thread) });
    return { db, close: () => db.destroy() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `t_migration_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        textParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", () => undefined); // idle connections ended by the drop below
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async close() {
      await db.destroy();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

describe.each(ENGINES)("the orders' lifecycle migrations on an existing %s database", (engine) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await open(engine);
    const { db } = opened;
    await migrate(db, before0009);
    // Rows as the back-office wrote them before migration 0009.
    await sql`insert into organizations (id, ref, name, title, zipcode, city, country) values (9001, 'C9001', 'Ancien Client', 'Ancien Client', '29200', 'Brest', 'FR')`.execute(
      db,
    );
    await sql`insert into users (id, org_id, class, login, password_hash, name, title) values (9001, 9001, 'organization', 'ancien@client.fr', 'x', 'Ancien Client', 'Ancien Client')`.execute(
      db,
    );
    for (const [id, ref, status] of [
      [1, "CMD-900001", "livrée"],
      [2, "CMD-900002", "confirmée"],
      [3, "CMD-900003", "acceptée"],
    ] as const) {
      await sql`insert into orders (id, ref, org_id, usr_id, usr_name, idempotency_key, created_at, status, total_ht, total_ecotaxe, total_tva, total_ttc)
                values (${id}, ${ref}, 9001, 9001, 'Ancien Client', ${`old-${id}`}, '2026-03-02T09:00:00Z', ${status}, 5800, 0, 1160, 6960)`.execute(
        db,
      );
      await sql`insert into order_lines (order_id, position, product_id, ref, title, qty, is_port, unit_price, ecotaxe, line_total_ht)
                values (${id}, 0, 1, 'MOT-1', 'Moteur', 4, false, 1000, 0, 4000), (${id}, 1, 2, 'PORT_EXT+1KG', 'Port', 1, true, 1800, 0, 1800)`.execute(
        db,
      );
    }
    await migrate(db, migrationProvider);
  }, 60_000);
  afterAll(async () => {
    await opened.close();
  });

  it("gives every order a timeline that ends in its status, and the shipped ones their quantities", async () => {
    const delivered = orderDetail.parse(await loadOrderDetail(opened.db, { ref: "CMD-900001" }, true));
    expect(delivered.timeline.map((event) => [event.kind, event.status, event.author])).toEqual([
      ["confirmed", "confirmée", "Ancien Client"],
      ["shipped", "expédiée", "Reprise des données"],
      ["delivered", "livrée", "Reprise des données"],
    ]);
    expect(delivered.timeline[1]?.label).toBe("Expédition n° 1 : 4 articles (Non communiqué)");
    expect(delivered.lines).toEqual([
      expect.objectContaining({ obj_ref: "MOT-1", ordered: 4, shipped: 4, remaining: 0, backorder: null, certificates: [] }),
    ]);
    expect(delivered.shipping_lines).toEqual([{ obj_ref: "PORT_EXT+1KG", obj_title: "Port", amount_ht: 1800 }]);
    expect(delivered.shipments).toEqual([
      expect.objectContaining({
        number: 1,
        carrier: "Non communiqué",
        tracking_number: null,
        lines: [{ obj_ref: "MOT-1", obj_title: "Moteur", qty: 4 }],
      }),
    ]);

    const confirmed = orderDetail.parse(await loadOrderDetail(opened.db, { ref: "CMD-900002" }, true));
    expect(confirmed.timeline.map((event) => event.kind)).toEqual(["confirmed"]);
    expect(confirmed.lines[0]).toMatchObject({ shipped: 0, remaining: 4 });
  });

  it("lets the distributor's calls move a migrated order", async () => {
    await simpleStep(opened.db, "prepare", { ref: "CMD-900003", author: "ERP", now: new Date("2026-03-03T10:00:00Z") });
    const prepared = orderDetail.parse(await loadOrderDetail(opened.db, { ref: "CMD-900003" }, true));
    expect(prepared.status).toBe("en préparation");
    expect(prepared.timeline.map((event) => event.kind)).toEqual(["confirmed", "accepted", "preparing"]);
    await expect(sql`update orders set status = 'perdue' where id = 3`.execute(opened.db)).rejects.toThrow();
  });
});
