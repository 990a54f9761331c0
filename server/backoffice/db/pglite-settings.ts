import { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL settings the embedded PGlite starts with (decision 0215). initdb writes
 * shared_buffers = 128MB into postgresql.conf, sized for a server of its own; in PGlite the
 * buffer pool lives in the WebAssembly memory of the worker thread, is touched at start and
 * never given back, so it was the largest single share of the portal's resident memory.
 * 32 MB keeps the hot pages (indexes of the searches, the current carts and orders); the rest
 * of the data files stay in the operating system's page cache, which PGlite reads through
 * plain file reads and which the process's RSS does not count.
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

/** PGlite's own start parameters (single-user mode, no parallel workers…) and ours after them. */
export const pgliteStartParams = (): string[] => [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
