import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dropTemplates } from "../support/seeds";

/**
 * vitest globalSetup: a folder for this run's seeded copies of the demo data
 * (tests/support/seeds.ts), removed with the PostgreSQL templates at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), "portail-seeds-"));
  project.provide("seedDir", dir);
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const templates = (await readdir(dir)).filter((file) => file.endsWith(".template"));
    if (serverUrl && templates.length > 0) await dropTemplates(dir, serverUrl, templates);
    await rm(dir, { recursive: true, force: true });
  };
}
