import cluster from "node:cluster";
import { superviseWorkers, WORKER_READY } from "./cluster";
import { clockFromEnv, readEnv, type ServerEnv } from "./config/env";
import { logger } from "./logger";

/**
 * The process entry: the portal itself, or with WEB_CONCURRENCY > 1 the primary that forks
 * that many portal processes (server/cluster.ts, decision 0153); each of them comes back here
 * as a cluster worker and runs main().
 */
async function start(): Promise<void> {
  const env = readEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    superviseWorkers({ count: env.WEB_CONCURRENCY, logger });
    return;
  }
  await main(env);
}

/** Starts the portal from the environment and stops it cleanly on SIGTERM or SIGINT. */
async function main(env: ServerEnv): Promise<void> {
  // Imported here: a cluster's primary serves nothing and need not load the server's modules.
  const { createPortalServer } = await import("./app");
  const server = await createPortalServer({
    idleOnClose: "expire",
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    memoryDb: env.DATABASE_MEMORY,
    upstreamUrl: env.UPSTREAM_URL,
    backofficePort: env.BACKOFFICE_PORT,
    backofficeTransport: env.BACKOFFICE_TRANSPORT,
    sessionSecret: env.SESSION_SECRET,
    production: env.NODE_ENV === "production",
    trustProxyHops: env.TRUST_PROXY,
    compression: env.COMPRESSION === "on",
    imageOrigins: env.IMAGE_ORIGINS,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    now: clockFromEnv(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    portalUrl: env.PORTAL_URL,
    demoData: env.NODE_ENV !== "production" || env.DEMO_DATA,
    invoicesIssuedBy: env.INVOICES_ISSUED_BY,
    catalogue: {
      stockMode: env.CATALOGUE_STOCK_MODE,
      stockPaceMs: env.CATALOGUE_STOCK_PACE_MS,
      stockWaitMs: env.CATALOGUE_STOCK_WAIT_MS,
      cacheTtlMs: env.CATALOGUE_CACHE_TTL_MS,
    },
    devServerOrigin: env.REMIX_DEV_ORIGIN,
    // Without its database the portal can only answer errors: stop, and let the supervisor
    // (systemd, a container runtime) start it again.
    onDatabaseLost: (error) => {
      logger.fatal({ err: error }, "La base de données embarquée s'est arrêtée : arrêt du portail");
      process.exit(1);
    },
  });
  const url = server.url.replace("127.0.0.1", env.HOST === "0.0.0.0" ? "localhost" : env.HOST);
  logger.info(cluster.isWorker ? { url, worker: cluster.worker?.id } : { url }, "Portail démarré");
  if (cluster.isWorker) process.send?.(WORKER_READY);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A worker may get the same stop twice (Ctrl-C reaches the whole process group, then the
    // primary sends SIGTERM): it goes on draining; forcing is the primary's second signal.
    if (stopping && cluster.isWorker) return;
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "Arrêt en cours");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "Arrêt en erreur");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

start().catch((error: unknown) => {
  logger.fatal({ err: error }, "Le portail n'a pas pu démarrer");
  process.exit(1);
});
