import { z } from "zod";
import { INVOICE_ISSUERS } from "@shared/contracts/erp-invoices";
import { parseImageOrigins } from "./image-origins";

/**
 * The server's configuration, read once from the environment and checked with zod, so a
 * typo in a variable stops the start with a clear message instead of a strange behaviour.
 */
const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  UPSTREAM_URL: z.url().optional(),
  /**
   * In production the back-office answers the portal on 127.0.0.1 at this port (0: any free one),
   * the public port keeping only the distributor's systems' calls (decision 0141).
   */
  BACKOFFICE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * How the portal reaches its embedded back-office (UPSTREAM_URL unset): in the same process
   * (default, decision 0156) or over loopback HTTP, as it did before (to measure the hop).
   */
  BACKOFFICE_TRANSPORT: z.enum(["in-process", "http"]).default("in-process"),
  SESSION_SECRET: z.string().min(32, { error: "SESSION_SECRET doit faire au moins 32 caractères." }).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_MEMORY: booleanFlag,
  /**
   * Gzip of the answers by the portal itself: "on" for a portal reached directly; "off" behind a
   * reverse proxy that compresses (the deployment docs/deployment.md describes, decision 0155).
   */
  COMPRESSION: z.enum(["on", "off"]).default("on"),
  /** Number of proxies in front of the server (never `true`: a client could spoof X-Forwarded-For). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  /** Order emails go through this SMTP server; unset: written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("NautiDistrib <commandes@nautidistrib.fr>"),
  /**
   * The portal's public address (https://portail.example.fr), which every e-mail's links start
   * with: required in production; in development, the local address the portal listens on.
   */
  PORTAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * In production, the demo data (README's accounts, password and service token) is seeded
   * into an empty database, and the demo token accepted, only with DEMO_DATA=1 (decision 0163).
   * Outside production the demo is always seeded into an empty database.
   */
  DEMO_DATA: booleanFlag,
  /** Test clock (ISO instant the server starts at, then runs on): refused in production. */
  PORTAL_FAKE_NOW: z.iso.datetime({ offset: true }).optional(),
  /**
   * Catalogue tuning (docs/catalogue.md, decision 0041); unset, the app's defaults apply
   * (app/services/catalogue/config.server.ts: batch, 1000, 250, 300000).
   */
  CATALOGUE_STOCK_MODE: z.enum(["batch", "per-product"]).optional(),
  CATALOGUE_STOCK_PACE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  CATALOGUE_STOCK_WAIT_MS: z.coerce.number().int().min(0).max(5000).optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** Image servers the pages may show pictures from (CSP img-src), https origins separated by commas. */
  IMAGE_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseImageOrigins(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  /**
   * Portal processes on this machine (node:cluster, server/cluster.ts): 1 runs today's single
   * process; more needs DATABASE_URL, REDIS_URL and SESSION_SECRET (decision 0153).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * Who issues the invoices (docs/invoices.md « Deux modes », decision 0184): "portal" (default,
   * the embedded demo) numbers one at each shipment; "erp": the distributor's ERP is the system of
   * record, a shipment issues none and the ERP posts its documents (POST /api/erp/invoices).
   */
  INVOICES_ISSUED_BY: z
    .enum(INVOICE_ISSUERS, {
      error: "INVOICES_ISSUED_BY vaut « portal » (le portail émet une facture à chaque expédition) ou « erp » (l'ERP émet les factures).",
    })
    .default("portal"),
  /** Set by `remix dev` (npm run dev) for the server it starts: the server then reloads each new build (decision 0099). */
  REMIX_DEV_ORIGIN: z.url().optional(),
});
export type ServerEnv = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is required in production (at least 32 characters).");
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.PORTAL_URL) {
    throw new Error(
      "PORTAL_URL est obligatoire en production : c'est l'adresse publique du portail (par exemple https://portail.example.fr), par laquelle commencent les liens des e-mails (invitations, mots de passe, devis).",
    );
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.PORTAL_FAKE_NOW) {
    throw new Error("PORTAL_FAKE_NOW is for tests only: it is refused in production.");
  }
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL) {
    throw new Error(
      "WEB_CONCURRENCY > 1 demande DATABASE_URL : la base embarquée (PGlite) appartient à un seul processus. Indiquez un serveur PostgreSQL ou laissez WEB_CONCURRENCY=1.",
    );
  }
  // Outside production a missing secret is generated into a file at start: by each worker at once.
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.SESSION_SECRET) {
    throw new Error(
      "WEB_CONCURRENCY > 1 demande SESSION_SECRET : chaque processus générerait le sien, et une session ouverte sur l'un serait refusée par les autres.",
    );
  }
  // REDIS_URL itself is checked by server/realtime/env.ts: here only whether there is one.
  if (parsed.data.WEB_CONCURRENCY > 1 && !source.REDIS_URL) {
    throw new Error(
      "WEB_CONCURRENCY > 1 demande REDIS_URL : sans Redis, la synchronisation en direct des paniers, les limites de tentatives de connexion et les révocations de session resteraient propres à chaque processus.",
    );
  }
  return { ...parsed.data, PORTAL_URL: parsed.data.PORTAL_URL ?? localPortalUrl(parsed.data.HOST, parsed.data.PORT) };
}

/**
 * Where a browser on this machine reaches a portal listening on `host`:`port`: the links of the
 * e-mails written in development (PORTAL_URL unset). Nothing for port 0 (any free port): the
 * links then stay paths.
 */
export function localPortalUrl(host: string, port: number): string | undefined {
  if (port === 0) return undefined;
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * The server's clock: real time, or real time shifted so that it started at PORTAL_FAKE_NOW
 * (browser tests need a Friday; the clock keeps running so expiries still behave).
 */
export function clockFromEnv(env: Pick<ServerEnv, "PORTAL_FAKE_NOW">, realNow: () => number = Date.now): () => Date {
  if (!env.PORTAL_FAKE_NOW) return () => new Date(realNow());
  const offset = Date.parse(env.PORTAL_FAKE_NOW) - realNow();
  return () => new Date(realNow() + offset);
}
