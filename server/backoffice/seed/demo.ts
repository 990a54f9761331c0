import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { parisDate } from "@shared/domain/index";
import { seedCatalogue } from "./catalogue";
import { seedContent } from "./content";
import { seedInvoices } from "./invoices";
import { seedPastOrders } from "./orders";
import { registerServiceToken } from "../auth/service-tokens";
import { DEMO_PASSWORD, DEMO_SERVICE_NAME, DEMO_SERVICE_TOKEN, NAMED_CLIENTS } from "./organizations-data";
import { seedOrganizations } from "./organizations";
import { seedPriceGroups } from "./price-groups";
import { seedPrices } from "./prices";
import { seedApprovals } from "./approvals";
import { seedOrderLists } from "./order-lists";
import { seedReplenishment } from "./replenishment";
import { seedReturns } from "./returns";
import { seedQuotes } from "./quotes";
import { seedRequests } from "./requests";
import { seedDemoViews } from "../analytics/demo-views";
import { Prng } from "./prng";

export interface DemoOptions {
  /** "full": about 2,000 products and 40 organizations; "small": a faster set for tests. */
  size?: "full" | "small";
  /** Base date of promotions and refill dates (default: today in France). */
  today?: string;
  seed?: number;
}

const SIZES = {
  full: { products: 2000, otherClients: 31, specificPerOrg: 25, ordersOfC0001: 72, ordersOfOthers: 30 },
  small: { products: 240, otherClients: 12, specificPerOrg: 5, ordersOfC0001: 20, ordersOfOthers: 8 },
} as const;

/**
 * Creates the demo data set (docs in README: the demo logins). Deterministic: the same seed
 * and date give the same rows. Every account's password is "demo1234", each with its own salt.
 */
export async function seedDemo(db: Kysely<Database>, options: DemoOptions = {}): Promise<void> {
  await seedDemoWhen(db, options, () => Promise.resolve(true));
}

/** Seeds the demo data when the database has no organization yet; true when it did. */
export async function seedDemoIfEmpty(db: Kysely<Database>, options: DemoOptions = {}): Promise<boolean> {
  // The usual start finds its data at once, without hashing passwords or taking a lock.
  if (await hasOrganizations(db)) return false;
  return seedDemoWhen(db, options, async (trx) => !(await hasOrganizations(trx)));
}

async function hasOrganizations(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("organizations").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Lock id of the demo seeding (the migrations use 4201). */
const SEED_LOCK = 4202;

/**
 * Writes the demo data in one transaction when `shouldSeed` says so under the seeding lock:
 * instances started together on one empty PostgreSQL server queue there, the first seeds and
 * the others find its rows instead of failing on a duplicate key.
 */
async function seedDemoWhen(
  db: Kysely<Database>,
  options: DemoOptions,
  shouldSeed: (trx: Transaction<Database>) => Promise<boolean>,
): Promise<boolean> {
  const size = SIZES[options.size ?? "full"];
  const today = options.today ?? parisDate(new Date());
  // A given date is seeded as of 9:00 that morning in France; otherwise as of now.
  const now = options.today ? new Date(`${options.today}T09:00:00+01:00`) : new Date();
  const rng = new Prng(options.seed ?? 20261122);
  // scrypt is deliberately slow (a tenth of a second a hash): the demo's accounts share one hash
  // of their one public password. Each row still holds its own copy: an account whose password
  // is changed or set through an invitation gets its own salt. That was 2.2 s of a first start.
  const sharedHash = await hashPassword(DEMO_PASSWORD);
  const nextHash = async () => sharedHash;
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await shouldSeed(trx))) return false;
    const catalogue = await seedCatalogue(trx, rng, size.products, today);
    const { clients } = await seedOrganizations(trx, rng, size.otherClients, nextHash);
    await seedPrices(trx, rng, [...clients.values()], catalogue, today, size.specificPerOrg);
    await seedPriceGroups(trx);
    const orgs = NAMED_CLIENTS.flatMap((seed) => {
      const id = clients.get(seed.ref);
      return id === undefined ? [] : [{ ref: seed.ref, id, count: seed.ref === "C0001" ? size.ordersOfC0001 : size.ordersOfOthers }];
    });
    await seedPastOrders(trx, rng, { orgs, productIds: catalogue.productIds, today, now });
    await seedInvoices(trx, { today, now });
    await seedQuotes(trx, { today, now });
    await seedContent(trx, { today, now });
    await seedRequests(trx, { now });
    await seedApprovals(trx, { today, now });
    await seedOrderLists(trx, { now });
    // After the lists: the demo's schedule orders « Consommables atelier ».
    await seedReplenishment(trx, { today, now });
    // After the invoices: a return in each state on Voilerie Atlantique's delivered orders.
    await seedReturns(trx, { today, now });
    await seedDemoViews(trx, today);
    await registerServiceToken(trx, DEMO_SERVICE_NAME, DEMO_SERVICE_TOKEN);
    return true;
  });
  // Fresh statistics, or the planner guesses and scans the whole products table.
  if (seeded) await sql`analyze`.execute(db);
  return seeded;
}
