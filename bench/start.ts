import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { measureColdStart } from "./load-cold-start";
import { prepareStockApp, startStockApp } from "./stock";
import { recordSummary } from "./summary";

/**
 * The portal's starts (issue 40): the first start on an empty PGlite folder, which puts the
 * demo data in, then a second start on the same folder; beside them the stock Remix app's start
 * in the same run. Each is timed from the spawn to the first 200 of a rendered page (/connexion
 * for the portal, /plain polled every 200 ms for the stock app). Target < 3 s for the first.
 */

const PORT = Number(process.env.BENCH_START_PORT ?? 4600);
const STOCK_PORT = Number(process.env.BENCH_START_STOCK_PORT ?? 3910);
const FIRST_START_TARGET_MS = 3_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export async function runStartBench(): Promise<void> {
  // The stock app first: its first run installs it, and the install is not its start.
  await prepareStockApp();
  const stockStarted = performance.now();
  const stock = await startStockApp(STOCK_PORT);
  const stockMs = performance.now() - stockStarted;
  await stock.stop();

  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-start-"));
  try {
    const first = await measureColdStart({ port: PORT, backofficePort: PORT + 1, dataDir });
    await first.portal.stop();
    const next = await measureColdStart({ port: PORT, backofficePort: PORT + 1, dataDir });
    await next.portal.stop();
    console.log(
      `first start (empty PGlite folder, demo data put in): /sante ${seconds(first.start.santeMs)}, /connexion ${seconds(first.start.pageMs)}`,
    );
    console.log(`next start (same folder): /sante ${seconds(next.start.santeMs)}, /connexion ${seconds(next.start.pageMs)}`);
    console.log(`stock Remix app start: ${seconds(stockMs)} (its /plain polled every 200 ms)`);
    recordSummary("firstStart", {
      now: `${seconds(first.start.pageMs)} (next start ${seconds(next.start.pageMs)})`,
      stock: seconds(stockMs),
      met: first.start.pageMs < FIRST_START_TARGET_MS,
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStartBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
