import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWith, lineFor, products } from "../backoffice/cart-fixtures";
import {
  ApiClient,
  BURST_SAVERS,
  VOILERIE_ACCOUNT,
  cartOf,
  seededDataFolder,
  spawnPortal,
  withDatabase,
  type DataFolder,
  type PortalChild,
} from "./portal-process";

/**
 * The portal on its embedded PGlite (a data folder) killed with SIGKILL in the middle of a
 * burst of cart saves (four organizations) and confirmations (a fifth): after the restart every
 * save and every order the portal acknowledged is there, and an order sent again with its key
 * is not placed twice. (A power loss is another matter: PGlite does not fsync; docs/faults.md.)
 */
const BURST_MS = 2500;

let folder: DataFolder;
let portal: PortalChild | null = null;
let plain: { id: number; ref: string }[];

beforeAll(async () => {
  folder = await seededDataFolder();
  plain = await withDatabase(folder, (db) => products(db, "plain", 4));
}, 120_000);
afterAll(async () => {
  portal?.child.kill("SIGKILL");
  await portal?.exited;
  await folder?.remove();
});

interface SaverLog {
  orgId: number;
  productId: number;
  acked: { version: number; qty: number }[];
}

async function saver(client: ApiClient, productIndex: number, running: () => boolean): Promise<SaverLog> {
  const product = plain[productIndex];
  if (!product) throw new Error("not enough products");
  const log: SaverLog = { orgId: client.orgId, productId: product.id, acked: [] };
  try {
    let { version } = await client.cart();
    for (let qty = 1; running(); qty += 1) {
      const saved = await client.save(version, cartWith([lineFor(product, qty)]));
      if ("cart" in saved) {
        log.acked.push({ version: saved.version, qty });
        version = saved.version;
      } else {
        ({ version } = await client.cart());
      }
    }
  } catch {
    // The process was killed under this call: its answer never came, nothing was acknowledged.
  }
  return log;
}

interface ConfirmLog {
  acked: { key: string; ref: string }[];
  /** The confirmation under way when the process died: sent, never answered. */
  pending: { key: string; cart: Awaited<ReturnType<ApiClient["cart"]>> } | null;
}

async function confirmer(client: ApiClient, running: () => boolean): Promise<ConfirmLog> {
  const log: ConfirmLog = { acked: [], pending: null };
  const product = plain[0];
  if (!product) throw new Error("no product");
  try {
    const addresses = await client.addresses();
    for (let round = 1; running(); round += 1) {
      const { version } = await client.cart();
      const saved = await client.save(version, cartOf([lineFor(product, 1)], addresses));
      if (!("cart" in saved)) continue;
      const key = `crash-${process.pid}-${round}`;
      log.pending = { key, cart: saved };
      const answer = await client.confirm(saved, key, VOILERIE_ACCOUNT);
      log.pending = null;
      if (typeof answer === "string") log.acked.push({ key, ref: answer });
    }
  } catch {
    // Killed under a call.
  }
  return log;
}

describe("the embedded database killed during a burst", () => {
  it("keeps every acknowledged save and order, and places no order twice", async () => {
    portal = await spawnPortal(folder);
    const clients = await Promise.all(BURST_SAVERS.map((login) => ApiClient.login(portal?.url ?? "", login)));
    const buyer = await ApiClient.login(portal.url, "client@voilerie-atlantique.fr");
    let alive = true;
    const running = () => alive;
    const burst = Promise.all([Promise.all(clients.map((client, index) => saver(client, index, running))), confirmer(buyer, running)]);
    await new Promise((resolve) => setTimeout(resolve, BURST_MS));
    portal.child.kill("SIGKILL");
    expect((await portal.exited).signal).toBe("SIGKILL");
    alive = false;
    const [savers, confirmations] = await burst;
    portal = null;

    const ackedSaves = savers.reduce((sum, log) => sum + log.acked.length, 0);
    expect(ackedSaves).toBeGreaterThan(10);
    expect(confirmations.acked.length).toBeGreaterThan(0);

    const after = await withDatabase(folder, async (db) => ({
      carts: await db.selectFrom("carts").select(["org_id", "version", "data"]).execute(),
      orders: await db.selectFrom("orders").select(["ref", "idempotency_key"]).where("idempotency_key", "like", "crash-%").execute(),
    }));
    let lost = 0;
    for (const log of savers) {
      const last = log.acked.at(-1);
      if (!last) continue;
      const row = after.carts.find((cart) => cart.org_id === log.orgId);
      const stored = row
        ? (JSON.parse(JSON.stringify(row.data)) as { products: { obj_id: number; qty: number }[] }).products.find(
            (line) => line.obj_id === log.productId,
          )
        : undefined;
      // The last acknowledged version, or a later one the process wrote before dying.
      if (!row || row.version < last.version || !stored || stored.qty < last.qty) lost += 1;
      else if (row.version === last.version) expect(stored.qty).toBe(last.qty);
    }
    const refs = after.orders.map((row) => row.ref);
    const missingOrders = confirmations.acked.filter((acked) => !refs.includes(acked.ref)).length;
    const keys = after.orders.map((row) => row.idempotency_key);
    const duplicates = keys.length - new Set(keys).size;

    // Restarted on the crashed folder, the portal answers the confirmation cut short with its
    // key: the order it placed (if it had), or a new one, never a second.
    portal = await spawnPortal(folder);
    const again = await ApiClient.login(portal.url, "client@voilerie-atlantique.fr");
    const pending = confirmations.pending;
    if (pending) {
      await again.confirm(pending.cart, pending.key, VOILERIE_ACCOUNT);
      await again.confirm(pending.cart, pending.key, VOILERIE_ACCOUNT);
    }
    portal.child.kill("SIGTERM");
    await portal.exited;
    portal = null;
    const finalKeys = await withDatabase(folder, (db) =>
      db.selectFrom("orders").select("idempotency_key").where("idempotency_key", "like", "crash-%").execute(),
    );
    const finalDuplicates = finalKeys.length - new Set(finalKeys.map((row) => row.idempotency_key)).size;

    console.info(
      `[faults] SIGKILL burst: ${ackedSaves} saves and ${confirmations.acked.length} orders acknowledged, ` +
        `${lost} saves lost, ${missingOrders} orders lost, ${duplicates + finalDuplicates} duplicate orders`,
    );
    expect(lost).toBe(0);
    expect(missingOrders).toBe(0);
    expect(duplicates).toBe(0);
    expect(finalDuplicates).toBe(0);
  }, 150_000);
});
