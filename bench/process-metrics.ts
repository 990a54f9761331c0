import { readFileSync } from "node:fs";

/** What Linux says of another process (/proc), for the benches that watch the portal from outside. */

/** Resident memory in MB (VmRSS), or null when the process is gone or /proc is not there. */
export function residentMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** CPU time (user + system, every thread) in seconds, or null; Linux counts in ticks of 10 ms. */
export function cpuSeconds(pid: number): number | null {
  try {
    // The command name may hold spaces: the fields are counted after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
