import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";

/**
 * The real process entry (server/index.ts) in a child process, its JSON log lines kept and
 * awaited, and plain HTTP over a connection of its own (one keep-alive socket per agent) whose
 * client port says, through /proc, which worker holds it.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface LogLine {
  pid: number;
  msg: string;
  [field: string]: unknown;
}

export interface PortalProcessTree {
  child: ChildProcess;
  lines: LogLine[];
  /** Everything the process wrote, for the failure messages. */
  output(): string;
  /** The first line (already written or to come) that `matches`; rejects when the process exits first. */
  waitForLine(matches: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts server/index.ts with exactly `env` on top of PATH and the like (no DATABASE_URL, REDIS_URL… inherited);
 * `compiled`: its compiled file build/server/index.js with node alone, as `npm start` (decision 0209,
 * made by tests/setup/build-once.ts).
 */
export function spawnPortalEntry(env: Record<string, string>, options: { compiled?: boolean } = {}): PortalProcessTree {
  const {
    DATABASE_URL: _database,
    DATABASE_MEMORY: _memory,
    REDIS_URL: _redis,
    WEB_CONCURRENCY: _concurrency,
    BACKOFFICE_PORT: _port,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, options.compiled ? ["build/server/index.js"] : ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  let text = "";
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const raw of complete) {
      try {
        lines.push(JSON.parse(raw) as LogLine);
      } catch {
        // not a log line (a stack trace): kept in the text only
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const waitForLine = (matches: (line: LogLine) => boolean, timeoutMs = 60_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(matches);
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such log line within ${timeoutMs} ms:\n${text.slice(-3000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      void exited.then(({ code, signal }) => {
        check();
        if (!waiters.has(check)) return;
        done();
        reject(new Error(`the process exited (${code ?? signal}) before the log line:\n${text.slice(-3000)}`));
      });
      check();
    });
  return { child, lines, output: () => text, waitForLine, exited };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client's port of the connection that carried the request. */
  localPort: number;
}

/** One request on `agent`'s kept-alive connection. */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (response) => {
      // Read now: at the end the socket is already back in the agent's pool, detached.
      const localPort = response.socket.localPort ?? 0;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString(), localPort }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** Cookies as a browser keeps them (name=value pairs; an emptied one removed). */
export function keepCookies(jar: Map<string, string>, answer: Answer): void {
  for (const header of answer.headers["set-cookie"] ?? []) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0\b|expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
}

/** Whether a process with this pid is still there. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
