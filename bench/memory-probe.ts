import { readFileSync } from "node:fs";
import WebSocket from "ws";

/**
 * What holds a running portal's memory, read from outside: /proc for the whole process and the
 * WebAssembly memories (PGlite's, on its worker thread), the inspector for the main thread's
 * process.memoryUsage(). Linux only; null where a figure cannot be read.
 */

export interface MemoryBreakdown {
  /** Whole process (every thread), MB. */
  rssMb: number | null;
  /** Resident part of the WebAssembly linear memories (PGlite's Postgres), MB. */
  wasmMb: number | null;
  /** The main thread's process.memoryUsage() (heapUsed, heapTotal, external, arrayBuffers), MB. */
  mainThread: Record<string, number> | null;
}

const MB = 1024 * 1024;
/** V8 reserves gigabytes of inaccessible address space around each 32-bit WebAssembly memory. */
const GUARD_BYTES = 1024 * MB;

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  anonymous: boolean;
  residentKb: number;
}

/**
 * Resident MB of the WebAssembly memories: the anonymous read-write mappings next to a guard
 * region (---p) of at least 1 GiB; nothing else in a Node process is laid out that way.
 */
export function wasmResidentMb(pid: number): number | null {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const mappings: Mapping[] = smaps.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/).map((text) => {
    const [range = "", perms = "", , , , file] = text.split("\n")[0]?.split(/\s+/) ?? [];
    const [start = "0", end = "0"] = range.split("-");
    return {
      start: BigInt(`0x${start}`),
      end: BigInt(`0x${end}`),
      perms,
      anonymous: !file,
      residentKb: Number(/^Rss:\s+(\d+) kB/m.exec(text)?.[1] ?? 0),
    };
  });
  const isGuard = (mapping: Mapping | undefined) => mapping?.perms === "---p" && mapping.end - mapping.start >= BigInt(GUARD_BYTES);
  let residentKb = 0;
  mappings.forEach((mapping, index) => {
    if (mapping.perms !== "rw-p" || !mapping.anonymous) return;
    const before = mappings[index - 1];
    const after = mappings[index + 1];
    if ((isGuard(before) && before?.end === mapping.start) || (isGuard(after) && after?.start === mapping.end))
      residentKb += mapping.residentKb;
  });
  return residentKb / 1024;
}

/**
 * Opens the inspector of `pid` (SIGUSR1; the process was started with --inspect-port=`port`) and
 * evaluates process.memoryUsage() on its main thread. The inspector stays open afterwards: read
 * the RSS before calling this.
 */
export async function mainThreadMemory(pid: number, port: number): Promise<Record<string, number> | null> {
  process.kill(pid, "SIGUSR1");
  let targets: { webSocketDebuggerUrl: string }[] | null = null;
  for (let attempt = 0; attempt < 50 && !targets; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    targets = await fetch(`http://127.0.0.1:${port}/json/list`).then(
      (response) => response.json() as Promise<{ webSocketDebuggerUrl: string }[]>,
      () => null,
    );
  }
  const url = targets?.[0]?.webSocketDebuggerUrl;
  if (!url) return null;
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  try {
    const answer = new Promise<string>((resolve) =>
      socket.on("message", (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: { result?: { value?: string } } };
        if (message.id === 1) resolve(message.result?.result?.value ?? "null");
      }),
    );
    const expression = "JSON.stringify(process.memoryUsage())";
    socket.send(JSON.stringify({ id: 1, method: "Runtime.evaluate", params: { expression, returnByValue: true } }));
    const usage = JSON.parse(await answer) as Record<string, number> | null;
    return usage && Object.fromEntries(Object.entries(usage).map(([key, bytes]) => [key, bytes / MB]));
  } finally {
    socket.close();
  }
}
