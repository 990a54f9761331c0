import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time from Linux's /proc, to tell what a throughput figure was allowed: how many cores a
 * process and its children used during a case, and how busy the whole machine was (other work
 * on a shared machine takes cores the portal then cannot have). Elsewhere: null.
 */

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  at: number;
  /** CPU ticks of each process (user + system). */
  processes: Map<number, { parent: number; ticks: number }>;
  /** Ticks the machine's cores were busy, all processes together. */
  machineBusy: number;
}

export function cpuSnapshot(): CpuSnapshot | null {
  if (process.platform !== "linux") return null;
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (name) state ppid … utime stime …": the name may hold spaces, so split after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    processes.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  // "cpu user nice system idle iowait irq softirq steal …"
  const [user = 0, nice = 0, system = 0, _idle = 0, _iowait = 0, irq = 0, softirq = 0, steal = 0] = (
    readFileSync("/proc/stat", "utf8").split("\n")[0] ?? ""
  )
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { at: Date.now(), processes, machineBusy: user + nice + system + irq + softirq + steal };
}

export interface CpuUse {
  /** Cores used on average by `root` and its children (a cluster's primary and workers). */
  treeCores: number;
  /** Cores busy on average on the whole machine. */
  machineCores: number;
}

export function cpuUse(before: CpuSnapshot | null, after: CpuSnapshot | null, root: number): CpuUse | null {
  if (!before || !after) return null;
  const seconds = (after.at - before.at) / 1000;
  let treeTicks = 0;
  for (const [pid, { parent, ticks }] of after.processes) {
    if (pid !== root && parent !== root) continue;
    treeTicks += ticks - (before.processes.get(pid)?.ticks ?? 0);
  }
  return {
    treeCores: treeTicks / TICKS_PER_SECOND / seconds,
    machineCores: (after.machineBusy - before.machineBusy) / TICKS_PER_SECOND / seconds,
  };
}
