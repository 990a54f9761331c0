import type http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { sql, type Kysely } from "kysely";
import { createPortalLoadContext, createPortalServices, type PortalLoadContext } from "~/services/context.server";
import { createBackofficeApi } from "../../../server/backoffice/app";
import { openDatabase } from "../../../server/backoffice/db/open";
import * as certificatesMigration from "../../../server/backoffice/db/migrations/0003_certificates";
import type { Database } from "../../../server/backoffice/db/schema";
import { seedDemo } from "../../../server/backoffice/seed/demo";
import { SECRET } from "../portal/harness";

/**
 * The real back-office (in-memory PGlite, small demo set, certificates in a temp dir) on
 * 127.0.0.1 and a portal load context pointing at it, with a clock both sides share and a
 * switch that makes cart saves fail as a broken back-office would.
 */

export const DEMO_TODAY = "2026-11-20"; // a Friday
export const LOGINS = {
  client: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  storekeeper: "magasinier@voilerie-atlantique.fr",
  consultant: "consultant@voilerie-atlantique.fr",
  corsica: "contact@nautisme-ajaccio.fr",
  exempt: "achats@chantier-naval-suspension.fr",
  integrator: "contact@integrateur-ais.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface CartBackoffice {
  url: string;
  db: Kysely<Database>;
  certificatesDir: string;
  setNow(instant: Date): void;
  /** The clock the back-office and the portal services share. */
  now(): Date;
  /** While true, POST /api/oms/cart/:org answers 503 as a failing back-office. */
  failSaves: boolean;
  context(): PortalLoadContext;
  /** Console-error lines the portal logged (the failure log). */
  logged: string[];
  /** HTTP status of every cart save the back-office answered, in order. */
  saveStatuses: number[];
  close(): Promise<void>;
}

async function ensureCertificatesTable(db: Kysely<Database>): Promise<void> {
  const found = await sql<{ name: string | null }>`select to_regclass('certificates')::text as name`.execute(db);
  if (!found.rows[0]?.name) await certificatesMigration.up(db as unknown as Kysely<unknown>);
}

export async function startCartBackoffice(): Promise<CartBackoffice> {
  let now = new Date(`${DEMO_TODAY}T10:00:00+01:00`);
  const clock = () => now;
  const { db, close } = await openDatabase({ memory: true });
  await seedDemo(db, { size: "small", today: DEMO_TODAY });
  await ensureCertificatesTable(db);
  const certificatesDir = await mkdtemp(path.join(tmpdir(), "certificats-"));
  const harness = { failSaves: false };
  const saveStatuses: number[] = [];
  const app = express();
  app.use((req, res, next) => {
    const isSave = req.method === "POST" && /^\/api\/oms\/cart\/\d+$/.test(req.path);
    if (isSave) res.on("finish", () => saveStatuses.push(res.statusCode));
    if (harness.failSaves && isSave) {
      res.status(503).json({ code: "down", message: "indisponible" });
      return;
    }
    next();
  });
  app.use("/api", createBackofficeApi({ db, now: clock, logger: { error: () => undefined }, certificatesDir }));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = createPortalServices({ upstreamUrl: url, sessionSecret: SECRET, secureCookies: false, now: clock });
  let requestCount = 0;
  const backoffice: CartBackoffice = {
    url,
    db,
    certificatesDir,
    setNow: (instant) => void (now = instant),
    now: clock,
    get failSaves() {
      return harness.failSaves;
    },
    set failSaves(value: boolean) {
      harness.failSaves = value;
    },
    context: () => createPortalLoadContext(services, { requestId: `cart-test-${++requestCount}`, cspNonce: "nonce" }),
    logged: [],
    saveStatuses,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      await rm(certificatesDir, { recursive: true, force: true });
    },
  };
  return backoffice;
}

/** Orderable demo products of each kind, read from the database the test runs on. */
export async function demoProducts(db: Kysely<Database>) {
  const orderable = db.selectFrom("products").select(["id", "ref"]).where("is_port", "=", false).where("discontinued", "=", false);
  const plain = await orderable
    .where("is_mmsi", "=", false).where("is_motor", "=", false).where("is_antenna", "=", false)
    .where("is_tag", "=", false).where("is_hazardous", "=", false)
    .orderBy("id").limit(20).execute();
  const mmsi = await orderable.where("is_mmsi", "=", true).orderBy("id").limit(2).execute();
  const discontinued = await db.selectFrom("products").select(["id", "ref"]).where("discontinued", "=", true).limit(1).execute();
  const shipping = await db.selectFrom("products").select(["id", "ref"]).where("ref", "=", "PORT_SAMEDI").execute();
  const pick = <T>(rows: T[], what: string): T => {
    const row = rows[0];
    if (!row) throw new Error(`no demo product: ${what}`);
    return row;
  };
  return { plain, mmsi: pick(mmsi, "mmsi"), discontinued: pick(discontinued, "discontinued"), shipping: pick(shipping, "shipping") };
}
