import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type express from "express";
import { sql } from "kysely";
import { emptyCart } from "@shared/domain/index";
import { createRecordingPublisher, type RecordingPublisher } from "@shared/realtime/publisher";
import { startHarness } from "../../support/harness";
import { cartSaveSwitch, loggerInto, type CartBackoffice } from "../cart/harness";

/**
 * The one harness (tests/support/harness.ts) for checkout tests: the real back-office over a
 * copy of the small demo set with a Friday clock,
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

function failing(mode: () => Failure, test: (req: express.Request) => boolean, held: Set<express.Response>): express.RequestHandler {
  return (req, res, next) => {
    const failure = test(req) ? mode() : null;
    if (failure === "500") return void res.status(500).json({ code: "boom", message: "panne" });
    if (failure === "timeout") return void held.add(res);
    next();
  };
}

/**
 * `purchasingRules`: keep the demo's purchasing rules (the buyer's 2 000 € HT limit, docs/approvals.md).
 * Without it (the checkout's own tests) nobody has a limit, as before the rules (the harness drops
 * it): the orders of those tests are above it, and what they prove is the checkout, not the rules.
 */
export async function startCheckoutBackoffice(options: { purchasingRules?: boolean } = {}): Promise<CheckoutBackoffice> {
  const mailDir = await mkdtemp(path.join(tmpdir(), "mail-"));
  const switches = { failAddresses: null as Failure, failConfirm: null as Failure, failSaves: false };
  const held = new Set<express.Response>();
  let confirmCalls = 0;
  const saveStatuses: number[] = [];
  const isConfirm = (req: express.Request) => req.method === "POST" && /^\/api\/oms\/cart\/\d+\/confirm$/.test(req.path);
  const countConfirms: express.RequestHandler = (req, _res, next) => {
    if (isConfirm(req)) confirmCalls++;
    next();
  };
  const realtime = createRecordingPublisher();
  const logged: string[] = [];
  const harness = await startHarness({
    seed: { size: "small", today: FRIDAY },
    before: [
      countConfirms,
      cartSaveSwitch(switches, saveStatuses),
      failing(
        () => switches.failAddresses,
        (req) => req.method === "POST" && req.path === "/api/crm/addresses",
        held,
      ),
      failing(() => switches.failConfirm, isConfirm, held),
    ],
    portal: {
      logger: loggerInto(logged),
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      mail: { from: "NautiDistrib <commandes@nautidistrib.fr>", dir: mailDir },
      realtime,
    },
    name: "checkout-test",
    purchasingLimits: options.purchasingRules === true,
  });
  const { db } = harness;
  return {
    url: harness.url,
    db,
    certificatesDir: harness.certificatesDir,
    mailDir,
    realtime,
    logged,
    saveStatuses,
    setNow: harness.clock.set,
    now: harness.clock.now,
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
    context: harness.context,
    async mails() {
      const files = (await readdir(mailDir)).filter((file) => file.endsWith(".eml")).sort();
      return Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(mailDir, file), "utf8"))));
    },
    async orderCount(orgId) {
      const row = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("org_id", "=", orgId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async resetCarts() {
      await db
        .updateTable("carts")
        .set({ data: JSON.stringify(emptyCart()), version: sql<number>`version + 1` })
        .execute();
    },
    async close() {
      for (const res of held) res.destroy();
      await harness.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
