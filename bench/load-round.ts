import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent } from "undici";
import { NAMED_CLIENTS, otherClients } from "../server/backoffice/seed/organizations-data";
import { measureColdStart, printColdStart } from "./load-cold-start";
import { LoadBrowser } from "./load-browser";
import { LoadRecorder, printRows, type Failure, type Window } from "./load-stats";
import { VirtualUser, type JourneyPlan } from "./load-user";
import { cpuSeconds, residentMb } from "./process-metrics";

/**
 * One round of the mixed load test on one database: the portal's cold start, a warm-up, its
 * memory at rest, every user's login, the ramp-up, the measured load, then the figures.
 */

export interface LoadSettings {
  users: number;
  durationS: number;
  rampUpS: number;
  /** Journeys without the category list, which the round reads from /catalogue. */
  plan: Omit<JourneyPlan, "categories">;
}

export interface RoundResult {
  label: string;
  failures: Failure[];
  rssRatio: number;
}

const WARMUP_USERS = 5;
/** The back-office hashes passwords on libuv's 4 threads: more logins at once only queue. */
const LOGIN_CONCURRENCY = 4;
const MEMORY_EVERY_MS = 10_000;
const RSS_RATIO_TARGET = 2;
/** The benchmark set's organizations, the distributor included (seedBench's default). */
const BENCH_ORGANIZATIONS = 500;
/** The users of the warm-up take their addresses after the measured users'. */
const WARMUP_SLOTS = 1000;

/**
 * The loopback address of a user's connections (127.1.x.y; Linux answers on all of 127/8):
 * one address per organization, as on the Internet, so that the portal's counters per client
 * address (the login throttle, decision 0136) see what they would see in production.
 */
function loopbackAddress(slot: number): string {
  return `127.1.${1 + Math.floor(slot / 250)}.${1 + (slot % 250)}`;
}

/** The organizations' own accounts (class organization: every right), named clients first. */
function accountLogins(): string[] {
  const clients = [...NAMED_CLIENTS, ...otherClients(BENCH_ORGANIZATIONS - 1 - NAMED_CLIENTS.length)];
  return clients.flatMap((client) => (client.login ? [client.login] : []));
}

/** The portal's warnings and errors (LOG_LEVEL=warn, JSON lines) counted by message, to explain failures. */
function collectPortalLog(child: ChildProcess): Map<string, number> {
  const counts = new Map<string, number>();
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { msg?: string; error?: string; err?: { message?: string } };
        const detail = (entry.error ?? entry.err?.message ?? "").split("\n")[0]?.slice(0, 160);
        const key = `${entry.msg ?? "?"}${detail ? ` (${detail})` : ""}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      } catch {
        // Not a line of the portal's logger.
      }
    }
  });
  return counts;
}

/**
 * Every user logs in before the ramp-up, a few at a time: a login checks an scrypt hash (about
 * 100 ms of CPU, on purpose) and lands on the home page, so 200 logins take 40–60 s of the
 * two cores, more than the ramp-up itself.
 */
async function logInAll(users: readonly VirtualUser[]): Promise<VirtualUser[]> {
  const loggedIn = new Set<VirtualUser>();
  let next = 0;
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      for (let user = users[next++]; user; user = users[next++]) {
        if (await user.logIn()) loggedIn.add(user);
      }
    }),
  );
  return users.filter((user) => loggedIn.has(user));
}

export async function runRound(
  label: string,
  settings: LoadSettings,
  portalOptions: { port: number; dataDir: string; databaseUrl?: string },
): Promise<RoundResult> {
  const { users: userCount, durationS, rampUpS } = settings;
  console.log(
    `\n== Mixed load on ${label}: ${userCount} users, think time ${settings.plan.thinkMs.join("–")} ms, ramp-up ${rampUpS} s, ${durationS} s of load`,
  );
  const logins = accountLogins();
  if (userCount + WARMUP_USERS + 1 > logins.length)
    throw new Error(`at most ${logins.length - WARMUP_USERS - 1} users: one organization each`);
  const { portal, start } = await measureColdStart({ ...portalOptions, backofficePort: portalOptions.port + 1 });
  printColdStart(`cold start, ${label} benchmark data`, start);
  const pid = portal.child.pid ?? 0;
  const portalLog = collectPortalLog(portal.child);
  const agents: Agent[] = [];
  /** Each user's browser has connections of its own, from its own loopback address. */
  const browser = (recorder: LoadRecorder, slot: number) => {
    const agent = new Agent({ localAddress: loopbackAddress(slot), keepAliveTimeout: 4_000, headersTimeout: 30_000, bodyTimeout: 30_000 });
    agents.push(agent);
    return new LoadBrowser(portal.base, agent, recorder);
  };
  try {
    // Warm-up: a few users of organizations left out of the load go through every page once, checkout included.
    const warmup = new LoadRecorder();
    const scout = new VirtualUser(browser(warmup, WARMUP_SLOTS), warmup, logins.at(-1) ?? "", { ...settings.plan, categories: [] }, -1);
    if (!(await scout.logIn())) throw new Error(`warm-up login refused: ${warmup.failures[0]?.reason}`);
    const plan: JourneyPlan = { ...settings.plan, categories: await scout.categoryPaths() };
    if (plan.categories.length === 0) throw new Error("no category on /catalogue");
    await Promise.all(
      Array.from({ length: WARMUP_USERS }, async (_, index) => {
        const user = new VirtualUser(
          browser(warmup, WARMUP_SLOTS + 1 + index),
          warmup,
          logins.at(-2 - index) ?? "",
          { ...plan, orderEvery: 1, thinkMs: [0, 0] },
          -2 - index,
        );
        if (await user.logIn()) await user.run(Number.POSITIVE_INFINITY, 1);
      }),
    );
    await sleep(3_000);
    const idleMb = residentMb(pid) ?? Number.NaN;
    console.log(
      `warm-up: ${WARMUP_USERS} users, one journey each with a checkout; ${plan.categories.length} categories; memory at rest ${idleMb.toFixed(0)} MB`,
    );

    const recorder = new LoadRecorder();
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(residentMb(pid) ?? Number.NaN), MEMORY_EVERY_MS);
    const users = logins.slice(0, userCount).map((login, index) => new VirtualUser(browser(recorder, index), recorder, login, plan, index));
    const loginFrom = performance.now();
    const loggedIn = await logInAll(users);
    const loginSeconds = (performance.now() - loginFrom) / 1000;
    console.log(
      `logins: ${loggedIn.length}/${users.length} in ${loginSeconds.toFixed(1)} s (${LOGIN_CONCURRENCY} at a time, ${(users.length / loginSeconds).toFixed(1)} per second)`,
    );

    const rampFrom = performance.now();
    const window: Window = { from: rampFrom + rampUpS * 1000, to: rampFrom + (rampUpS + durationS) * 1000 };
    // CPU counted over the measured window only.
    const cpuAtWindow: { portal?: number | null; bench?: NodeJS.CpuUsage } = {};
    const windowOpens = setTimeout(
      () => Object.assign(cpuAtWindow, { portal: cpuSeconds(pid), bench: process.cpuUsage() }),
      rampUpS * 1000,
    );
    await Promise.all(
      loggedIn.map(async (user, index) => {
        await sleep((index * rampUpS * 1000) / loggedIn.length);
        await user.run(window.to);
      }),
    );
    clearInterval(sampler);
    clearTimeout(windowOpens);
    const endMb = residentMb(pid) ?? Number.NaN;
    memory.push(endMb);
    const portalCores = ((cpuSeconds(pid) ?? Number.NaN) - (cpuAtWindow.portal ?? Number.NaN)) / durationS;
    const benchCpu = process.cpuUsage(cpuAtWindow.bench);

    const rows = recorder.rows(window, new Set(["login"]));
    printRows(rows);
    const requests = recorder.requestsIn(window);
    const failures = [...warmup.failures, ...recorder.failures];
    const actions = rows.filter((row) => row.action !== "login").reduce((sum, row) => sum + row.count, 0);
    console.log(
      `total over the ${durationS} s after the ramp-up: ${requests} requests, ${(requests / durationS).toFixed(1)} req/s, ${actions} actions; errors ${failures.length} (warm-up and logins included)`,
    );
    console.log(
      `CPU over those ${durationS} s: portal ${portalCores.toFixed(2)} cores, load generator ${((benchCpu.user + benchCpu.system) / 1e6 / durationS).toFixed(2)} cores (2 cores in all)`,
    );
    const ratio = endMb / idleMb;
    console.log(
      `memory (VmRSS): at rest ${idleMb.toFixed(0)} MB, highest ${Math.max(...memory).toFixed(0)} MB, end ${endMb.toFixed(0)} MB, end/rest ${ratio.toFixed(2)} (target ≤ ${RSS_RATIO_TARGET}: ${ratio <= RSS_RATIO_TARGET ? "met" : "NOT met"})`,
    );
    console.log(`memory every ${MEMORY_EVERY_MS / 1000} s (MB): ${memory.map((mb) => mb.toFixed(0)).join(", ")}`);
    for (const failure of failures.slice(0, 10)) {
      console.log(`  failure: ${failure.action}: ${failure.method} ${failure.path} → ${failure.status || "no answer"}: ${failure.reason}`);
    }
    for (const [message, count] of [...portalLog].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  portal log ×${count}: ${message}`);
    return { label, failures, rssRatio: ratio };
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
    await portal.stop();
  }
}
