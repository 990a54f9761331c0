import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Kysely } from "kysely";
import pg from "pg";
import type { SessionResponse } from "@shared/contracts/api";
import { createBackofficeApi, type BackofficeApiDeps } from "../../../server/backoffice/app";
import { openDatabase } from "../../../server/backoffice/db/open";
import type { Database } from "../../../server/backoffice/db/schema";
import { seedDemo, type DemoOptions } from "../../../server/backoffice/seed/demo";

/**
 * Starts the back-office on an ephemeral 127.0.0.1 port over a fresh database with the demo
 * data set (the small one unless told): in-memory PGlite, or a throw-away schema of
 * TEST_DATABASE_URL's server.
 */

export type Engine = "pglite" | "postgres";

/** Engines to run the suites on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The demo data's date: fixed so that promotions and refill dates are the same on every run. */
export const DEMO_TODAY = "2026-11-20";

export interface Backoffice {
  baseUrl: string;
  db: Kysely<Database>;
  /** Moves the back-office's clock (token expiry, promotions). */
  setNow(instant: Date): void;
  close(): Promise<void>;
}

async function assertPostgresReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL unreachable at ${url} (REQUIRE_SERVICES=${process.env.REQUIRE_SERVICES ?? ""})`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface StartOptions extends Pick<BackofficeApiDeps, "cartVacuumEvery"> {
  /** "small" (default: faster) or "full", the data `npm start` creates and the README describes. */
  size?: DemoOptions["size"];
}

/** `options`: the demo data's size and API settings a test changes (the vacuum pace, say). */
export async function startBackoffice(engine: Engine, options: StartOptions = {}): Promise<Backoffice> {
  const { size = "small", ...apiOptions } = options;
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  let opened;
  if (engine === "postgres" && url) {
    await assertPostgresReachable(url);
    schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    opened = await openDatabase({ url, schema, poolSize: 12 });
  } else {
    opened = await openDatabase({ memory: true });
  }
  await seedDemo(opened.db, { size, today: DEMO_TODAY });

  let now = new Date(`${DEMO_TODAY}T10:00:00+01:00`);
  // Uploaded certificate files go to a throw-away directory, never the working tree's data/.
  const certificatesDir = await mkdtemp(path.join(tmpdir(), "certificats-bo-"));
  const app = express();
  app.set("etag", false); // as the servers do (decision 0085)
  app.use("/api", createBackofficeApi({ db: opened.db, now: () => now, logger: { error: () => undefined }, certificatesDir, ...apiOptions }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    db: opened.db,
    setNow: (instant) => {
      now = instant;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
      await rm(certificatesDir, { recursive: true, force: true });
      if (schema && url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  };
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  /** A raw body sent as is (malformed JSON tests). */
  rawBody?: string;
}

export interface CallResult<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(bo: Backoffice, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody) headers["content-type"] = "application/json";
  const response = await fetch(`${bo.baseUrl}${path}`, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function login(bo: Backoffice, loginName: string, password = "demo1234"): Promise<SessionResponse> {
  const result = await call<SessionResponse>(bo, "/auth/login", { body: { login: loginName, password } });
  if (result.status !== 200) throw new Error(`login ${loginName} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export const LOGINS = {
  client: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  storekeeper: "magasinier@voilerie-atlantique.fr",
  consultant: "consultant@voilerie-atlantique.fr",
  suspension: "achats@chantier-naval-suspension.fr",
  exporter: "export@antilles-marine.com",
  belgium: "achats@nautic-belgium.be",
  corsica: "contact@nautisme-ajaccio.fr",
  integrator: "contact@integrateur-ais.fr",
  sales: "commercial@nautidistrib.fr",
  sales2: "commercial2@nautidistrib.fr",
} as const;
