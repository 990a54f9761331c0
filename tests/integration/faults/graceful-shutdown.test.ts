import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWith, lineFor, products } from "../backoffice/cart-fixtures";
import { ApiClient, BURST_SAVERS, seededDataFolder, spawnPortal, withDatabase, type DataFolder, type PortalChild } from "./portal-process";

/**
 * SIGTERM while the portal serves a steady load of page reads and cart saves (server/shutdown.ts):
 * every request it accepted gets its whole answer (none reset, none cut), the ones after are
 * refused at the door (the client knows they were not taken), the process exits 0, and every
 * acknowledged save is in the database it closed.
 */

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

interface Tally {
  answered: number;
  refused: number;
  lost: string[];
}

/** Refused at the door (nothing listening): the request was never taken. */
function refusedAtTheDoor(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === "ECONNREFUSED";
}

async function load(
  url: string,
  client: ApiClient,
  productIndex: number,
  tally: Tally,
): Promise<{ orgId: number; productId: number; last: { version: number; qty: number } | null }> {
  const product = plain[productIndex];
  if (!product) throw new Error("not enough products");
  let last: { version: number; qty: number } | null = null;
  let version = (await client.cart()).version;
  for (let qty = 1; ; qty += 1) {
    try {
      const page = await fetch(`${url}/connexion`);
      await page.text();
      if (page.status !== 200) tally.lost.push(`GET /connexion ${page.status}`);
      else tally.answered += 1;
      const saved = await client.save(version, cartWith([lineFor(product, qty)]));
      if ("cart" in saved) {
        last = { version: saved.version, qty };
        version = saved.version;
        tally.answered += 1;
      } else if (saved.status === 409) {
        tally.answered += 1;
        version = (await client.cart()).version;
      } else {
        tally.lost.push(`save ${saved.status}`);
      }
    } catch (error) {
      if (refusedAtTheDoor(error)) {
        tally.refused += 1;
        return { orgId: client.orgId, productId: product.id, last };
      }
      tally.lost.push(String((error as Error).cause ?? error));
      if (tally.lost.length > 50) return { orgId: client.orgId, productId: product.id, last };
    }
  }
}

describe("graceful shutdown under load", () => {
  it("loses no request it accepted and no acknowledged save", async () => {
    portal = await spawnPortal(folder);
    const { url } = portal;
    const clients = await Promise.all(BURST_SAVERS.map((login) => ApiClient.login(url, login)));
    const tally: Tally = { answered: 0, refused: 0, lost: [] };
    const workers = Promise.all(clients.map((client, index) => load(url, client, index, tally)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const answeredBeforeStop = tally.answered;
    portal.child.kill("SIGTERM");
    const exit = await portal.exited;
    portal = null;
    const results = await workers;

    const stored = await withDatabase(folder, (db) => db.selectFrom("carts").select(["org_id", "version", "data"]).execute());
    let lostSaves = 0;
    for (const result of results) {
      if (!result.last) continue;
      const row = stored.find((cart) => cart.org_id === result.orgId);
      const line = row
        ? (JSON.parse(JSON.stringify(row.data)) as { products: { obj_id: number; qty: number }[] }).products.find(
            (candidate) => candidate.obj_id === result.productId,
          )
        : undefined;
      // The last acknowledged save, or a later one whose answer was cut (counted among the lost requests).
      if (!row || !line || row.version < result.last.version || line.qty < result.last.qty) lostSaves += 1;
    }
    console.info(
      `[faults] SIGTERM under load: ${tally.answered} answered (${answeredBeforeStop} before the signal), ${tally.refused} refused at the door, ${tally.lost.length} lost requests, ${lostSaves} lost saves`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tally.lost).toEqual([]);
    expect(lostSaves).toBe(0);
    expect(answeredBeforeStop).toBeGreaterThan(5);
    expect(tally.refused).toBe(clients.length);
  }, 150_000);
});
