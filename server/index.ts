import { createPortalServer } from "./app";
import { clockFromEnv, readEnv } from "./config/env";
import { logger } from "./logger";

/** Starts the portal from the environment and stops it cleanly on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const env = readEnv();
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
  logger.info({ url: server.url.replace("127.0.0.1", env.HOST === "0.0.0.0" ? "localhost" : env.HOST) }, "Portail démarré");

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
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

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "Le portail n'a pas pu démarrer");
  process.exit(1);
});
