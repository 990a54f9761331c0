import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * vitest globalSetup: the suites that start the whole portal (createPortalServer, the realtime
 * ones) serve the Remix build and build their services from its entry module (decision 0099),
 * so the build must exist and be made of the current sources. scripts/test-all.sh runs vitest
 * before `remix build` and CI starts from a clean clone: build once here when build/index.js
 * is missing or older than a file it is made of.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, "build", "index.js");
const SOURCES = ["app", "shared", "remix.config.js", "package-lock.json"];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

function staleness(): string | null {
  let built: number;
  try {
    built = statSync(BUILD).mtimeMs;
  } catch {
    return "no build yet";
  }
  const newest = Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source))));
  return newest > built ? "sources changed since the last build" : null;
}

export default function setup(): void {
  const reason = staleness();
  if (reason === null) return;
  const started = Date.now();
  try {
    // The build that ships (`npm run build`): vitest's NODE_ENV=test would give a development
    // build, which a process started with NODE_ENV=production (the cluster test) cannot render.
    execFileSync("npx", ["remix", "build"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (error) {
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`remix build failed (${reason}):\n${output}`, { cause: error });
  }
  console.log(`[build-once] remix build (${reason}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
