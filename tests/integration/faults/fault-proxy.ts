import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy in front of the back-office whose behaviour a test switches: "pass" forwards,
 * "slow" forwards at once but holds the answer `delayMs` (the back-office did the work, the
 * answer is late: the ambiguous case), "down" drops the connection without an answer. `match`
 * limits the fault to some calls ("POST /api/oms/cart/12"); the others pass.
 */
export type FaultMode = "pass" | "slow" | "down";

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  match: RegExp | null;
  delayMs: number;
  /** Requests that reached the back-office through the proxy, as "METHOD path". */
  readonly forwarded: string[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string, delayMs = 2000): Promise<FaultProxy> {
  const upstream = new URL(target);
  const forwarded: string[] = [];
  const state = { mode: "pass" as FaultMode, match: null as RegExp | null, delayMs };
  const server = http.createServer((req, res) => {
    const call = `${req.method ?? "GET"} ${req.url ?? "/"}`;
    const mode = state.match === null || state.match.test(call) ? state.mode : "pass";
    if (mode === "down") {
      req.socket.destroy();
      return;
    }
    forwarded.push(call);
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const send = () => {
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          };
          if (mode === "slow") setTimeout(send, state.delayMs);
          else send();
        });
      },
    );
    outgoing.on("error", () => res.destroy());
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return state.mode;
    },
    set mode(value: FaultMode) {
      state.mode = value;
    },
    get match() {
      return state.match;
    },
    set match(value: RegExp | null) {
      state.match = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
