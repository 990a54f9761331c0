import { writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../../server/backoffice/db/open";
import { PGLITE_SHARED_BUFFERS } from "../../../server/backoffice/db/pglite-settings";
import { PGliteThread, PGliteThreadError } from "../../../server/backoffice/db/pglite-thread";

/** Embedded PGlite runs on a worker thread (docs/decisions/0086-pglite-on-its-own-thread.md). */
describe("PGlite on its own thread", () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await opened.close();
  });

  it("answers rows with the same value shapes as before: numbers, date text, timestamps", async () => {
    const { rows } = await sql<{ big: number; day: string; discount: number; at: Date }>`
      select 12::int8 as big, '2026-11-20'::date as day, 12.5::numeric as discount, now() as at`.execute(opened.db);
    expect(rows[0]).toMatchObject({ big: 12, day: "2026-11-20", discount: 12.5 });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it("starts with the smaller buffer pool of decision 0215, PGlite's own settings kept", async () => {
    const { rows } = await sql<{ buffers: string; parallel: string }>`
      select current_setting('shared_buffers') as buffers, current_setting('max_parallel_workers') as parallel`.execute(opened.db);
    expect(rows[0]).toEqual({ buffers: PGLITE_SHARED_BUFFERS, parallel: "0" });
  });

  it("keeps the engine's error code and message across the thread, and goes on afterwards", async () => {
    const error: unknown = await sql`select no_such_column from carts`.execute(opened.db).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PGliteThreadError);
    expect(error).toMatchObject({ code: "42703", message: expect.stringContaining("no_such_column") });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(opened.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("keeps a transaction's statements together and rolls them back as one", async () => {
    const before = await opened.db
      .selectFrom("carts")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    const failed = await opened.db
      .transaction()
      .execute(async (trx) => {
        await sql`create temporary table scratch (n int)`.execute(trx);
        await sql`insert into scratch values (1)`.execute(trx);
        throw new Error("annulé");
      })
      .catch((thrown: unknown) => thrown);
    expect(failed).toBeInstanceOf(Error);
    const after = await opened.db
      .selectFrom("carts")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const scratch = await sql<{ name: string | null }>`select to_regclass('scratch')::text as name`.execute(opened.db);
    expect(scratch.rows[0]?.name).toBeNull();
  });

  it("refuses statements once closed, without calling it a loss", async () => {
    const lost: Error[] = [];
    const thread = new PGliteThread(undefined, (error) => lost.push(error));
    await thread.waitReady;
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query("select 1", [], { rowMode: "object" })).rejects.toThrow(/closed/);
    expect(lost).toEqual([]);
  });

  it("tells its owner once when the thread stops while running, and refuses every statement after", async () => {
    const lost: Error[] = [];
    const thread = new PGliteThread(undefined, (error) => lost.push(error));
    await thread.waitReady;
    const running = thread.query("select pg_sleep(2)", [], { rowMode: "object" });
    // A crash of the thread, as an out-of-memory abort would end it.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(running).rejects.toThrow(/stopped/);
    await expect(thread.query("select 1", [], { rowMode: "object" })).rejects.toThrow(/stopped/);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.message).toMatch(/stopped/);
  });

  it("reports a data directory it cannot use instead of starting", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pglite-thread-"));
    const notADirectory = path.join(dir, "fichier");
    await writeFile(notADirectory, "pas une base");
    try {
      await expect(openDatabase({ dataDir: notADirectory })).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
