import { z } from "zod";
import { importFeed, importReport } from "./imports";

/**
 * An import run in the background (docs/integration.md): `POST /api/erp/import-jobs/<feed>`
 * takes the file as `POST /api/erp/imports/<feed>` does and answers 202 at once with the job;
 * `GET /api/erp/import-jobs/<id>` says where it stands, its report once done. Every import,
 * waited for or not, is a job: `GET /api/erp/import-jobs` lists the latest.
 */

export const IMPORT_JOB_STATES = ["queued", "running", "done", "failed"] as const;
export const importJobState = z.enum(IMPORT_JOB_STATES);
export type ImportJobState = z.infer<typeof importJobState>;

/** reading the file, checking its lines against the portal's data, writing them. */
export const IMPORT_PHASES = ["reading", "checking", "writing"] as const;
export const importPhase = z.enum(IMPORT_PHASES);
export type ImportPhase = z.infer<typeof importPhase>;

/** How far a running import is: `rows` is known once the file is read; `written` counts as the feed writes. */
export const importProgress = z.object({
  phase: importPhase,
  rows: z.number().int().min(0).nullable(),
  written: z.number().int().min(0),
});
export type ImportProgress = z.infer<typeof importProgress>;

export const importJobView = z.object({
  id: z.number().int().positive(),
  feed: importFeed,
  options: z.record(z.string(), z.boolean()),
  file_bytes: z.number().int().min(0),
  service_name: z.string(),
  state: importJobState,
  /** While queued or running on the instance that took the file; null otherwise. */
  progress: importProgress.nullable(),
  /** Once done: the same report as the waited-for call's (applied or not). */
  report: importReport.nullable(),
  /** Once failed: why, in French (a file that cannot be read, an interruption). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJobView>;

export const importJobListQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const importJobListResponse = z.object({ items: z.array(importJobView) });
export type ImportJobListResponse = z.infer<typeof importJobListResponse>;
