import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { createPortalServices, type PortalServices } from "~/services/context.server";
import { DEFAULT_MAIL_FROM } from "~/services/mail.server";
import { createBackofficeApi } from "./backoffice/app";
import { resolveSessionSecret } from "./config/session-secret";
import { openPortalDatabase } from "./database";
import { attachRealtime } from "./realtime/index";
import { readRealtimeEnv } from "./realtime/env";
import { logger } from "./logger";
import { requestId } from "./middleware/request-id";
import { sameOriginOnly } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { staticFiles } from "./middleware/static";
import { createRemixHandler } from "./remix-handler";
import { closeGracefully } from "./shutdown";

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface PortalServerOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  memoryDb?: boolean;
  /** Another back-office speaking the contract; default: this server's own /api. */
  upstreamUrl?: string;
  sessionSecret?: string;
  production?: boolean;
  trustProxyHops?: number;
  upstreamTimeoutMs?: number;
  now?: () => Date;
  /** Order emails: SMTP when set, otherwise .eml files under <dataDir>/mail. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Redis relaying live cart events between instances; default: REDIS_URL (docs/realtime.md). */
  redisUrl?: string;
  realtimeChannel?: string;
  /** Told if the embedded database's thread stops while the portal runs (server/index.ts exits). */
  onDatabaseLost?: (error: Error) => void;
}

export interface PortalServer {
  url: string;
  httpServer: http.Server;
  /** What loaders receive (tests and benchmarks drive the services of a running server). */
  services(): PortalServices;
  close(): Promise<void>;
}

/** Composes the portal: middleware, the back-office under /api, static files, the Remix app. */
export async function createPortalServer(options: PortalServerOptions = {}): Promise<PortalServer> {
  const production = options.production ?? process.env.NODE_ENV === "production";
  const dataDir = path.resolve(ROOT_DIR, options.dataDir ?? "data");
  const now = options.now ?? (() => new Date());
  const sessionSecret = await resolveSessionSecret({
    provided: options.sessionSecret,
    production,
    dataDir,
    warn: (message) => logger.warn(message),
  });
  const database = await openPortalDatabase({
    databaseUrl: options.databaseUrl,
    dataDir,
    memory: options.memoryDb ?? false,
    onDatabaseLost: options.onDatabaseLost,
  });

  let services: PortalServices | null = null;
  const currentServices = (): PortalServices => {
    if (!services) throw new Error("The portal is not listening yet.");
    return services;
  };

  const app = express();
  app.disable("x-powered-by");
  // Answers are not hashed into ETags: only the cart is tagged, by its version (decision 0085).
  app.set("etag", false);
  app.set("trust proxy", options.trustProxyHops ?? 0);
  app.use(requestId);
  app.use(securityHeaders({ production }));
  app.use(sameOriginOnly);
  // Before compression: the portal calls its own back-office over loopback on every page,
  // where gzipping each JSON answer (and gunzipping it in the caller) is pure cost.
  app.use("/api", createBackofficeApi({ db: database.db, now, warm: true }));
  app.use(compression());
  app.use(staticFiles(path.join(ROOT_DIR, "public")));
  app.all(
    "*",
    await createRemixHandler({ buildPath: path.join(ROOT_DIR, "build", "index.js"), production, services: currentServices }),
  );

  const httpServer = await listen(app, options.port ?? 3000, options.host ?? "0.0.0.0");
  const realtimeEnv = readRealtimeEnv();
  const realtime = await attachRealtime(httpServer, {
    services: currentServices,
    redisUrl: options.redisUrl ?? realtimeEnv.REDIS_URL,
    channel: options.realtimeChannel ?? realtimeEnv.REALTIME_CHANNEL,
    allowedOrigins: realtimeEnv.REALTIME_ALLOWED_ORIGINS,
    logger,
  }).catch(async (error: unknown) => {
    await closeGracefully(httpServer, () => database.close());
    throw error;
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  services = createPortalServices({
    upstreamUrl: options.upstreamUrl ?? url,
    sessionSecret,
    secureCookies: production,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    now,
    realtime: realtime.publisher,
    mail: { smtpUrl: options.smtpUrl, from: options.mailFrom ?? DEFAULT_MAIL_FROM, dir: path.join(dataDir, "mail") },
  });
  const close = async () => {
    await realtime.close(); // open WebSockets would hold the drain until its timeout
    await closeGracefully(httpServer, () => database.close());
  };
  return { url, httpServer, services: currentServices, close };
}

function listen(app: express.Express, port: number, host: string): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.once("error", reject);
  });
}
