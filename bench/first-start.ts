import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_DATABASE_DIR } from "../server/backoffice/seed/demo-database";
import { measureColdStart, printColdStart } from "./load-cold-start";
import type { PortalOptions } from "./portal-process";
import { cpuSeconds, residentMb } from "./process-metrics";

/**
 * `node --import tsx bench/first-start.ts [tsx]`: the portal's starts with the demo data on
 * embedded PGlite (decisions 0209 and 0210), each timed from the spawn to the first 200 of
 * /sante and of /connexion, with the process's CPU time and resident memory once at rest:
 * 1. a first start without today's seeded copy (.cache/demo-database/ is emptied first): it
 *    seeds, then leaves the copy;
 * 2. a first start in another empty folder: it copies;
 * 3. the next start in that folder.
 * The compiled server (build/server/index.js) unless `tsx` is given. Build first (`npm run
 * build`). Ports: BENCH_FIRST_START_PORT (default 5150) and the next.
 */

const PORT = Number(process.env.BENCH_FIRST_START_PORT ?? 5150);
const REST_MS = 3_000;
const runtime: PortalOptions["runtime"] = process.argv.includes("tsx") ? "tsx" : "compiled";

async function measure(label: string, dataDir: string): Promise<void> {
  const { portal, start } = await measureColdStart({ port: PORT, backofficePort: PORT + 1, dataDir, runtime });
  await sleep(REST_MS);
  const pid = portal.child.pid ?? 0;
  const rss = residentMb(pid);
  const cpu = cpuSeconds(pid);
  await portal.stop();
  printColdStart(`${runtime}, ${label}`, start);
  console.log(
    `  at rest: ${rss === null ? "?" : rss.toFixed(0)} MB resident, ${cpu === null ? "?" : cpu.toFixed(2)} s of CPU since the spawn`,
  );
}

async function main(): Promise<void> {
  const seeded = await mkdtemp(path.join(tmpdir(), "bench-first-start-"));
  const copied = await mkdtemp(path.join(tmpdir(), "bench-first-start-"));
  try {
    await rm(DEMO_DATABASE_DIR, { recursive: true, force: true });
    await measure("first start, no copy yet (seeds)", seeded);
    await measure("first start, from today's copy", copied);
    await measure("next start, same folder", copied);
  } finally {
    await rm(seeded, { recursive: true, force: true });
    await rm(copied, { recursive: true, force: true });
  }
}

await main();
