import type express from "express";
import pino from "pino";
import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_TODAY, startHarness } from "../../support/harness";

/**
 * The one harness (tests/support/harness.ts) for cart tests: the real back-office over a copy
 * of the small demo set, certificates in a temp dir, a clock both sides share, and a switch
 * that makes cart saves fail as a broken back-office would.
 */

export { DEMO_TODAY } from "../../support/harness"; // a Friday
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
  /** The lines (JSON) the portal logged at warning level and above: the failure log. */
  logged: string[];
  /** HTTP status of every cart save the back-office answered, in order. */
  saveStatuses: number[];
  close(): Promise<void>;
}

export const isCartSave = (req: express.Request) => req.method === "POST" && /^\/api\/oms\/cart\/\d+$/.test(req.path);

/** Counts cart saves' answers, and answers 503 instead while `switches.failSaves` is on. */
export function cartSaveSwitch(switches: { failSaves: boolean }, saveStatuses: number[]): express.RequestHandler {
  return (req, res, next) => {
    if (isCartSave(req)) res.on("finish", () => saveStatuses.push(res.statusCode));
    if (switches.failSaves && isCartSave(req)) return void res.status(503).json({ code: "down", message: "indisponible" });
    next();
  };
}

/** A logger whose lines (warnings and errors) a test reads. */
export function loggerInto(lines: string[]): pino.Logger {
  return pino({ level: "warn" }, { write: (line: string) => void lines.push(line.trim()) });
}

export async function startCartBackoffice(): Promise<CartBackoffice> {
  const switches = { failSaves: false };
  const saveStatuses: number[] = [];
  const logged: string[] = [];
  const harness = await startHarness({
    seed: { size: "small", today: DEMO_TODAY },
    before: [cartSaveSwitch(switches, saveStatuses)],
    portal: { logger: loggerInto(logged) },
    name: "cart-test",
  });
  return {
    url: harness.url,
    db: harness.db,
    certificatesDir: harness.certificatesDir,
    setNow: harness.clock.set,
    now: harness.clock.now,
    get failSaves() {
      return switches.failSaves;
    },
    set failSaves(value: boolean) {
      switches.failSaves = value;
    },
    context: harness.context,
    logged,
    saveStatuses,
    close: harness.close,
  };
}

/** Orderable demo products of each kind, read from the database the test runs on. */
export async function demoProducts(db: Kysely<Database>) {
  const orderable = db.selectFrom("products").select(["id", "ref"]).where("is_port", "=", false).where("discontinued", "=", false);
  const plain = await orderable
    .where("is_mmsi", "=", false)
    .where("is_motor", "=", false)
    .where("is_antenna", "=", false)
    .where("is_tag", "=", false)
    .where("is_hazardous", "=", false)
    .orderBy("id")
    .limit(20)
    .execute();
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
