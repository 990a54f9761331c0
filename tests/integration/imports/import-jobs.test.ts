import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJobListResponse, importJobView, type ImportJobView } from "@shared/contracts/import-jobs";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { postFeed, utf8 } from "./imports";

/**
 * Imports as background jobs (docs/integration.md): 202 at once, then the progress and the
 * report read by the job's id; every import is a job, waited for or not, one at a time.
 */

const BRANDS = "Référence;Nom\r\nJOB-A;Marque du job A\r\nJOB-B;Marque du job B\r\n";

async function submit(bo: Backoffice, feed: string, text: string, query = ""): Promise<Response> {
  return fetch(`${bo.baseUrl}/erp/import-jobs/${feed}${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${SERVICE_TOKEN}`, "content-type": "application/octet-stream" },
    body: text,
  });
}

async function jobOf(bo: Backoffice, id: number): Promise<ImportJobView> {
  const answer = await call(bo, `/erp/import-jobs/${id}`, { token: SERVICE_TOKEN });
  expect(answer.status).toBe(200);
  return importJobView.parse(answer.body);
}

/** Reads the job until it has ended: a state, not a delay. */
async function ended(bo: Backoffice, id: number): Promise<ImportJobView> {
  for (;;) {
    const job = await jobOf(bo, id);
    if (job.state === "done" || job.state === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(ENGINES)("import jobs on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("answers 202 with the job, then its report once done, named with the service token", async () => {
    const answer = await submit(bo, "brands", BRANDS);
    expect(answer.status).toBe(202);
    const job = importJobView.parse(await answer.json());
    expect(answer.headers.get("location")).toBe(`/api/erp/import-jobs/${job.id}`);
    expect(job).toMatchObject({ feed: "brands", report: null, error: null, options: { dry_run: false, skip_invalid: false } });
    expect(["queued", "running", "done"]).toContain(job.state);
    const done = await ended(bo, job.id);
    expect(done).toMatchObject({ state: "done", progress: null, error: null, file_bytes: utf8(BRANDS).length });
    expect(done.report).toMatchObject({ applied: true, counts: { created: 2, updated: 0, unchanged: 0, refused: 0 } });
    expect(done.finished_at).not.toBeNull();
    expect(await bo.db.selectFrom("brands").select("title").where("erp_ref", "in", ["JOB-A", "JOB-B"]).execute()).toHaveLength(2);
  });

  it("records a file it cannot read as failed, in French, and writes nothing", async () => {
    const job = importJobView.parse(await (await submit(bo, "brands", "Nom\r\nSans référence\r\n")).json());
    const done = await ended(bo, job.id);
    expect(done.state).toBe("failed");
    expect(done.error).toMatch(/^Colonne « Référence » absente/);
    expect(done.report).toBeNull();
  });

  it("runs imports sent together one after the other: the second sees what the first wrote", async () => {
    const file = utf8("Référence;Titre;Référence parent\r\nJOBS-CAT;Famille des jobs;\r\n");
    const [first, second] = await Promise.all([postFeed(bo, "categories", file), postFeed(bo, "categories", file)]);
    const counts = [first.body.counts, second.body.counts];
    expect(counts).toContainEqual({ created: 1, updated: 0, unchanged: 0, refused: 0 });
    expect(counts).toContainEqual({ created: 0, updated: 0, unchanged: 1, refused: 0 });
  });

  it("lists the latest jobs, the waited-for imports included, newest first", async () => {
    const answer = await call(bo, "/erp/import-jobs?limit=3", { token: SERVICE_TOKEN });
    const { items } = importJobListResponse.parse(answer.body);
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.feed)).toEqual(["categories", "categories", "brands"]);
    expect(items[0]?.id).toBeGreaterThan(items[1]?.id ?? Infinity);
    expect(items.map((item) => item.state)).toEqual(["done", "done", "failed"]);
    expect(items.every((item) => item.service_name.length > 0)).toBe(true);
  });

  it("reads a job whose process stopped beating as interrupted", async () => {
    const row = await bo.db
      .insertInto("import_jobs")
      .values({
        feed: "categories",
        options: JSON.stringify({ dry_run: false, skip_invalid: false }),
        file_bytes: 1200,
        service_name: "ERP Sage",
        instance: "an-instance-that-stopped",
        state: "running",
        heartbeat_at: new Date(Date.now() - 120_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const job = await jobOf(bo, row.id);
    expect(job).toMatchObject({ state: "failed", progress: null });
    expect(job.error).toMatch(/^Import interrompu .* renvoyez le fichier\.$/);
  });

  it("answers 404 for an unknown job, 400 for a bad id or limit, and refuses a user's token", async () => {
    expect((await call(bo, "/erp/import-jobs/999999", { token: SERVICE_TOKEN })).status).toBe(404);
    expect((await call(bo, "/erp/import-jobs/abc", { token: SERVICE_TOKEN })).status).toBe(400);
    expect((await call(bo, "/erp/import-jobs?limit=1000", { token: SERVICE_TOKEN })).status).toBe(400);
    const user = await login(bo, LOGINS.client);
    expect((await call(bo, "/erp/import-jobs", { token: user.token })).status).toBe(403);
    const refused = await fetch(`${bo.baseUrl}/erp/import-jobs/brands`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}` },
      body: BRANDS,
    });
    expect(refused.status).toBe(403);
  });
});
