import type http from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { sql, type Kysely } from "kysely";
import { createPortalLoadContext, createPortalServices } from "~/services/context.server";
import { createBackofficeApi } from "../../../server/backoffice/app";
import * as certificatesMigration from "../../../server/backoffice/db/migrations/0003_certificates";
import { openDatabase } from "../../../server/backoffice/db/open";
import type { Database } from "../../../server/backoffice/db/schema";
import { seedDemo } from "../../../server/backoffice/seed/demo";
import { emptyCart } from "@shared/domain/index";
import { createRecordingPublisher, type RecordingPublisher } from "@shared/realtime/publisher";
import type { CartBackoffice } from "../cart/harness";
import { SECRET } from "../portal/harness";

/**
 * The real back-office (in-memory PGlite, small demo set) on 127.0.0.1 with a Friday clock,
 * a portal context whose mail goes to a temp folder and whose realtime publisher records,
 * and switches that make the address creation or the confirmation fail like a broken
 * back-office (500, or no answer until the portal's timeout).
 */

export const FRIDAY = "2026-11-20";
export const UPSTREAM_TIMEOUT_MS = 1500;
export type Failure = "500" | "timeout" | null;

export interface CheckoutBackoffice extends CartBackoffice {
  mailDir: string;
  realtime: RecordingPublisher;
  failAddresses: Failure;
  failConfirm: Failure;
  /** POST …/confirm requests that reached the back-office's door (failing or not). */
  readonly confirmCalls: number;
  /** The .eml files written so far, as text (quoted-printable decoded). */
  mails(): Promise<string[]>;
  orderCount(orgId: number): Promise<number>;
  /** Every organization's cart back to empty (addresses and instructions too), as a new version. */
  resetCarts(): Promise<void>;
}

/** Soft line breaks joined and =XX bytes decoded as UTF-8, so a test can search the words. */
export function decodeQuotedPrintable(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function ensureCertificatesTable(db: Kysely<Database>): Promise<void> {
  const found = await sql<{ name: string | null }>`select to_regclass('certificates')::text as name`.execute(db);
  if (!found.rows[0]?.name) await certificatesMigration.up(db as unknown as Kysely<unknown>);
}

function failing(mode: () => Failure, test: (req: express.Request) => boolean, held: Set<express.Response>): express.RequestHandler {
  return (req, res, next) => {
    const failure = test(req) ? mode() : null;
    if (failure === "500") return void res.status(500).json({ code: "boom", message: "panne" });
    if (failure === "timeout") return void held.add(res);
    next();
  };
}

export async function startCheckoutBackoffice(): Promise<CheckoutBackoffice> {
  let now = new Date(`${FRIDAY}T10:00:00+01:00`);
  const clock = () => now;
  const { db, close } = await openDatabase({ memory: true });
  await seedDemo(db, { size: "small", today: FRIDAY });
  await ensureCertificatesTable(db);
  const certificatesDir = await mkdtemp(path.join(tmpdir(), "certificats-"));
  const mailDir = await mkdtemp(path.join(tmpdir(), "mail-"));
  const switches = { failAddresses: null as Failure, failConfirm: null as Failure, failSaves: false };
  const held = new Set<express.Response>();
  let confirmCalls = 0;
  const saveStatuses: number[] = [];
  const app = express();
  app.use((req, _res, next) => {
    if (req.method === "POST" && /^\/api\/oms\/cart\/\d+\/confirm$/.test(req.path)) confirmCalls++;
    next();
  });
  app.use((req, res, next) => {
    const isSave = req.method === "POST" && /^\/api\/oms\/cart\/\d+$/.test(req.path);
    if (isSave) res.on("finish", () => saveStatuses.push(res.statusCode));
    if (switches.failSaves && isSave) return void res.status(503).json({ code: "down", message: "indisponible" });
    next();
  });
  app.use(failing(() => switches.failAddresses, (req) => req.method === "POST" && req.path === "/api/crm/addresses", held));
  app.use(failing(() => switches.failConfirm, (req) => req.method === "POST" && /^\/api\/oms\/cart\/\d+\/confirm$/.test(req.path), held));
  app.use("/api", createBackofficeApi({ db, now: clock, logger: { error: () => undefined }, certificatesDir }));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realtime = createRecordingPublisher();
  const services = createPortalServices({
    upstreamUrl: url,
    sessionSecret: SECRET,
    secureCookies: false,
    now: clock,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    mail: { from: "NautiDistrib <commandes@nautidistrib.fr>", dir: mailDir },
    realtime,
  });
  let requestCount = 0;
  return {
    url,
    db,
    certificatesDir,
    mailDir,
    realtime,
    logged: [],
    saveStatuses,
    setNow: (instant) => void (now = instant),
    now: clock,
    get failSaves() {
      return switches.failSaves;
    },
    set failSaves(value: boolean) {
      switches.failSaves = value;
    },
    get failAddresses() {
      return switches.failAddresses;
    },
    set failAddresses(value: Failure) {
      switches.failAddresses = value;
    },
    get confirmCalls() {
      return confirmCalls;
    },
    get failConfirm() {
      return switches.failConfirm;
    },
    set failConfirm(value: Failure) {
      switches.failConfirm = value;
    },
    context: () => createPortalLoadContext(services, { requestId: `checkout-test-${++requestCount}`, cspNonce: "nonce" }),
    async mails() {
      const files = (await readdir(mailDir)).filter((file) => file.endsWith(".eml")).sort();
      return Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(mailDir, file), "utf8"))));
    },
    async orderCount(orgId) {
      const row = await db.selectFrom("orders").select((eb) => eb.fn.countAll<string>().as("count")).where("org_id", "=", orgId).executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async resetCarts() {
      await db.updateTable("carts").set({ data: JSON.stringify(emptyCart()), version: sql<number>`version + 1` }).execute();
    },
    async close() {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      await rm(certificatesDir, { recursive: true, force: true });
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
