import { spawn, type ChildProcess } from "node:child_process";

/**
 * The built portal (build/server/index.js, compiled from server/index.ts → createPortalServer) in
 * a process of its own, for the benchmarks: started on 127.0.0.1 in production mode, logged in
 * through the real login form. Nothing here builds: `npm run build` comes first.
 */

export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789-abcdefghij";

export interface PortalOptions {
  port: number;
  /** DATA_DIR of the process (its database, unless databaseUrl or memoryDb says otherwise). */
  dataDir: string;
  /** A PostgreSQL server; unset: PGlite in dataDir (or in memory with memoryDb). */
  databaseUrl?: string;
  /** In-memory database, seeded with the demo data at start. */
  memoryDb?: boolean;
  /** Port of the back-office's private listener on 127.0.0.1 (production serves /api there: decision 0141); default any free one. */
  backofficePort?: number;
  /** Portal processes (WEB_CONCURRENCY, decision 0153; above 1 needs databaseUrl and redisUrl); default 1. */
  webConcurrency?: number;
  /** REDIS_URL of the process; unset: the benchmark's own environment's. */
  redisUrl?: string;
  /** How often /sante is asked while the process starts (default 500 ms; shorter to time a cold start). */
  startPollMs?: number;
  /** "compiled" (default): build/server/index.js as `npm start` runs it; "tsx": the sources through tsx, to compare (decision 0209). */
  runtime?: "compiled" | "tsx";
  /** More environment variables for the process (NODE_OPTIONS of a memory probe). */
  env?: Record<string, string>;
}

export interface PortalProcess {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if the process is still there after the grace delay. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const START_POLL_MS = 500;
const STOP_GRACE_MS = 10_000;

export async function startPortal(options: PortalOptions): Promise<PortalProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const workers = options.webConcurrency ?? 1;
  const { DATABASE_URL: _ignored, DATABASE_MEMORY: _ignoredToo, WEB_CONCURRENCY: _ignoredAlso, ...environment } = process.env;
  const child = spawn(process.execPath, options.runtime === "tsx" ? ["--import", "tsx", "server/index.ts"] : ["build/server/index.js"], {
    env: {
      ...environment,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.memoryDb ? { DATABASE_MEMORY: "1" } : {}),
      ...(options.backofficePort ? { BACKOFFICE_PORT: String(options.backofficePort) } : {}),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      WEB_CONCURRENCY: String(workers),
      PORT: String(options.port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      PORTAL_URL: base,
      // The benchmarks log in with the demo's accounts and call /api/erp with its service token.
      DEMO_DATA: "1",
      // Several processes: the info lines say when each has started (nothing is logged per request).
      LOG_LEVEL: workers > 1 ? "info" : "warn",
      DATA_DIR: options.dataDir,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const portal: PortalProcess = { base, child, stop: () => stopProcess(child) };
  // The portal logs JSON lines on stdout: keep the last ones to explain a failed start.
  const lastLines: string[] = [];
  // The first worker answers /sante while the others may still be starting: wait for each.
  let startedWorkers = 0;
  let partialLine = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partialLine + chunk.toString()).split("\n");
    partialLine = lines.pop() ?? "";
    startedWorkers += lines.filter((line) => line.includes('"msg":"Portail démarré"')).length;
    lastLines.push(...lines.filter(Boolean));
    lastLines.splice(0, Math.max(0, lastLines.length - 5));
  });
  const pollMs = options.startPollMs ?? START_POLL_MS;
  for (let attempt = 0; attempt < START_TIMEOUT_MS / pollMs; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the portal stopped (exit ${child.exitCode ?? child.signalCode}): ${lastLines.join("\n")}`);
    }
    const ready = await fetch(`${base}/sante`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && (workers === 1 || startedWorkers >= workers)) return portal;
  }
  await portal.stop();
  throw new Error("the portal did not start");
}

/** Ends a child process and waits for it; SIGKILL when SIGTERM was not enough. */
export async function stopProcess(child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Cookies as a browser keeps them: each Set-Cookie replaces its name, an expired one removes it. */
export function applySetCookieHeaders(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const header of setCookies) {
    const [pair = "", ...attributes] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
    if (expired) jar.delete(name);
    else jar.set(name, pair);
  }
}

function applySetCookies(jar: Map<string, string>, response: Response): void {
  applySetCookieHeaders(jar, response.headers.getSetCookie());
}

/**
 * Posts the login form as a browser would and follows its redirect once, so that the
 * one-time "connected" message is shown and dropped as in a browser; returns the Cookie
 * header of the session.
 */
export async function logIn(base: string, login: string, password = "demo1234"): Promise<string> {
  const response = await fetch(`${base}/connexion`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ login, password }),
  });
  if (response.status !== 302 && response.status !== 303) throw new Error(`login answered ${response.status}`);
  const jar = new Map<string, string>();
  applySetCookies(jar, response);
  if (jar.size === 0) throw new Error("login set no cookie");
  const landing = await fetch(new URL(response.headers.get("location") ?? "/", base), {
    headers: { cookie: [...jar.values()].join("; ") },
    redirect: "manual",
  });
  await landing.arrayBuffer();
  applySetCookies(jar, landing);
  return [...jar.values()].join("; ");
}

/** A page's HTML with the session; anything but a 200 is an error. */
export async function pageHtml(base: string, pathname: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}${pathname}`, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return response.text();
}
