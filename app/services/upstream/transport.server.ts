import type { IncomingMessage, ServerResponse } from "node:http";
import inject, { type InjectOptions } from "light-my-request";
import { Agent, request as undiciRequest, type Dispatcher } from "undici";

/** One HTTP exchange with the back-office, whatever carries it. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  etag: string | null;
  /** The body as text ("" for a 304 or an empty answer). */
  text: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The back-office did not answer: too slow, or not reachable at all. */
export class TransportFailure extends Error {
  override readonly name = "TransportFailure";
  constructor(readonly kind: "timeout" | "unavailable") {
    super(kind === "timeout" ? "upstream timed out" : "upstream unreachable");
  }
}

/**
 * undici's request API (the engine under Node's fetch, without the WHATWG layer), on one pool
 * of kept-alive connections: the portal's default. A page makes four or five back-office
 * calls; through the global fetch each cost about 0.2 ms more of the server's thread
 * (Request and Response objects, web streams, an AbortSignal per call). undici also follows
 * the server's Keep-Alive hint, so a connection is not reused just as the server closes it.
 */
export function undiciTransport(): Transport {
  const dispatcher = new Agent();
  return async (request) => {
    // The whole exchange, not each read: a back-office that trickles is as late as a silent one.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), request.timeoutMs);
    try {
      const answer = await undiciRequest(request.url, {
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        dispatcher,
        signal: controller.signal,
      });
      const etag = answer.headers.etag;
      return { status: answer.statusCode, etag: typeof etag === "string" ? etag : null, text: await answer.body.text() };
    } catch {
      throw new TransportFailure(controller.signal.aborted ? "timeout" : "unavailable");
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A fetch function as the transport (tests observe or script the exchanges with one). */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new TransportFailure(timedOut ? "timeout" : "unavailable");
    }
    const text = await response.text().catch(() => "");
    return { status: response.status, etag: response.headers.get("etag"), text };
  };
}

/** A Node request listener: the embedded back-office's Express app (server/in-process-backoffice.ts). */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The embedded back-office called in the same process (decision 0156): the same Express app,
 * middleware, routes, zod checks and JSON answers as over HTTP, without a socket, an HTTP
 * parser on each side, or the loopback's system calls. light-my-request builds the request
 * and response objects the app reads and writes. A real upstream (UPSTREAM_URL) keeps HTTP.
 */
export function inProcessTransport(listener: RequestListener): Transport {
  return async (request) => {
    const url = new URL(request.url);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The whole exchange has the same deadline as over HTTP; the back-office's work goes on, as
    // it does when an HTTP client gives up.
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TransportFailure("timeout"));
      }, request.timeoutMs);
    });
    try {
      const answer = await Promise.race([
        inject(listener, {
          method: request.method as InjectOptions["method"],
          url: `${url.pathname}${url.search}`,
          authority: url.host,
          headers: request.headers,
          payload: request.body,
          remoteAddress: "127.0.0.1",
          // The options are ours: light-my-request's schema check of each call is skipped.
          validate: false,
          signal: controller.signal,
        }),
        late,
      ]);
      const etag = answer.headers.etag;
      return { status: answer.statusCode, etag: typeof etag === "string" ? etag : null, text: answer.payload };
    } catch (error) {
      if (error instanceof TransportFailure) throw error;
      throw new TransportFailure("unavailable");
    } finally {
      clearTimeout(timer);
    }
  };
}
