import { rm } from "node:fs/promises";
import { openDatabase } from "../db/open";
import { parisDate } from "@shared/domain/index";
import { seedBench } from "./bench";

/**
 * `npm run seed:bench`: writes the benchmark database (BENCH_DATABASE_URL or DATABASE_URL,
 * else PGlite in data/pglite-bench, recreated from scratch).
 */
export const BENCH_PGLITE_DIR = "data/pglite-bench";

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) await rm(BENCH_PGLITE_DIR, { recursive: true, force: true });
  const started = Date.now();
  const { db, close } = await openDatabase(url ? { url } : { dataDir: BENCH_PGLITE_DIR });
  try {
    const existing = await db.selectFrom("organizations").select("id").limit(1).executeTakeFirst();
    if (existing) throw new Error("La base de benchmark n'est pas vide : utilisez une base dédiée.");
    const now = new Date();
    await seedBench(db, { today: parisDate(now), now });
    const counts = await db
      .selectFrom("products")
      .select((eb) => [eb.fn.countAll<number>().as("products")])
      .executeTakeFirstOrThrow();
    const orgs = await db
      .selectFrom("organizations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const orders = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    console.log(
      `Benchmark data: ${counts.products} products, ${orgs.n} organizations, ${orders.n} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
