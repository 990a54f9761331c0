import { execFile, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E_PORT } from "../../playwright.config";
import { expect } from "./fixtures";

/**
 * A portal of a spec's own, in its own process, folder and port, for the journeys that need
 * what the shared e2e portals cannot give: an empty production start (empty-start.spec.ts), a
 * stop and a restart at another date (replenishment.spec.ts).
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Each spec's own ports above E2E_PORT, one per project (js, nojs): listed here so that two specs
 * the workers run at once never start their portals on the same port.
 */
const PORT_OFFSETS = { "empty-start": 2, "erp-invoices": 4, replenishment: 6 } as const;

export function ownPort(spec: keyof typeof PORT_OFFSETS, javaScriptEnabled: boolean): number {
  return E2E_PORT + PORT_OFFSETS[spec] + (javaScriptEnabled ? 0 : 1);
}

/** This process's environment without a database nor demo switch of its own: the portal's folder decides. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, DEMO_DATA: _demo, DATABASE_MEMORY: _memory, PORTAL_FAKE_NOW: _now, ...rest } = process.env;
  return rest;
}

/** Runs one of the project's npm scripts' compiled entry points (build/server/…) as npm does; its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, env: { ...cleanEnv(), ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/sante`).then(
    (response) => response.ok,
    () => false,
  );
}

export interface OwnPortal {
  url: string;
  stop(): Promise<void>;
}

/** Starts the compiled server (build/server/index.js, as `npm start`) with `env` on `port` and waits until it answers. */
export async function startOwnPortal(port: number, env: Record<string, string>): Promise<OwnPortal> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["build/server/index.js"], {
    cwd: ROOT,
    env: { ...cleanEnv(), ...env, HOST: "127.0.0.1", PORT: String(port), PORTAL_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await expect.poll(() => answers(url), { timeout: 120_000 }).toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
