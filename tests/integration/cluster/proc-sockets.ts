import { readdir, readFile, readlink } from "node:fs/promises";

/**
 * Which process holds which TCP socket, read from Linux's /proc: how the cluster test tells
 * which worker answers a connection without the portal telling anyone its pids.
 */

interface TcpRow {
  localPort: number;
  remotePort: number;
  listening: boolean;
  inode: string;
}

const LISTEN_STATE = "0A";

/** /proc/net/tcp and tcp6: "sl local_address rem_address st … uid timeout inode …", ports in hex. */
async function tcpRows(): Promise<TcpRow[]> {
  const rows: TcpRow[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, state, inode] = [fields[1], fields[2], fields[3], fields[9]];
      if (!local || !remote || !state || !inode) continue;
      rows.push({ localPort: portOf(local), remotePort: portOf(remote), listening: state === LISTEN_STATE, inode });
    }
  }
  return rows;
}

function portOf(address: string): number {
  return Number.parseInt(address.slice(address.lastIndexOf(":") + 1), 16);
}

/** The inodes of the sockets `pid` has open. */
async function socketInodes(pid: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  return inodes;
}

/** The process among `pids` holding the server side of the connection from `clientPort` to `serverPort`. */
export async function connectionOwner(serverPort: number, clientPort: number, pids: readonly number[]): Promise<number | undefined> {
  const row = (await tcpRows()).find(
    (candidate) => candidate.localPort === serverPort && candidate.remotePort === clientPort && !candidate.listening,
  );
  if (!row) return undefined;
  for (const pid of pids) {
    if ((await socketInodes(pid)).has(row.inode)) return pid;
  }
  return undefined;
}

/** The ports `pid` listens on itself (a cluster worker's shared ports are held by the primary). */
export async function listeningPorts(pid: number): Promise<number[]> {
  const inodes = await socketInodes(pid);
  return (await tcpRows()).filter((row) => row.listening && inodes.has(row.inode)).map((row) => row.localPort);
}
