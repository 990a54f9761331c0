import { sql, type Kysely } from "kysely";
import { hashPassword } from "../auth/passwords";
import type { Database } from "../db/schema";
import { seedCatalogue } from "./catalogue";
import { NAMED_CLIENTS, DEMO_PASSWORD } from "./organizations-data";
import { seedOrganizations } from "./organizations";
import { seedPrices } from "./prices";
import { Prng } from "./prng";

export interface BenchOptions {
  products?: number;
  /** Organizations in all, the distributor included. */
  organizations?: number;
  today: string;
}

/**
 * The benchmark data set: the demo's shapes at scale (50,000 products, 500 organizations with
 * sparse prices). Every account shares one password hash: the set is for load tests, its
 * password is public, and 500 scrypt hashes would take most of the time budget.
 */
export async function seedBench(db: Kysely<Database>, options: BenchOptions): Promise<void> {
  const rng = new Prng(50000);
  const sharedHash = await hashPassword(DEMO_PASSWORD);
  const otherCount = (options.organizations ?? 500) - 1 - NAMED_CLIENTS.length;
  await db.transaction().execute(async (trx) => {
    const catalogue = await seedCatalogue(trx, rng, options.products ?? 50000, options.today);
    const { clients } = await seedOrganizations(trx, rng, otherCount, async () => sharedHash);
    await seedPrices(trx, rng, [...clients.values()], catalogue, options.today, 20);
  });
  // Fresh statistics, or the planner guesses and scans the whole products table; the vacuum
  // sets the visibility map, so counts over the listed-products indexes are index-only.
  await sql`vacuum analyze`.execute(db);
}
