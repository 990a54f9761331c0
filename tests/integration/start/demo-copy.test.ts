import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoDumpFile } from "../../../server/backoffice/seed/demo-database";
import { openPortalDatabase, type PortalDatabase } from "../../../server/database";

/**
 * Decision 0210: a first start with the demo data on an empty PGlite folder copies today's seeded
 * demo database instead of seeding it; a start that finds no copy seeds and leaves one. The
 * folder then lives as any other: the next start finds the same rows, and what was written.
 */

const organizations = async (database: PortalDatabase) =>
  (await database.db.selectFrom("organizations").select("ref").orderBy("ref").execute()).map((row) => row.ref);

describe("the demo database copied on a first start", () => {
  let root: string;
  let copies: string;
  const open = (folder: string) =>
    openPortalDatabase({ dataDir: path.join(root, folder), memory: false, demoData: true, demoCopies: copies });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "demo-copy-"));
    copies = path.join(root, "copies");
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("is seeded and written once, copied by the next first start, and the copy persists like any folder", async () => {
    const seeded = await open("first");
    let seededOrganizations: string[];
    try {
      expect(seeded.demo).toBe("seeded");
      seededOrganizations = await organizations(seeded);
    } finally {
      await seeded.close();
    }
    expect(seededOrganizations).toContain("C0001");
    // Today's copy, named after the day in France and the sources, and nothing else.
    const copy = await demoDumpFile(copies);
    expect(await readdir(copies)).toEqual([path.basename(copy)]);

    const copied = await open("second");
    try {
      expect(copied.demo).toBe("copied");
      expect(copied.empty).toBe(false);
      expect(await organizations(copied)).toEqual(seededOrganizations);
      await copied.db.updateTable("organizations").set({ name: "Voilerie copiée" }).where("ref", "=", "C0001").execute();
    } finally {
      await copied.close();
    }
    expect(existsSync(path.join(root, "second", "pglite", "PG_VERSION"))).toBe(true);

    const again = await open("second");
    try {
      expect(again.demo).toBeNull();
      expect(await organizations(again)).toEqual(seededOrganizations);
      const renamed = await again.db.selectFrom("organizations").select("name").where("ref", "=", "C0001").executeTakeFirstOrThrow();
      expect(renamed.name).toBe("Voilerie copiée");
    } finally {
      await again.close();
    }
  }, 600_000);
});
