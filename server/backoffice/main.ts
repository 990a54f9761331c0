import path from "node:path";
import express from "express";
import pino from "pino";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import { envSchema, localPortalUrl } from "../config/env";
import { ROOT_DIR } from "../config/project-root";
import { resolveSessionSecret } from "../config/session-secret";
import { importPortalBuild } from "../portal-build";
import { deriveAlertsSecret } from "./alerts/tokens";
import { createBackofficeApi, type BackofficeApiDeps } from "./app";
import { createLoginThrottle } from "./auth/login-throttle";
import { openDatabase } from "./db/open";
import { seedDemoIfEmpty } from "./seed/demo";

/**
 * The project's mail service for the quotes' e-mails and the alerts: it is the app's, reached through the
 * Remix build (decision 0099), with the portal's variables (SMTP_URL, MAIL_FROM, DATA_DIR,
 * PORTAL_URL). Without a build the back-office runs without e-mails, and says so.
 */
async function mailDeps(logger: pino.Logger): Promise<Pick<BackofficeApiDeps, "mailer" | "portalUrl">> {
  try {
    const { app } = await importPortalBuild(path.join(ROOT_DIR, "build", "index.js"));
    const dir = path.resolve(ROOT_DIR, process.env.DATA_DIR ?? "data", "mail");
    const mailer = app.createMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM ?? app.DEFAULT_MAIL_FROM, dir, logger });
    const production = process.env.NODE_ENV === "production";
    // Outside production the links lead to the portal `npm start` serves on this machine.
    return {
      mailer,
      portalUrl: process.env.PORTAL_URL ?? (production ? undefined : localPortalUrl("0.0.0.0", Number(process.env.PORT ?? 3000))),
    };
  } catch (error) {
    logger.warn({ err: error }, "no portal build: the quotes' e-mails are not sent (npm run build)");
    return { mailer: null };
  }
}

/**
 * The key of the alerts' unsubscribe links, derived from the portal's session secret as
 * server/app.ts does (SESSION_SECRET, or in development the one generated in
 * DATA_DIR/session-secret), so that a link works on either process. With it and a mailer the
 * alerts go out and the overdue invoices' job runs (createBackofficeApi, docs/alerts.md); a
 * production back-office without SESSION_SECRET runs without alerts, and says so.
 */
async function alertsDeps(logger: pino.Logger): Promise<Pick<BackofficeApiDeps, "alertsSecret">> {
  try {
    const secret = await resolveSessionSecret({
      provided: process.env.SESSION_SECRET,
      production: process.env.NODE_ENV === "production",
      dataDir: path.resolve(ROOT_DIR, process.env.DATA_DIR ?? "data"),
      warn: (message) => logger.warn(message),
    });
    return { alertsSecret: deriveAlertsSecret(secret) };
  } catch (error) {
    logger.warn({ err: error }, "no SESSION_SECRET: the e-mail alerts are not sent");
    return {};
  }
}

/** INVOICES_ISSUED_BY as the portal reads it (server/config/env.ts): a wrong value stops the start. */
function invoicesIssuedByFromEnv(): InvoicesIssuedBy {
  const parsed = envSchema.shape.INVOICES_ISSUED_BY.safeParse(process.env.INVOICES_ISSUED_BY);
  if (!parsed.success) throw new Error(`Invalid configuration: INVOICES_ISSUED_BY: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

/**
 * The back-office as a process of its own: `npm run backoffice`.
 * BACKOFFICE_PORT (default 4000); DATABASE_URL, or embedded PGlite in data/pglite;
 * INVOICES_ISSUED_BY (portal or erp) as the portal.
 */
async function main(): Promise<void> {
  const logger = pino({ name: "backoffice" });
  const port = Number(process.env.BACKOFFICE_PORT ?? 4000);
  // Checked before the database opens: a wrong value stops the start at once.
  const invoicesIssuedBy = invoicesIssuedByFromEnv();
  const { db, close } = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.PGLITE_DIR,
    // Without its database the back-office can only answer errors: stop and be restarted.
    onDatabaseLost: (error) => {
      logger.fatal({ err: error }, "embedded database stopped: exiting");
      process.exit(1);
    },
  });
  // As the portal: in production the demo (public password and service token) only with DEMO_DATA=1 (decision 0163).
  const production = process.env.NODE_ENV === "production";
  const demoData = !production || process.env.DEMO_DATA === "1" || process.env.DEMO_DATA === "true";
  const seeded = demoData && (await seedDemoIfEmpty(db));
  if (seeded) logger.info("demo data created");

  const app = express();
  app.disable("x-powered-by");
  // Answers are not hashed into ETags: only the cart is tagged, by its version (decision 0085).
  app.set("etag", false);
  const jobs = new AbortController();
  // Failed logins counted with the other processes in Redis when there is one (decision 0136).
  const loginThrottle = createLoginThrottle({
    redisUrl: process.env.REDIS_URL,
    prefix: process.env.REALTIME_CHANNEL,
    onError: (error) => logger.warn({ err: error }, "Redis unreachable: failed logins counted in memory"),
  });
  // The jobs (quote reminders, overdue invoices' alerts) stop with `jobs`, before the database closes.
  // With REDIS_URL, a revocation here reaches the portals' own back-offices at once, and theirs here (decision 0143).
  const revocations = process.env.REDIS_URL
    ? { redisUrl: process.env.REDIS_URL, channel: process.env.REALTIME_CHANNEL ?? "portail" }
    : undefined;
  app.use(
    "/api",
    createBackofficeApi({
      db,
      logger,
      warm: true,
      revocations,
      refuseDemoServiceToken: !demoData,
      invoicesIssuedBy,
      ...(await mailDeps(logger)),
      ...(await alertsDeps(logger)),
      signal: jobs.signal,
      loginThrottle,
    }),
  );
  const server = app.listen(port, "127.0.0.1", () => logger.info({ port }, "back-office listening"));

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    jobs.abort();
    void loginThrottle.close();
    server.close(() => {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
