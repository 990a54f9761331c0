/* global console */
// After `remix build`: compiles the server (server/, its CLIs and the PGlite worker thread) to
// plain JavaScript in build/server/, which `npm start` and the production scripts run with node
// alone instead of transforming TypeScript at every start through tsx (decision 0209).
import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build", "server");

/** Each file production runs (package.json's scripts), by the name of its compiled file. */
const SERVER_ENTRIES = {
  index: "server/index.ts",
  // Started as a Worker by server/backoffice/db/pglite-thread.ts, which looks for it beside itself.
  "pglite-worker": "server/backoffice/db/pglite-worker.ts",
  backoffice: "server/backoffice/main.ts",
  import: "server/backoffice/imports/cli.ts",
  admin: "server/backoffice/admin/cli.ts",
  "service-token": "server/backoffice/admin/service-token-cli.ts",
  warehouse: "server/backoffice/warehouse/cli.ts",
  events: "server/backoffice/outbox/cli.ts",
  "demo-database": "server/backoffice/seed/demo-database-cli.ts",
};

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  bundle: true,
  // The modules shared by several entries go to chunks beside them (same folder: a module's
  // import.meta.url keeps pointing into build/server/, where the worker's file is).
  splitting: true,
  chunkNames: "chunk-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  // node_modules stay imports, resolved by Node as from the sources; tsconfig.json's paths
  // (@shared/, ~/) are the project's own files and are bundled.
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
console.log(`build/server: ${Object.keys(SERVER_ENTRIES).length} entries in ${Date.now() - started} ms`);
