import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { parseOutboxEvent, type OutboxEvent } from "@shared/contracts/outbox";
import { SIGNATURE_HEADER, verifySignature } from "../../server/backoffice/outbox/signature";

/**
 * A real HTTP receiver standing for the ERP (decision 0183's tests): it checks each request's
 * signature, accepts each event id once (its idempotency check: a repeat is answered 200 and
 * not counted again), and can be told to fail or to go down and come back on the same port.
 */
export interface ReceivedEvent {
  event: OutboxEvent;
  receivedAt: number;
  /** Posts of this id, accepted or not, this one included. */
  attempt: number;
}

export interface WebhookReceiver {
  url: string;
  secret: string;
  /** Accepted events, in the order they were accepted (each id once). */
  accepted: ReceivedEvent[];
  /** Every POST that reached the receiver, accepted or not. */
  posts: number;
  /** Posts refused because their signature did not verify (must stay 0). */
  badSignatures: number;
  /** Repeats of an id already accepted (at-least-once: allowed, not counted twice). */
  repeats: number;
  /** Answers the next `count` posts with `status` (a failing receiver). */
  failNext(count: number, status?: number): void;
  /** Holds the next `count` posts without answering until `release()` (a receiver that hangs). */
  holdNext(count: number): void;
  release(): void;
  /** Stops listening: connections are refused. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Resolves once `count` distinct events were accepted (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): Promise<void>;
}

export const RECEIVER_SECRET = "receiver-secret-0123456789-abcdefghijklmnop";

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const seen = new Map<string, number>();
  let failing: { count: number; status: number } = { count: 0, status: 500 };
  let holding = 0;
  const held: (() => void)[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const receiver: WebhookReceiver = {
    url: "",
    secret: RECEIVER_SECRET,
    accepted: [],
    posts: 0,
    badSignatures: 0,
    repeats: 0,
    failNext(count, status = 500) {
      failing = { count, status };
    },
    holdNext(count) {
      holding = count;
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async up() {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(boundPort, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
    },
    waitFor(count, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (receiver.accepted.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.accepted.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${receiver.accepted.length} of ${count} events accepted after ${timeoutMs} ms (${receiver.posts} posts)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      receiver.release();
      await receiver.down().catch(() => undefined);
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      receiver.posts += 1;
      const body = Buffer.concat(chunks).toString("utf8");
      const answer = (status: number, text = "") => {
        if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end(text);
      };
      if (!verifySignature(RECEIVER_SECRET, req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, body, new Date())) {
        receiver.badSignatures += 1;
        return answer(401, "bad signature");
      }
      const event = parseOutboxEvent(JSON.parse(body));
      if (req.headers["idempotency-key"] !== event.id) return answer(400, "idempotency key differs from the event id");
      const attempt = (seen.get(event.id) ?? 0) + 1;
      seen.set(event.id, attempt);
      if (holding > 0) {
        holding -= 1;
        held.push(() => answer(503, "held"));
        return;
      }
      if (failing.count > 0) {
        failing.count -= 1;
        return answer(failing.status, "ERP indisponible");
      }
      if (receiver.accepted.some((received) => received.event.id === event.id)) {
        receiver.repeats += 1;
        return answer(200, "already received");
      }
      receiver.accepted.push({ event, receivedAt: Date.now(), attempt });
      for (const waiter of [...waiters]) waiter();
      answer(200, "ok");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const boundPort = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${boundPort}/webhooks/portail`;
  return receiver;
}
