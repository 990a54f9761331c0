import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import pino from "pino";
import { importPortalBuild } from "../portal-build";
import { createBackofficeApi, type BackofficeApiDeps } from "./app";
import { openDatabase } from "./db/open";
import { seedDemoIfEmpty } from "./seed/demo";

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The project's mail service for the quotes' e-mails: it is the app's, reached through the
 * Remix build (decision 0099), with the portal's variables (SMTP_URL, MAIL_FROM, DATA_DIR,
 * PORTAL_URL). Without a build the back-office runs without e-mails, and says so.
 */
async function mailDeps(logger: pino.Logger): Promise<Pick<BackofficeApiDeps, "mailer" | "portalUrl">> {
  try {
    const { app } = await importPortalBuild(path.join(ROOT_DIR, "build", "index.js"));
    const dir = path.resolve(ROOT_DIR, process.env.DATA_DIR ?? "data", "mail");
    const mailer = app.createMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM ?? app.DEFAULT_MAIL_FROM, dir, logger });
    return { mailer, portalUrl: process.env.PORTAL_URL };
  } catch (error) {
    logger.warn({ err: error }, "no portal build: the quotes' e-mails are not sent (npm run build)");
    return { mailer: null };
  }
}

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
  const jobs = new AbortController();
  app.use("/api", createBackofficeApi({ db, logger, warm: true, ...(await mailDeps(logger)), signal: jobs.signal }));
  const server = app.listen(port, "127.0.0.1", () => logger.info({ port }, "back-office listening"));

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    jobs.abort();
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
