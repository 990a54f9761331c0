import express from "express";
import pino from "pino";
import { createBackofficeApi } from "./app";
import { openDatabase } from "./db/open";
import { seedDemoIfEmpty } from "./seed/demo";

/**
 * The back-office as a process of its own: `npm run backoffice`.
 * BACKOFFICE_PORT (default 4000); DATABASE_URL, or embedded PGlite in data/pglite.
 */
async function main(): Promise<void> {
  const logger = pino({ name: "backoffice" });
  const port = Number(process.env.BACKOFFICE_PORT ?? 4000);
  const { db, close } = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.PGLITE_DIR,
    // Without its database the back-office can only answer errors: stop and be restarted.
    onDatabaseLost: (error) => {
      logger.fatal({ err: error }, "embedded database stopped: exiting");
      process.exit(1);
    },
  });
  const seeded = await seedDemoIfEmpty(db);
  if (seeded) logger.info("demo data created");

  const app = express();
  app.disable("x-powered-by");
  // Answers are not hashed into ETags: only the cart is tagged, by its version (decision 0085).
  app.set("etag", false);
  app.use("/api", createBackofficeApi({ db, logger, warm: true }));
  const server = app.listen(port, "127.0.0.1", () => logger.info({ port }, "back-office listening"));

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => {
      close().then(() => process.exit(0), () => process.exit(1));
    });
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
