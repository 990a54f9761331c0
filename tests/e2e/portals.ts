import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * Starts the end-to-end portals side by side, as playwright.config.ts's webServer: each seeds
 * its in-memory demo data for some fifteen seconds, and Playwright would start the servers of a
 * `webServer` list one after the other. The portals come in E2E_PORTALS (JSON: url and
 * environment of each). Prints « Portails de test prêts » once every portal answers (the
 * config waits for that line); if a port is already taken or a portal stops, stops the others
 * and exits non-zero. Playwright ends the whole process group after the run. They run the
 * compiled server, as `npm start` does (`npm run build` comes first, decision 0209).
 */

const portals: { url: string; env: Record<string, string> }[] = JSON.parse(process.env.E2E_PORTALS ?? "[]");

function portIsFree(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(Number(port), hostname, () => probe.close(() => resolve(true)));
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/sante`).then(
    (response) => response.ok,
    () => false,
  );
}

async function main(): Promise<void> {
  for (const portal of portals) {
    if (!(await portIsFree(portal.url))) throw new Error(`${portal.url} is already used: stop what listens there first.`);
  }
  const children: ChildProcess[] = portals.map((portal) =>
    spawn(process.execPath, ["build/server/index.js"], {
      env: { ...process.env, E2E_PORTALS: "", ...portal.env },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
  for (const [index, child] of children.entries()) {
    child.once("exit", (code, signal) => {
      console.error(`Portal ${portals[index]?.url} stopped (${signal ?? code}).`);
      stopAll();
      process.exit(1);
    });
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      children.forEach((child) => child.removeAllListeners("exit"));
      stopAll();
      process.exit(0);
    });
  }
  const pending = new Set(portals.map((portal) => portal.url));
  while (pending.size > 0) {
    for (const url of [...pending]) if (await answers(url)) pending.delete(url);
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log("Portails de test prêts");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
