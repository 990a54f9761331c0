import { sql, type Kysely } from "kysely";
import { hashPassword } from "../auth/passwords";
import type { Database } from "../db/schema";
import { seedCatalogue } from "./catalogue";
import { registerServiceToken } from "../auth/service-tokens";
import { seedBenchInvoices } from "./invoices";
import { seedPastOrders } from "./orders";
import { NAMED_CLIENTS, DEMO_PASSWORD, DEMO_SERVICE_NAME, DEMO_SERVICE_TOKEN } from "./organizations-data";
import { seedOrganizations } from "./organizations";
import { seedPrices } from "./prices";
import { Prng } from "./prng";

export interface BenchOptions {
  products?: number;
  /** Organizations in all, the distributor included. */
  organizations?: number;
  /** Past orders of BENCH_ORDERS_ORG (default 5,000). */
  orders?: number;
  today: string;
  /** The instant the past orders end at (default 9:00 on `today` in France). */
  now?: Date;
  /** Invoices of BENCH_ORDERS_ORG (default 20,000; docs/invoices.md). */
  invoices?: number;
}

/** The organization whose 5,000 past orders and 20,000 invoices the benchmark set holds: Voilerie Atlantique. */
export const BENCH_ORDERS_ORG = "C0001";

/**
 * The benchmark data set: the demo's shapes at scale (50,000 products, 500 organizations with
 * sparse prices, 5,000 past orders of Voilerie Atlantique). Every account shares one password hash: the set is for load tests, its
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
    // One organization with a long past: the account pages' lists at scale (docs/performance.md).
    const main = clients.get(BENCH_ORDERS_ORG);
    if (main !== undefined) {
      await seedPastOrders(trx, rng, {
        orgs: [{ ref: BENCH_ORDERS_ORG, id: main, count: options.orders ?? 5000 }],
        productIds: catalogue.productIds,
        today: options.today,
        now: options.now ?? new Date(`${options.today}T09:00:00+01:00`),
      });
      // Its invoices as rows only (their PDFs are rendered on first download): the invoice list at scale.
      await seedBenchInvoices(trx, main, options.invoices ?? 20_000, options.today);
    }
    await registerServiceToken(trx, DEMO_SERVICE_NAME, DEMO_SERVICE_TOKEN);
  });
  // Fresh statistics, or the planner guesses and scans the whole products table; the vacuum
  // sets the visibility map, so counts over the listed-products indexes are index-only.
  await sql`vacuum analyze`.execute(db);
}
