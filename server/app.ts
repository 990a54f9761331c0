import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { CatalogueConfig, PortalConfig, PortalLogger, PortalServices } from "~/entry.server";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import { deriveAlertsSecret } from "./backoffice/alerts/tokens";
import { createBackofficeApi } from "./backoffice/app";
import { createLoginThrottle } from "./backoffice/auth/login-throttle";
import { ROOT_DIR } from "./config/project-root";
import { resolveSessionSecret } from "./config/session-secret";
import { localPortalUrl } from "./config/env";
import { FIRST_START_NOTICE, openPortalDatabase } from "./database";
import { attachRealtime } from "./realtime/index";
import { readRealtimeEnv } from "./realtime/env";
import { logger as processLogger } from "./logger";
import { pageViews } from "./middleware/analytics";
import { errorAnswer } from "./middleware/error-answer";
import { publicBackofficeOnly } from "./middleware/backoffice-exposure";
import { requestId } from "./middleware/request-id";
import { sameOriginOnly } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { staticFiles } from "./middleware/static";
import { importPortalBuild, watchPortalBuild, type LoadedBuild } from "./portal-build";
import { createRemixHandler, type PortalRuntime } from "./remix-handler";
import { inProcessBackoffice } from "./in-process-backoffice";
import { closeGracefully } from "./shutdown";

export interface PortalServerOptions {
  /**
   * What closing does with idle kept-alive connections (server/shutdown.ts): "expire" for the
   * real process (server/index.ts: no request of a client that just picked one is reset),
   * "close" (the default) where the only clients are the caller's own, as in the tests, which
   * would otherwise wait out each keep-alive timeout.
   */
  idleOnClose?: "expire" | "close";
  port?: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  memoryDb?: boolean;
  /** Another back-office speaking the contract; default: this server's own back-office. */
  upstreamUrl?: string;
  /**
   * Who reaches the back-office on the public port (decision 0141). "all": every /api call
   * (development's default: the tests, the warehouse command, curl). "service-calls"
   * (production's default): only the distributor's systems' calls (/api/erp, /api/analytics,
   * service tokens) and the alerts' one-click unsubscribe; the portal then calls the whole
   * contract on a listener of its own bound to 127.0.0.1 (`backofficePort`).
   */
  publicBackoffice?: "all" | "service-calls";
  /** Port of that private listener on 127.0.0.1 (BACKOFFICE_PORT); default 0: any free port. */
  backofficePort?: number;
  /**
   * How the portal's JSON calls reach its own back-office (no `upstreamUrl`): "in-process" (the
   * default: the same Express app without a socket, decision 0156) or "http" over loopback.
   * Files (PDF, ZIP) always come over HTTP.
   */
  backofficeTransport?: "in-process" | "http";
  sessionSecret?: string;
  production?: boolean;
  trustProxyHops?: number;
  /** Gzip answers here (default); false behind a reverse proxy that compresses (COMPRESSION=off, decision 0155). */
  compression?: boolean;
  /** Image servers the pages may show pictures from (IMAGE_ORIGINS: https origins), added to the CSP. */
  imageOrigins?: readonly string[];
  upstreamTimeoutMs?: number;
  now?: () => Date;
  /** Order and quote emails: SMTP when set, otherwise .eml files under <dataDir>/mail. */
  smtpUrl?: string;
  mailFrom?: string;
  /**
   * The portal's public address (PORTAL_URL), which the e-mails' links start with. Default
   * outside production: the local address the portal listens on (http://localhost:PORT), or,
   * on any free port (0), none: the links give the page's path.
   */
  portalUrl?: string;
  /**
   * Seed the demo into an empty database and accept the demo's service token. Default: outside
   * production only; a production start passes DEMO_DATA=1 (decision 0163).
   */
  demoData?: boolean;
  /** Who issues the invoices (INVOICES_ISSUED_BY, decision 0184): the portal at each shipment (default) or the ERP. */
  invoicesIssuedBy?: InvoicesIssuedBy;
  /** Redis relaying live cart events between instances; default: REDIS_URL (docs/realtime.md). */
  redisUrl?: string;
  realtimeChannel?: string;
  /** Catalogue tuning (CATALOGUE_* variables); what is left out takes the app's defaults. */
  catalogue?: Partial<CatalogueConfig>;
  /** Default: the process's pino logger (server/logger.ts); the services log through it too. */
  logger?: PortalLogger;
  /**
   * `remix dev`'s origin (REMIX_DEV_ORIGIN, npm run dev): outside production, the server then
   * serves each build remix dev writes, with services built from it, and tells remix dev when
   * it is ready (decision 0099).
   */
  devServerOrigin?: string;
  /** Told if the embedded database's thread stops while the portal runs (server/index.ts exits). */
  onDatabaseLost?: (error: Error) => void;
}

export interface PortalServer {
  url: string;
  /** Where this server's own back-office answers the whole contract: the public url, or the private listener. */
  backofficeUrl: string;
  httpServer: http.Server;
  /**
   * The Express app the server answers with (its router stack is the route table: the
   * access-control matrix reads it; socket.io hides the request listener in a closure).
   */
  app: express.Express;
  /** What loaders receive (tests and benchmarks drive the services of a running server). */
  services(): PortalServices;
  close(): Promise<void>;
}

/** Composes the portal: middleware, the back-office under /api, static files, the Remix app. */
export async function createPortalServer(options: PortalServerOptions = {}): Promise<PortalServer> {
  const production = options.production ?? process.env.NODE_ENV === "production";
  const dataDir = path.resolve(ROOT_DIR, options.dataDir ?? "data");
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? processLogger;
  // Loaded before anything is opened: a missing build stops the start with nothing to close.
  const buildPath = path.join(ROOT_DIR, "build", "index.js");
  const firstBuild = await importPortalBuild(buildPath);
  const sessionSecret = await resolveSessionSecret({
    provided: options.sessionSecret,
    production,
    dataDir,
    warn: (message) => logger.warn(message),
  });
  const demoData = options.demoData ?? !production;
  const database = await openPortalDatabase({
    databaseUrl: options.databaseUrl,
    dataDir,
    memory: options.memoryDb ?? false,
    demoData,
    onDatabaseLost: options.onDatabaseLost,
    onDemoCopyError: (error) =>
      logger.warn({ err: error }, "Copie des données de démonstration illisible ou impossible à écrire : elles sont créées"),
  });
  if (database.demo) logger.info({ demo: database.demo }, "Données de démonstration ajoutées");
  if (database.empty) logger.warn(FIRST_START_NOTICE);
  const portalUrl = options.portalUrl ?? (production ? undefined : localPortalUrl(options.host ?? "0.0.0.0", options.port ?? 3000));

  // The build that serves requests and the services built from its entry module, always
  // swapped together (development swaps in each new build, decision 0099).
  let runtime: PortalRuntime | null = null;
  const current = (): PortalRuntime => {
    if (!runtime) throw new Error("The portal is not listening yet.");
    return runtime;
  };

  const app = express();
  app.disable("x-powered-by");
  // Answers are not hashed into ETags: only the cart is tagged, by its version (decision 0085).
  app.set("etag", false);
  app.set("trust proxy", options.trustProxyHops ?? 0);
  app.use(requestId);
  app.use(securityHeaders({ production, imageOrigins: options.imageOrigins }));
  app.use(sameOriginOnly);
  // The back-office sends the quotes' emails through the project's mail service, taken from the
  // build (decision 0099) with the portal's settings: same server or same folder as the orders'.
  const mail = { smtpUrl: options.smtpUrl, from: options.mailFrom ?? firstBuild.app.DEFAULT_MAIL_FROM, dir: path.join(dataDir, "mail") };
  const mailer = firstBuild.app.createMailer({ ...mail, logger }, now);
  const backofficeJobs = new AbortController();
  const realtimeEnv = readRealtimeEnv();
  const redisUrl = options.redisUrl ?? realtimeEnv.REDIS_URL;
  const redisPrefix = options.realtimeChannel ?? realtimeEnv.REALTIME_CHANNEL;
  // Failed logins on /api/auth/login, counted in Redis too when there is one: every instance sees every attempt (decision 0136).
  const loginThrottle = createLoginThrottle({
    redisUrl,
    prefix: redisPrefix,
    onError: (error) => logger.warn({ err: error }, "Redis injoignable : échecs de connexion comptés en mémoire"),
  });
  // Before compression: with BACKOFFICE_TRANSPORT=http the portal calls its own back-office
  // over loopback on every page (decision 0156), where gzipping each JSON answer (and
  // gunzipping it in the caller) is pure cost; the distributor's /api calls are small.
  const backoffice = createBackofficeApi({
    db: database.db,
    now,
    warm: true,
    logger,
    mailer,
    portalUrl,
    signal: backofficeJobs.signal,
    // The demo's token is public (README): a production portal takes it only with DEMO_DATA=1 (decision 0163).
    refuseDemoServiceToken: production && !demoData,
    // The alerts' unsubscribe links are signed with a key of their own, derived from the session secret.
    alertsSecret: deriveAlertsSecret(sessionSecret),
    loginThrottle,
    invoicesIssuedBy: options.invoicesIssuedBy,
    // A logout on one instance ends the token on every other at once (decision 0143).
    revocations: redisUrl ? { redisUrl, channel: redisPrefix } : undefined,
  });
  // In production a user's own password opens nothing of the API on the public port: the
  // portal calls its back-office on 127.0.0.1, the distributor's systems keep theirs (decision 0141).
  const exposure = options.publicBackoffice ?? (production ? "service-calls" : "all");
  if (exposure === "all") app.use("/api", backoffice);
  else app.use("/api", publicBackofficeOnly, backoffice);
  if (options.compression ?? true) app.use(compression());
  app.use(staticFiles(path.join(ROOT_DIR, "public")));
  // Page views counted without cookies, written to the back-office's tables (docs/analytics.md, decision 0125).
  app.use(pageViews({ db: database.db, now, logger, signal: backofficeJobs.signal }));
  // Remix serializes errors with their stacks into pages and data in its development mode: only
  // under `remix dev` (npm run dev, the developer's own browser), never for `npm start` (decision 0139).
  const devServerOrigin = production ? undefined : options.devServerOrigin;
  app.all("*", createRemixHandler(current, { production: devServerOrigin === undefined }));
  app.use(errorAnswer(logger));

  const privateApp = backofficeOnly(backoffice);
  // On any free port (0) the listener is exclusive: under node:cluster (WEB_CONCURRENCY, decision
  // 0153) workers would otherwise share one port, and a worker's file downloads would reach
  // another worker's back-office. A port given (BACKOFFICE_PORT) stays shared between workers.
  const privatePort = options.backofficePort ?? 0;
  const privateServer =
    exposure === "all"
      ? null
      : await listen(privateApp, privatePort, "127.0.0.1", privatePort === 0).catch(async (error: unknown) => {
          await database.close();
          throw error;
        });
  // The public server drains first (its requests still call the back-office), then the private one, then the database.
  const closeResources = async () => {
    backofficeJobs.abort(); // already done by close(); a failed start needs it too (jobs, the revocations' Redis clients)
    if (privateServer) await closeGracefully(privateServer, async () => undefined, { idle: "close" });
    await database.close();
    await loginThrottle.close();
  };
  const httpServer = await listen(app, options.port ?? 3000, options.host ?? "0.0.0.0").catch(async (error: unknown) => {
    await closeResources();
    throw error;
  });
  const realtime = await attachRealtime(httpServer, {
    portal: current,
    redisUrl,
    channel: redisPrefix,
    allowedOrigins: publicOrigins(options.portalUrl, realtimeEnv.REALTIME_ALLOWED_ORIGINS),
    logger,
  }).catch(async (error: unknown) => {
    await closeGracefully(httpServer, closeResources);
    throw error;
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const backofficeUrl = privateServer ? `http://127.0.0.1:${(privateServer.address() as AddressInfo).port}` : url;
  const inProcess = !options.upstreamUrl && (options.backofficeTransport ?? "in-process") === "in-process";
  const inProcessApp = inProcess ? inProcessBackoffice(backoffice) : null;
  const servicesConfig: PortalConfig = {
    upstreamUrl: options.upstreamUrl ?? backofficeUrl,
    sessionSecret,
    secureCookies: production,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    now,
    realtime: realtime.publisher,
    mail,
    catalogue: options.catalogue,
    logger,
    // The public forms' throttles count in Redis too when there is one: every instance sees every attempt (decision 0123).
    rateLimits: {
      redisUrl,
      prefix: redisPrefix,
      onError: (error) => logger.warn({ err: error }, "Redis injoignable : limites de fréquence comptées en mémoire"),
    },
  };
  const runtimeOf = (loaded: LoadedBuild): PortalRuntime => ({
    ...loaded,
    services: loaded.app.createPortalServices({
      ...servicesConfig,
      upstreamTransport: inProcessApp ? loaded.app.inProcessTransport(inProcessApp) : undefined,
    }),
  });
  runtime = runtimeOf(firstBuild);

  const announce = (loaded: LoadedBuild) =>
    broadcastDevReady(loaded.build, devServerOrigin).catch((error: unknown) =>
      logger.warn({ err: error }, "Serveur de développement Remix injoignable"),
    );
  const watcher = devServerOrigin
    ? watchPortalBuild(
        buildPath,
        (loaded) => {
          runtime = runtimeOf(loaded);
          logger.info({ version: loaded.build.assets.version }, "Nouvelle version de l'application chargée");
          void announce(loaded);
        },
        (error) => logger.warn({ err: error }, "Nouvelle version de l'application illisible"),
      )
    : null;
  if (devServerOrigin) await announce(firstBuild);

  const close = async () => {
    watcher?.stop();
    backofficeJobs.abort();
    await realtime.close(); // open WebSockets would hold the drain until its timeout
    await closeGracefully(httpServer, closeResources, { idle: options.idleOnClose ?? "close" });
    await runtime?.services.rateLimits.close();
  };
  return { url, backofficeUrl, httpServer, app, services: () => current().services, close };
}

/**
 * The whole back-office under /api and nothing else: what the portal itself calls, in process
 * (decision 0156) and, in production, on 127.0.0.1 for files (decision 0141).
 */
function backofficeOnly(backoffice: express.Router): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(requestId);
  app.use("/api", backoffice);
  return app;
}

function listen(app: express.Express, port: number, host: string, exclusive = false): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.once("error", reject);
    server.listen({ port, host, exclusive }, () => resolve(server));
  });
}

/** The origins a live connection may come from: PORTAL_URL's and REALTIME_ALLOWED_ORIGINS (decision 0166). */
function publicOrigins(portalUrl: string | undefined, allowed: readonly string[]): string[] {
  const origins = allowed.map((origin) => new URL(origin).origin);
  if (portalUrl) origins.push(new URL(portalUrl).origin);
  return [...new Set(origins)];
}
