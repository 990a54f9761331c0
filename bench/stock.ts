import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { stopProcess } from "./portal-process";

/**
 * The stock Remix app the portal's page benchmarks are compared with (issue 23; its
 * README.md): copied out of ../shared (read by every checkout, never installed into) into
 * .cache/stock-remix, installed and built there once, then started beside the portal in the
 * same run. `node --import tsx bench/stock.ts` only prepares it.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const STOCK_SOURCE_DIR = path.resolve(ROOT, "../shared/bench/stock-remix");
export const STOCK_APP_DIR = path.join(ROOT, ".cache/stock-remix");
/** What the cache was prepared from; written last, so an interrupted preparation is redone. */
const STAMP_FILE = ".bench-prepared.json";
/** What an install or a build leaves in a directory: never part of the source. */
const GENERATED = new Set(["node_modules", ".cache", "build", path.join("public", "build")]);
const START_ATTEMPTS = 150;
const START_POLL_MS = 200;

interface Stamp {
  /** The source's package-lock.json: a change reinstalls from nothing. */
  lockHash: string;
  /** Every source file: a change copies and rebuilds, without reinstalling. */
  sourceHash: string;
}

export interface StockApp {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The source's files, relative and sorted, so that their hash does not depend on the file system's order. */
async function sourceFiles(dir: string, relative = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const entryPath = path.join(relative, entry.name);
    if (GENERATED.has(entryPath)) continue;
    if (entry.isDirectory()) files.push(...(await sourceFiles(dir, entryPath)));
    else if (entry.isFile()) files.push(entryPath);
  }
  return files.sort();
}

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
}

async function readStamp(): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(path.join(STOCK_APP_DIR, STAMP_FILE), "utf8")) as Stamp;
  } catch {
    return undefined;
  }
}

/**
 * Copies contents, not modes: the shared source is read-only, and its copy must be writable
 * to be installed, built and later replaced.
 */
async function copySource(files: string[]): Promise<void> {
  for (const file of files) {
    await mkdir(path.dirname(path.join(STOCK_APP_DIR, file)), { recursive: true });
    await writeFile(path.join(STOCK_APP_DIR, file), await readFile(path.join(STOCK_SOURCE_DIR, file)));
  }
}

/** Runs a command in the stock app's directory; its output goes to stderr, so that the bench's stdout stays its tables. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { cwd: STOCK_APP_DIR, env, stdio: ["ignore", 2, 2] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${code ?? "signal"}) in ${STOCK_APP_DIR}`);
}

/**
 * Makes .cache/stock-remix current: installs from nothing when it is missing or when the
 * source's package-lock.json changed, rebuilds when another source file changed or the build
 * is missing, and does nothing otherwise (the usual case: a few milliseconds).
 */
export async function prepareStockApp(): Promise<string> {
  if (!existsSync(path.join(STOCK_SOURCE_DIR, "package-lock.json"))) {
    throw new Error(`stock Remix app not found in ${STOCK_SOURCE_DIR}`);
  }
  const files = await sourceFiles(STOCK_SOURCE_DIR);
  const contents = await Promise.all(files.map((file) => readFile(path.join(STOCK_SOURCE_DIR, file))));
  const wanted: Stamp = {
    lockHash: sha256(await readFile(path.join(STOCK_SOURCE_DIR, "package-lock.json"))),
    sourceHash: sha256(...files.flatMap((file, index) => [file, "\0", contents[index] ?? "", "\0"])),
  };
  const stamp = await readStamp();
  const installed = stamp?.lockHash === wanted.lockHash && existsSync(path.join(STOCK_APP_DIR, "node_modules"));
  const built = installed && stamp.sourceHash === wanted.sourceHash && existsSync(path.join(STOCK_APP_DIR, "build", "index.js"));
  if (built) return STOCK_APP_DIR;
  // The build must be a production one whatever the caller's NODE_ENV, and the install must
  // include the compiler (a devDependency), which NODE_ENV=production would leave out.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  await rm(path.join(STOCK_APP_DIR, STAMP_FILE), { force: true });
  if (!installed) {
    console.error(`stock Remix app: installing into ${path.relative(ROOT, STOCK_APP_DIR)} (npm ci, needs the npm registry)…`);
    await rm(STOCK_APP_DIR, { recursive: true, force: true });
    await copySource(files);
    await run("npm", ["ci", "--no-audit", "--no-fund", "--include=dev"], env);
  } else {
    console.error(`stock Remix app: source changed, rebuilding in ${path.relative(ROOT, STOCK_APP_DIR)}…`);
    // Everything but the installed packages goes, so that a file removed from the source does not stay.
    for (const entry of await readdir(STOCK_APP_DIR)) {
      if (entry !== "node_modules") await rm(path.join(STOCK_APP_DIR, entry), { recursive: true, force: true });
    }
    await copySource(files);
  }
  await run("npx", ["remix", "build"], env);
  await writeFile(path.join(STOCK_APP_DIR, STAMP_FILE), `${JSON.stringify(wanted, null, 2)}\n`);
  return STOCK_APP_DIR;
}

/** Prepares the stock app, then serves it on 127.0.0.1:port in production mode until stop(). */
export async function startStockApp(port: number): Promise<StockApp> {
  const dir = await prepareStockApp();
  const base = `http://127.0.0.1:${port}`;
  // Another process on the port would answer /plain in its place and be measured instead.
  const taken = await fetch(`${base}/plain`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already answers: the stock app cannot be started there`);
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const app: StockApp = { base, child, stop: () => stopProcess(child) };
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - 5));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the stock app stopped (exit ${child.exitCode ?? child.signalCode}): ${output.join("\n")}`);
    }
    const ready = await fetch(`${base}/plain`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return app;
  }
  await app.stop();
  throw new Error(`the stock app did not start: ${output.join("\n")}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  prepareStockApp().then(
    (dir) => console.log(`stock Remix app ready in ${dir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
