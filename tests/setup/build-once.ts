import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * vitest globalSetup: the suites that start the whole portal (createPortalServer, the realtime
 * ones) serve the Remix build and build their services from its entry module (decision 0099),
 * so the build must exist and be made of the current sources. scripts/test-all.sh runs vitest
 * before `remix build` and CI starts from a clean clone: build once here when build/index.js
 * is missing or older than a file it is made of. Likewise the compiled server (build/server/).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, "build", "index.js");
const SOURCES = ["app", "shared", "remix.config.js", "package-lock.json"];
/** The compiled server (scripts/build-server.mjs, decision 0209), which `npm run service-token` and the compiled-start test run. */
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const SERVER_SOURCES = ["server", "shared", "scripts/build-server.mjs", "package-lock.json"];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

function staleness(built: string, sources: readonly string[]): string | null {
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return "no build yet";
  }
  const newest = Math.max(...sources.map((source) => newestChange(path.join(ROOT, source))));
  return newest > builtAt ? "sources changed since the last build" : null;
}

function run(what: string, reason: string, command: string, args: string[]): void {
  const started = Date.now();
  try {
    // The build that ships (`npm run build`): vitest's NODE_ENV=test would give a development
    // build, which a process started with NODE_ENV=production (the cluster test) cannot render.
    execFileSync(command, args, {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (error) {
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`${what} failed (${reason}):\n${output}`, { cause: error });
  }
  console.log(`[build-once] ${what} (${reason}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default function setup(): void {
  const reason = staleness(BUILD, SOURCES);
  if (reason !== null) run("remix build", reason, "npx", ["remix", "build"]);
  const serverReason = staleness(SERVER_BUILD, SERVER_SOURCES);
  if (serverReason !== null) run("server build", serverReason, process.execPath, ["scripts/build-server.mjs"]);
}
