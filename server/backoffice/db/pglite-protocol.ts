/** Messages between the back-office and its PGlite thread (pglite-thread.ts, pglite-worker.ts). */

export interface PGliteWorkerData {
  /** Data directory; absent for an in-memory database. */
  dataDir: string | undefined;
  /** A tarball written by a `dump` message: the database starts as that copy (tests seed once). */
  loadDump?: string;
}

export type ToWorker =
  | { type: "query"; id: number; sql: string; params: unknown[] }
  | { type: "dump"; id: number; file: string }
  | { type: "close"; id: number };

/** What a database error keeps across the thread boundary (Error objects lose their fields). */
export interface WorkerError {
  message: string;
  code?: string;
  detail?: string;
}

export type FromWorker =
  | { type: "ready" }
  | { type: "failed"; error: WorkerError }
  | { type: "result"; id: number; rows: unknown[]; affectedRows: number | undefined }
  | { type: "error"; id: number; error: WorkerError }
  | { type: "dumped"; id: number }
  | { type: "closed"; id: number };

export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & { code?: unknown; detail?: unknown };
  return {
    message: error.message,
    code: typeof fields.code === "string" ? fields.code : undefined,
    detail: typeof fields.detail === "string" ? fields.detail : undefined,
  };
}
