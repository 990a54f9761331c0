import { readFile, writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { pgliteStartParams } from "./pglite-settings";
import { toWorkerError, type FromWorker, type PGliteWorkerData, type ToWorker } from "./pglite-protocol";
import { textParsers } from "./text-parsers";

/**
 * The embedded PostgreSQL, on a thread of its own (pglite-thread.ts says why). Queries come
 * one at a time from the back-office's driver; each answer goes back with its id.
 */
const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const { dataDir, loadDump } = workerData as PGliteWorkerData;
const send = (message: FromWorker) => port.postMessage(message);

try {
  const loadDataDir = loadDump ? new Blob([await readFile(loadDump)]) : undefined;
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { unaccent, pg_trgm },
    parsers: textParsers,
    startParams: pgliteStartParams(),
  });
  port.on("message", (message: ToWorker) => {
    if (message.type === "close") {
      pglite.close().then(
        () => send({ type: "closed", id: message.id }),
        (error: unknown) => send({ type: "error", id: message.id, error: toWorkerError(error) }),
      );
      return;
    }
    if (message.type === "dump") {
      pglite
        .dumpDataDir("none")
        .then(async (tarball) => writeFile(message.file, Buffer.from(await tarball.arrayBuffer())))
        .then(
          () => send({ type: "dumped", id: message.id }),
          (error: unknown) => send({ type: "error", id: message.id, error: toWorkerError(error) }),
        );
      return;
    }
    pglite.query(message.sql, message.params, { rowMode: "object" }).then(
      (result) => send({ type: "result", id: message.id, rows: result.rows, affectedRows: result.affectedRows }),
      (error: unknown) => send({ type: "error", id: message.id, error: toWorkerError(error) }),
    );
  });
  send({ type: "ready" });
} catch (error) {
  send({ type: "failed", error: toWorkerError(error) });
}
