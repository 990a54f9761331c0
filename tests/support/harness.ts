import type http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import type { Kysely } from "kysely";
import {
  createPortalLoadContext,
  createPortalServices,
  type PortalConfig,
  type PortalLoadContext,
  type PortalServices,
} from "~/services/context.server";
import { DEFAULT_MAIL_FROM, createMailer, type Mailer } from "~/services/mail.server";
import { createBackofficeApi, type BackofficeApiDeps } from "../../server/backoffice/app";
import type { Database } from "../../server/backoffice/db/schema";
import { createQuoteMailNotifier, type QuoteMailNotifier } from "../../server/backoffice/quotes/mail/index";
import { seededPglite, seededPostgres, type DemoSeed, type Engine } from "./seeds";

/**
 * The one test harness (docs/testing.md): the real back-office on 127.0.0.1:<random> over a
 * fresh copy of the demo data, and a portal load context pointing at it, so loaders, actions
 * and the contract are tested against each other without mocks. Feature harnesses
 * (tests/integration/<feature>/harness.ts) only choose options and name their switches.
 */

export type { Engine } from "./seeds";

/** Engines to run back-office suites on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The demo data's usual date (a Friday): promotions and refill dates are the same on every run. */
export const DEMO_TODAY = "2026-11-20";
export const DEMO_PASSWORD = "demo1234";
export const SECRET = "test-secret-0123456789-abcdefghijklmnop";

export interface TestClock {
  now(): Date;
  set(instant: Date): void;
  advance(ms: number): void;
}

/** A clock stopped at `start`, or running from the real time (`"running"`), both movable. */
export function createTestClock(start: Date | "running"): TestClock {
  if (start === "running") {
    let offset = 0;
    return {
      now: () => new Date(Date.now() + offset),
      set: (instant) => void (offset = instant.getTime() - Date.now()),
      advance: (ms) => void (offset += ms),
    };
  }
  let current = start;
  return {
    now: () => current,
    set: (instant) => void (current = instant),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

export interface HarnessOptions {
  engine?: Engine;
  /** Default: the small data set on DEMO_TODAY. */
  seed?: DemoSeed;
  /** Default: stopped on the seed's day at 10:00 in France (or running when the seed has no date). */
  clock?: Date | "running";
  /** Back-office settings a test changes (the vacuum pace, say). */
  api?: Omit<BackofficeApiDeps, "db" | "now">;
  /** Express handlers in front of /api: a test's fault switches and counters. */
  before?: express.RequestHandler[];
  /** The portal's services: false for back-office-only suites; otherwise settings over the defaults. */
  portal?: false | Omit<PortalConfig, "upstreamUrl" | "sessionSecret" | "secureCookies" | "now">;
  /** Prefix of request ids (they show in failure logs). */
  name?: string;
  /**
   * The back-office's e-mails (quotes): true writes each as an .eml file in a temp folder
   * (`mailDir`), read by the test; by default they are composed and sent nowhere.
   */
  mail?: boolean;
  /**
   * Keeps the demo's purchasing limits (Maël Kerjean, the buyer: 2 000 € HT an order;
   * docs/approvals.md). By default they are dropped: most suites order as that buyer, the
   * person with every right, and are about something else than the customer's approvals.
   */
  purchasingLimits?: boolean;
}

export interface Harness {
  /** The server's origin; the contract is under `${url}/api`. */
  url: string;
  db: Kysely<Database>;
  clock: TestClock;
  /** Where uploaded certificate files go (a temp folder). */
  certificatesDir: string;
  /** The back-office's mail folder with `mail: true`, else null (nothing written). */
  mailDir: string | null;
  /** The back-office's mailer, on the harness clock. */
  mailer: Mailer;
  /** The quotes' e-mails the back-office sends: `await quoteMail.settled()` before reading `mailDir`. */
  quoteMail: QuoteMailNotifier;
  services: PortalServices;
  /** A new load context, as Remix makes for each request. */
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const seed = options.seed ?? { size: "small", today: DEMO_TODAY };
  const clock = createTestClock(options.clock ?? (seed.today ? new Date(`${seed.today}T10:00:00+01:00`) : "running"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const engine = options.engine ?? "pglite";
  if (engine === "postgres" && !serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = engine === "postgres" && serverUrl ? await seededPostgres(serverUrl, seed) : await seededPglite(seed);
  if (!options.purchasingLimits) await database.db.deleteFrom("purchasing_limits").execute();
  // Uploaded certificate files go to a throw-away directory, never the working tree's data/.
  const certificatesDir = await mkdtemp(path.join(tmpdir(), "certificats-"));
  const mailDir = options.mail ? await mkdtemp(path.join(tmpdir(), "mail-")) : null;
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dir: mailDir }, clock.now);
  const logger = { error: () => undefined };
  const quoteMail = createQuoteMailNotifier({ db: database.db, mailer, logger, now: clock.now });

  const app = express();
  app.set("etag", false); // as the servers do (decision 0085)
  for (const handler of options.before ?? []) app.use(handler);
  // The quote reminder job is not started: a test runs one pass itself after moving the clock.
  const api = { logger, certificatesDir, mailer, quoteNotifier: quoteMail, quoteReminders: false as const, ...options.api };
  app.use("/api", createBackofficeApi({ ...api, db: database.db, now: clock.now }));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = createPortalServices({
    ...(options.portal || {}),
    upstreamUrl: url,
    sessionSecret: SECRET,
    secureCookies: false,
    now: clock.now,
  });
  let requestCount = 0;
  const name = options.name ?? "test";
  return {
    url,
    db: database.db,
    clock,
    certificatesDir,
    mailDir,
    mailer,
    quoteMail,
    services,
    context: () => createPortalLoadContext(services, { requestId: `${name}-${++requestCount}`, cspNonce: "nonce" }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // E-mails of the last changes read the database: let them finish before it closes.
      await quoteMail.settled();
      await database.close();
      await rm(certificatesDir, { recursive: true, force: true });
      if (mailDir) await rm(mailDir, { recursive: true, force: true });
    },
  };
}
