import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_TODAY, SECRET } from "../../support/harness";
import { seededPostgresDatabase } from "../../support/seeds";
import { redisReachable } from "../realtime/harness";
import { alive, keepCookies, request, spawnPortalEntry, type LogLine, type PortalProcessTree } from "./portal-cluster";
import { connectionOwner, listeningPorts } from "./proc-sockets";

/**
 * WEB_CONCURRENCY=2 (server/cluster.ts, decision 0153): the real process entry on a PostgreSQL
 * database of its own and the local Redis, in production mode (the portal calls its back-office
 * on a private listener). Two workers answer on the one public port, each with a back-office
 * listener of its own; a login on one worker and a page on the other work; a killed worker is
 * replaced; SIGTERM stops everything with exit code 0. Without PostgreSQL or Redis the start is
 * refused. Which worker holds a connection is read in /proc (Linux only).
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const required = process.env.REQUIRE_SERVICES === "1";
const reachable = await redisReachable(REDIS_URL);
if (!reachable && required) throw new Error(`REQUIRE_SERVICES=1 but Redis does not answer at ${REDIS_URL}`);
const linux = process.platform === "linux";
if (!DATABASE_URL || !reachable || !linux)
  console.warn("[cluster] TEST_DATABASE_URL, Redis ou Linux absent : test de WEB_CONCURRENCY=2 IGNORÉ");

const LOGIN = "client@voilerie-atlantique.fr";
const isStarted = (line: LogLine) => line.msg === "Portail démarré";

/** The parent pid of `pid`, from /proc/<pid>/stat ("pid (comm) state ppid …"). */
async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

describe.skipIf(!DATABASE_URL || !reachable || !linux)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let portal: PortalProcessTree;
  let base: string;
  let workers: number[];
  const agents: http.Agent[] = [];

  beforeAll(async () => {
    database = await seededPostgresDatabase(DATABASE_URL ?? "", { size: "small", today: DEMO_TODAY });
    dataDir = await mkdtemp(path.join(tmpdir(), "portail-cluster-"));
    portal = spawnPortalEntry({
      WEB_CONCURRENCY: "2",
      DATABASE_URL: database.url,
      REDIS_URL,
      REALTIME_CHANNEL: `portail-cluster-${randomUUID()}`,
      NODE_ENV: "production",
      PORTAL_URL: "https://portail.example.fr",
      // A demo deployment: the test logs in with the demo accounts seeded above.
      DEMO_DATA: "1",
      HOST: "127.0.0.1",
      // Under node:cluster the workers share the one free port the primary picks.
      PORT: "0",
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "info",
    });
    await portal.waitForLine((line) => line.msg === "Tous les processus du portail sont démarrés");
    const started = portal.lines.filter(isStarted);
    workers = started.map((line) => line.pid);
    base = String(started[0]?.url);
  }, 60_000);
  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    if (portal && portal.child.exitCode === null && portal.child.signalCode === null) {
      // Its workers first, while they are still its children (a pid of the log may be another's by now).
      for (const pid of workers ?? [])
        if (alive(pid) && (await parentOf(pid).catch(() => 0)) === portal.child.pid) process.kill(pid, "SIGKILL");
      portal.child.kill("SIGKILL");
      await portal.exited;
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("runs two workers of the primary on one public port, each with a back-office listener of its own", async () => {
    expect(new Set(workers).size).toBe(2);
    expect(new Set(portal.lines.filter(isStarted).map((line) => line.url)).size).toBe(1);
    for (const pid of workers) expect(await parentOf(pid)).toBe(portal.child.pid);
    const publicPort = Number(new URL(base).port);
    // The primary holds the shared public port; each worker listens only on its private port.
    expect(await listeningPorts(portal.child.pid ?? 0)).toContain(publicPort);
    const own = await Promise.all(workers.map((pid) => listeningPorts(pid)));
    for (const ports of own) {
      expect(ports).toHaveLength(1);
      expect(ports).not.toContain(publicPort);
    }
    expect(new Set(own.flat()).size).toBe(2);
  });

  it("logs in on one worker and shows a page of the account on the other", async () => {
    const publicPort = Number(new URL(base).port);
    // One kept-alive connection per agent: new ones until each worker holds one (they are dealt in turn).
    const byWorker = new Map<number, { agent: http.Agent; localPort: number }>();
    for (let attempt = 0; attempt < 10 && byWorker.size < 2; attempt += 1) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const answer = await request(agent, `${base}/sante`);
      expect(answer.status).toBe(200);
      const owner = await connectionOwner(publicPort, answer.localPort, workers);
      if (owner !== undefined && !byWorker.has(owner)) byWorker.set(owner, { agent, localPort: answer.localPort });
    }
    const [first, second] = workers.map((pid) => byWorker.get(pid));
    if (!first || !second) throw new Error(`only ${byWorker.size} worker(s) reached`);
    // Each worker renders a page once first: a fresh process's first render, on a loaded CI
    // machine, is not what this test is about.
    for (const { agent } of [first, second]) expect((await request(agent, `${base}/connexion`)).status).toBe(200);

    const jar = new Map<string, string>();
    const login = await request(first.agent, `${base}/connexion`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ login: LOGIN, password: DEMO_PASSWORD }).toString(),
    });
    expect([302, 303]).toContain(login.status);
    expect(login.localPort).toBe(first.localPort);
    keepCookies(jar, login);
    const cookie = () => [...jar.values()].join("; ");
    keepCookies(jar, await request(first.agent, new URL(String(login.headers.location), base).href, { headers: { cookie: cookie() } }));

    const page = await request(second.agent, `${base}/mon-compte/commandes`, { headers: { cookie: cookie() } });
    expect(page.localPort).toBe(second.localPort);
    expect(await connectionOwner(publicPort, page.localPort, workers)).toBe(workers[1]);
    // Said with the failure: what the page and the processes answered.
    expect(page.status, `${page.body.slice(0, 2000)}\n${JSON.stringify(portal.lines.slice(-10))}`).toBe(200);
    expect(page.body).toContain("Voilerie Atlantique");
  });

  it("replaces a worker that dies", async () => {
    const [victim] = workers;
    if (victim === undefined) throw new Error("no worker");
    process.kill(victim, "SIGKILL");
    const replaced = await portal.waitForLine(
      (line) => line.msg.startsWith("Un processus du portail s'est arrêté") && line.workerPid === victim,
      10_000,
    );
    expect(replaced.signal).toBe("SIGKILL");
    const successor = await portal.waitForLine((line) => isStarted(line) && !workers.includes(line.pid), 30_000);
    expect(await parentOf(successor.pid)).toBe(portal.child.pid);
    workers = [successor.pid, ...workers.slice(1)];
  }, 45_000);

  it("stops every worker, then itself with exit code 0, on SIGTERM", async () => {
    portal.child.kill("SIGTERM");
    expect(await portal.exited).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(alive(pid)).toBe(false);
    // Each worker drained (its own « Arrêt en cours »), then the primary said it was over.
    for (const pid of workers) expect(portal.lines.some((line) => line.pid === pid && line.msg === "Arrêt en cours")).toBe(true);
    expect(portal.lines.at(-1)).toMatchObject({ pid: portal.child.pid, msg: "Tous les processus du portail sont arrêtés", code: 0 });
  }, 30_000);
});

describe("WEB_CONCURRENCY > 1 refused without a shared database or Redis", () => {
  const refusal = async (env: Record<string, string>): Promise<{ code: number | null; output: string }> => {
    const portal = spawnPortalEntry({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_MEMORY: "1",
      SESSION_SECRET: SECRET,
      WEB_CONCURRENCY: "2",
      ...env,
    });
    const { code } = await portal.exited;
    return { code, output: portal.output() };
  };

  it("exits 1 without DATABASE_URL: the embedded database is one process's", async () => {
    const { code, output } = await refusal({ REDIS_URL });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY > 1 demande DATABASE_URL");
  });

  it("exits 1 without REDIS_URL", async () => {
    const { code, output } = await refusal({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/jamais" });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY > 1 demande REDIS_URL");
  });
});
