import { Worker } from "node:worker_threads";
import type { FromWorker, PGliteWorkerData, ToWorker, WorkerError } from "./pglite-protocol";

/** What the Kysely driver needs of a PGlite database (pglite-driver.ts). */
export interface PGliteLike {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params: unknown[], options: { rowMode: "object" }): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

export class PGliteThreadError extends Error {
  override readonly name = "PGliteThreadError";
  readonly code: string | undefined;
  readonly detail: string | undefined;
  constructor(error: WorkerError) {
    super(error.message);
    this.code = error.code;
    this.detail = error.detail;
  }
}

/**
 * The worker thread's entry file. From the sources (tsx, vitest): a JavaScript entry that loads
 * the TypeScript worker through tsx. In the compiled server (scripts/build-server.mjs, decision
 * 0209) this module is part of a bundle in build/server/, beside the worker's own bundle.
 */
export function workerEntry(moduleUrl: string): URL {
  return moduleUrl.endsWith(".ts") ? new URL("./pglite-worker-boot.mjs", moduleUrl) : new URL("./pglite-worker.js", moduleUrl);
}

interface Pending {
  resolve(message: Extract<FromWorker, { id: number }>): void;
  reject(error: Error): void;
}

/**
 * Embedded PGlite on a worker thread. PGlite is PostgreSQL compiled to WebAssembly: on the
 * server's own thread every statement (a 50 KB cart written, a full-text search) stops the
 * event loop, and with it the rendering of pages. On its own thread the database works on the
 * machine's other core while the server goes on; only the statement and its rows cross over,
 * copied (docs/decisions/0086-pglite-on-its-own-thread.md).
 */
export class PGliteThread implements PGliteLike {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private isClosed = false;

  /**
   * `onLost`: told once if the thread stops or fails after it started. Every statement is
   * refused from then on, so a server should stop and be restarted rather than answer errors.
   */
  constructor(dataDir: string | undefined, onLost?: (error: Error) => void, loadDump?: string) {
    const workerData: PGliteWorkerData = { dataDir, loadDump };
    this.worker = new Worker(workerEntry(import.meta.url), { workerData, execArgv: [] });
    this.waitReady = new Promise<void>((resolve, reject) => {
      let started = false;
      this.worker.on("message", (message: FromWorker) => {
        if (message.type === "ready") {
          started = true;
          resolve();
        } else if (message.type === "failed") {
          reject(new PGliteThreadError(message.error));
        } else {
          this.settle(message);
        }
      });
      const broken = (error: Error) => {
        if (this.failure) return;
        this.failure = error;
        if (started) onLost?.(error);
        reject(error);
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
      };
      this.worker.on("error", broken);
      this.worker.on("exit", (code) => {
        if (!this.isClosed) broken(new Error(`the PGlite thread stopped (exit code ${code})`));
      });
    });
    // A start failure is reported by the first query (and by the driver's init): not unhandled.
    this.waitReady.catch(() => undefined);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Rows always come as objects (the worker asks PGlite for rowMode "object"). */
  async query<R>(sql: string, params: unknown[], _options?: { rowMode: "object" }): Promise<{ rows: R[]; affectedRows?: number }> {
    const answer = await this.request({ type: "query", id: this.nextId++, sql, params });
    if (answer.type !== "result") throw new Error(`unexpected answer ${answer.type} to a query`);
    return { rows: answer.rows as R[], affectedRows: answer.affectedRows };
  }

  /** Writes the whole database to `file` as a tarball that `loadDump` starts from. */
  async dump(file: string): Promise<void> {
    const answer = await this.request({ type: "dump", id: this.nextId++, file });
    if (answer.type !== "dumped") throw new Error(`unexpected answer ${answer.type} to a dump`);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    try {
      if (!this.failure) await this.request({ type: "close", id: this.nextId++ });
    } finally {
      this.isClosed = true;
      await this.worker.terminate();
    }
  }

  private request(message: ToWorker): Promise<Extract<FromWorker, { id: number }>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.isClosed) return Promise.reject(new Error("the database is closed"));
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.worker.postMessage(message);
    });
  }

  private settle(message: Extract<FromWorker, { id: number }>): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.type === "error") pending.reject(new PGliteThreadError(message.error));
    else pending.resolve(message);
  }
}
