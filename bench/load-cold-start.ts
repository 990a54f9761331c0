import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { startPortal, type PortalOptions, type PortalProcess } from "./portal-process";

/**
 * A cold start of the built portal: from the spawn to the first 200 of /sante (the process
 * listens, its database is open), then to the first 200 of a page (/connexion: Remix has
 * loaded the build and rendered). Target < 5 s for both (issue 23).
 */

const POLL_MS = 50;
const PAGE_TIMEOUT_MS = 30_000;
export const COLD_START_TARGET_MS = 5_000;

export interface ColdStart {
  santeMs: number;
  pageMs: number;
}

/** Whether something already listens there: its /sante would be taken for the new process's. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function measureColdStart(options: PortalOptions): Promise<{ portal: PortalProcess; start: ColdStart }> {
  for (const port of [options.port, options.backofficePort]) {
    if (port !== undefined && (await portTaken(port))) throw new Error(`port ${port} is already in use (BENCH_LOAD_PORT chooses others)`);
  }
  const spawnedAt = performance.now();
  const portal = await startPortal({ ...options, startPollMs: POLL_MS });
  const santeMs = performance.now() - spawnedAt;
  for (;;) {
    const ready = await fetch(`${portal.base}/connexion`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ready) return { portal, start: { santeMs, pageMs: performance.now() - spawnedAt } };
    if (performance.now() - spawnedAt - santeMs > PAGE_TIMEOUT_MS) {
      await portal.stop();
      throw new Error("/connexion did not answer 200");
    }
    await sleep(POLL_MS);
  }
}

export function printColdStart(label: string, start: ColdStart): void {
  const verdict = Math.max(start.santeMs, start.pageMs) < COLD_START_TARGET_MS ? "met" : "NOT met";
  console.log(
    `${label}: /sante ${(start.santeMs / 1000).toFixed(2)} s, /connexion ${(start.pageMs / 1000).toFixed(2)} s (target < ${COLD_START_TARGET_MS / 1000} s: ${verdict})`,
  );
}
