import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { order, savedCart, type SessionResponse } from "@shared/contracts/api";
import type { Address, Cart } from "@shared/contracts/entities";
import { computeTotals, emptyCart } from "@shared/domain/index";
import { openDatabase } from "../../../server/backoffice/db/open";
import type { Database } from "../../../server/backoffice/db/schema";
import { seedDemo } from "../../../server/backoffice/seed/demo";
import { DEMO_PASSWORD, DEMO_TODAY, SECRET } from "../../support/harness";

/**
 * The real portal (server/index.ts) in a child process on an embedded PGlite in a data
 * folder of its own, seeded beforehand with the small demo set, and an API client that keeps
 * what the portal acknowledged: the crash and shutdown scenarios kill or stop the process
 * and read the folder again.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface DataFolder {
  dir: string;
  pgliteDir: string;
  remove(): Promise<void>;
}

export async function seededDataFolder(): Promise<DataFolder> {
  const dir = await mkdtemp(path.join(tmpdir(), "portail-faults-"));
  const pgliteDir = path.join(dir, "pglite");
  const opened = await openDatabase({ dataDir: pgliteDir });
  try {
    await seedDemo(opened.db, { size: "small", today: DEMO_TODAY });
  } finally {
    await opened.close();
  }
  return { dir, pgliteDir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Reads the data folder as the next start would (the portal must be stopped). */
export async function withDatabase<T>(folder: DataFolder, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const opened = await openDatabase({ dataDir: folder.pgliteDir });
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

export interface PortalChild {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `extra`: variables over the defaults (a webhook, a PostgreSQL database shared by two processes). */
export async function spawnPortal(folder: DataFolder, startTimeoutMs = 60_000, extra: Record<string, string> = {}): Promise<PortalChild> {
  const { REDIS_URL: _redis, DATABASE_URL: _database, DATABASE_MEMORY: _memory, ...environment } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...environment,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: folder.dir,
      CERTIFICATES_DIR: path.join(folder.dir, "certificates"),
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "info",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the portal did not start")), startTimeoutMs);
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const started = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"Portail démarré"/.exec(buffer);
      if (started?.[1]) {
        clearTimeout(timer);
        resolve(started[1]);
      }
    });
    child.stderr?.on("data", () => undefined);
    void exited.then(({ code, signal }) => reject(new Error(`the portal stopped at start (${code ?? signal}): ${buffer.slice(-2000)}`)));
  });
  return { url, child, exited };
}

/** The portal's back-office API as a logged-in account of the demo data. */
export class ApiClient {
  private constructor(
    private readonly base: string,
    readonly session: SessionResponse,
  ) {}

  static async login(url: string, login: string): Promise<ApiClient> {
    const response = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login, password: DEMO_PASSWORD }),
    });
    if (!response.ok) throw new Error(`login ${login}: ${response.status}`);
    return new ApiClient(url, (await response.json()) as SessionResponse);
  }

  get orgId(): number {
    return this.session.user.auth_org_id;
  }

  async call(method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.base}/api${pathname}`, {
      method,
      headers: { authorization: `Bearer ${this.session.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async cart(): Promise<{ cart: Cart; version: number }> {
    const answer = await this.call("GET", `/oms/cart/${this.orgId}`);
    return savedCart.parse(answer.body);
  }

  /** Saves `cart` on `version`; the saved cart and version when the back-office acknowledged it. */
  async save(version: number, cart: Cart): Promise<{ cart: Cart; version: number } | { status: number }> {
    const answer = await this.call("POST", `/oms/cart/${this.orgId}`, { version, cart });
    return answer.status === 200 ? savedCart.parse(answer.body) : { status: answer.status };
  }

  async addresses(): Promise<{ delivery: Address; headOffice: Address }> {
    const headOffice = (await this.call("GET", `/crm/invoicing-address?org_id=${this.orgId}`)).body as Address;
    const delivery = ((await this.call("GET", `/crm/addresses?org_id=${this.orgId}`)).body as Address[])[0];
    if (!delivery) throw new Error("no delivery address");
    return { delivery, headOffice };
  }

  /** Confirms the saved cart under `key`; the order's number when acknowledged. */
  async confirm(
    saved: { cart: Cart; version: number },
    key: string,
    account: Parameters<typeof computeTotals>[1],
  ): Promise<string | { status: number }> {
    const totals = computeTotals(saved.cart, account);
    const answer = await this.call("POST", `/oms/cart/${this.orgId}/confirm?usr_id=${this.session.user.obj_id}&usr_name=Voilerie`, {
      cart: saved.cart,
      version: saved.version,
      idempotency_key: key,
      ord_total_ht: totals.ht,
      ord_total_ecotaxe: totals.ecotaxe,
      ord_total_ttc: totals.ttc,
    });
    return answer.status === 200 || answer.status === 201 ? order.parse(answer.body).ord_ref : { status: answer.status };
  }
}

/** Four organizations whose carts the burst scenarios save (C0001, Voilerie Atlantique, confirms orders). */
export const BURST_SAVERS = [
  "achats@chantier-naval-suspension.fr",
  "export@antilles-marine.com",
  "achats@nautic-belgium.be",
  "contact@nautisme-ajaccio.fr",
] as const;

export const VOILERIE_ACCOUNT = { objRef: "C0001", zipcode: "29200", country: "FR", catCompta: "Ventes France" } as const;

export function cartOf(lines: Cart["products"], addresses?: { delivery: Address; headOffice: Address }): Cart {
  return { ...emptyCart(), products: lines, ...(addresses ? { dlv_address: addresses.delivery, inv_address: addresses.headOffice } : {}) };
}
