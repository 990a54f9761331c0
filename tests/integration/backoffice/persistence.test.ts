import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/backoffice/db/open";
import { seedDemoIfEmpty } from "../../../server/backoffice/seed/demo";
import { DEMO_TODAY } from "./harness";

const WRITER = path.join(import.meta.dirname, "persistence-writer.ts");

/** Commits a cart version in a child process, then kills it with SIGKILL (no clean shutdown). */
function commitThenCrash(dataDir: string, orgId: number, version: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, dataDir, String(orgId), String(version)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("committed")) child.kill("SIGKILL");
    });
    child.once("error", reject);
    child.once("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`writer ended without a crash (${signal ?? _code})`)),
    );
  });
}

/**
 * Embedded PGlite persists under its data directory (data/pglite by default): what is
 * committed is there after a restart and after the process is killed, and a second start does
 * not seed the demo data again. A power loss is another matter: PGlite does not fsync.
 */
describe("embedded PGlite on disk", () => {
  let dataDir: string;
  let orgId: number;
  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), "pglite-persistence-")), "pglite");
  });
  afterAll(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("keeps its rows across a restart, and a second start does not seed the demo data", async () => {
    const first = await openDatabase({ dataDir });
    const inserted = await first.db
      .insertInto("organizations")
      .values({ ref: "C9999", name: "Voilerie de test", title: "Voilerie de test", zipcode: "29200", city: "Brest", country: "FR" })
      .returning("id")
      .executeTakeFirstOrThrow();
    orgId = inserted.id;
    await first.db
      .insertInto("carts")
      .values({ org_id: orgId, version: 1, data: JSON.stringify({ marker: "version 1" }) })
      .execute();
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      // Not empty any more: the demo data is not written over the distributor's own.
      expect(await seedDemoIfEmpty(second.db, { size: "small", today: DEMO_TODAY })).toBe(false);
      expect(await second.db.selectFrom("organizations").select("ref").execute()).toEqual([{ ref: "C9999" }]);
      expect(await second.db.selectFrom("carts").select("version").where("org_id", "=", orgId).executeTakeFirst()).toEqual({ version: 1 });
    } finally {
      await second.close();
    }
  }, 60_000);

  it("keeps what was committed before the process was killed", async () => {
    await commitThenCrash(dataDir, orgId, 2);
    await commitThenCrash(dataDir, orgId, 3);
    const reopened = await openDatabase({ dataDir });
    try {
      const cart = await reopened.db.selectFrom("carts").select(["version", "data"]).where("org_id", "=", orgId).executeTakeFirst();
      expect(cart?.version).toBe(3);
      expect(JSON.stringify(cart?.data)).toContain("version 3");
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
