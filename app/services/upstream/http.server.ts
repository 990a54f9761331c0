import { z } from "zod";
import { fetchTransport, undiciTransport, TransportFailure, type Transport, type TransportResponse } from "./transport.server";

/**
 * The one place that talks HTTP to the back-office: bearer token, timeout, zod parse of
 * every answer, and a French UpstreamError for anything that goes wrong.
 */

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 5000;

const UNAVAILABLE_MESSAGE = "Le service est momentanément indisponible. Réessayez dans quelques instants.";
const INVALID_ANSWER_MESSAGE = "Le service a renvoyé une réponse inattendue. Réessayez plus tard.";

export interface UpstreamIssue {
  path: string;
  message: string;
}

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  /** HTTP status of the back-office answer; 503 when it could not be reached, 502 when its answer was invalid. */
  readonly status: number;
  /** Stable code from the back-office, or ours: "unavailable" (no answer, 502–504), "upstream_failure" (its 500), "timeout", "invalid_response". */
  readonly code: string;
  /** A throttled call (429): the seconds the back-office asks to wait (its `retry_after`). */
  readonly retryAfterSeconds: number | null;
  /** The back-office's French reasons, each on its field (a weak password's reasons and advice). */
  readonly issues: readonly UpstreamIssue[];

  constructor(
    status: number,
    code: string,
    message: string,
    retryAfterSeconds: number | null = null,
    issues: readonly UpstreamIssue[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.issues = issues;
  }

  /** True when the back-office could not answer (down, slow, broken), as opposed to refusing. */
  get isUnavailable(): boolean {
    return this.status >= 500;
  }
}

export interface UpstreamHttpOptions {
  baseUrl: string;
  /** Bearer token of the session; absent for the login call. */
  token?: string | null;
  timeoutMs?: number;
  /** Injected for tests (a fetch to observe or script the exchanges); defaults to undici's request API. */
  fetchImpl?: typeof fetch;
  /** What carries the JSON calls (the embedded back-office in process, decision 0156); default as above. Files keep HTTP. */
  transport?: Transport;
}

export interface UpstreamRequest<T> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Schema of a successful answer; `null` for answers whose body is ignored. */
  schema: z.ZodType<T> | null;
  /** Told the HTTP status of a successful answer (a 201 "created" vs a 200 "replayed"). */
  onStatus?: (status: number) => void;
}

/** An answer with its entity tag (the back-office tags the cart with its version). */
export interface Tagged<T> {
  value: T;
  etag: string | null;
}

export interface UpstreamHttp {
  send<T>(request: UpstreamRequest<T>): Promise<T>;
  /**
   * The same call, keeping the answer's ETag; with `known`, sent as If-None-Match so that an
   * unchanged resource comes back as a bodyless 304 and `known` is answered as it is.
   */
  exchange<T>(request: UpstreamRequest<T>, known?: Tagged<T>): Promise<Tagged<T>>;
  /**
   * A call whose successful answer is a file (a PDF, a ZIP): the body is passed on as a stream,
   * never parsed; a refusal or a failure is the same UpstreamError as `send`'s.
   */
  download(request: UpstreamFileRequest): Promise<UpstreamFile>;
}

export interface UpstreamFileRequest {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A file answered by the back-office, its bytes still to be read. */
export interface UpstreamFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The back-office's Content-Disposition (its file name), if any. */
  contentDisposition: string | null;
  contentLength: string | null;
}

/**
 * A file may be drawn on first download (an invoice's PDF, a ZIP of hundreds): the whole
 * exchange gets this long rather than a JSON call's few seconds.
 */
export const UPSTREAM_DOWNLOAD_TIMEOUT_MS = 120_000;

export function createUpstreamHttp(options: UpstreamHttpOptions): UpstreamHttp {
  const transport = options.fetchImpl ? fetchTransport(options.fetchImpl) : (options.transport ?? defaultTransport());
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;

  async function attempt<T>(request: UpstreamRequest<T>, known: Tagged<T> | undefined): Promise<Tagged<T>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (known?.etag) headers["if-none-match"] = known.etag;

    let response: TransportResponse;
    try {
      response = await transport({
        method: request.method,
        url: buildUrl(options.baseUrl, request),
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs,
      });
    } catch (error) {
      const kind = error instanceof TransportFailure ? error.kind : "unavailable";
      throw new UpstreamError(503, kind, UNAVAILABLE_MESSAGE);
    }
    // Only an answer to If-None-Match may say "not modified": anything else is not trusted.
    if (response.status === 304 && known?.etag) {
      request.onStatus?.(response.status);
      return known;
    }
    const value = readAnswer(response, request.schema);
    request.onStatus?.(response.status);
    return { value, etag: response.etag };
  }

  async function exchange<T>(request: UpstreamRequest<T>, known?: Tagged<T>): Promise<Tagged<T>> {
    try {
      return await attempt(request, known);
    } catch (error) {
      // Only a GET is safe to replay, and only when the back-office did not answer, or a gateway
      // in front of it said it was unavailable (502, 503, 504): a transient state. Its own 500
      // would fail the same way again, and a timeout has already made the user wait.
      const retryable = request.method === "GET" && error instanceof UpstreamError && error.status === 503 && error.code === "unavailable";
      if (!retryable) throw error;
      return attempt(request, known);
    }
  }

  return {
    exchange,
    send: (request) => exchange(request).then((answer) => answer.value),
    download: (request) => downloadFile(options, request),
  };
}

/** The binary sibling of `attempt`: same headers and error mapping, the body left as a stream. */
async function downloadFile(options: UpstreamHttpOptions, request: UpstreamFileRequest): Promise<UpstreamFile> {
  const headers: Record<string, string> = { accept: "application/pdf, application/zip, application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(buildUrl(options.baseUrl, { ...request, schema: null }), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(Math.max(options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS, UPSTREAM_DOWNLOAD_TIMEOUT_MS)),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new UpstreamError(503, timedOut ? "timeout" : "unavailable", UNAVAILABLE_MESSAGE);
  }
  if (response.status < 200 || response.status >= 300 || !response.body) {
    const text = await response.text().catch(() => "");
    // A 2xx without a body is not a file: answered as an invalid answer.
    if (response.status >= 200 && response.status < 300) throw new UpstreamError(502, "invalid_response", INVALID_ANSWER_MESSAGE);
    readAnswer({ status: response.status, etag: null, text }, null);
  }
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  if (contentType.startsWith("application/json")) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamError(502, "invalid_response", INVALID_ANSWER_MESSAGE);
  }
  return {
    body: response.body as ReadableStream<Uint8Array>,
    contentType,
    contentDisposition: response.headers.get("content-disposition"),
    contentLength: response.headers.get("content-length"),
  };
}

function buildUrl(baseUrl: string, request: UpstreamRequest<unknown>): string {
  // Relative resolution keeps a path prefix of UPSTREAM_URL (a gateway mounted under /erp/).
  const url = new URL(request.path.replace(/^\/+/, ""), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * The code and message of an error answer. Not strict on purpose: some errors carry more
 * (a 409 cart conflict carries the current cart), and the code must survive that.
 */
const errorHead = z.object({
  code: z.string(),
  message: z.string(),
  retry_after: z.number().int().positive().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function readAnswer<T>(response: TransportResponse, schema: z.ZodType<T> | null): T {
  const payload = parseJson(response.text);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok) {
    const parsedError = errorHead.safeParse(payload);
    if (response.status === 500) throw new UpstreamError(503, "upstream_failure", UNAVAILABLE_MESSAGE);
    if (response.status > 500 || !parsedError.success) {
      throw new UpstreamError(response.status > 500 ? 503 : response.status, "unavailable", UNAVAILABLE_MESSAGE);
    }
    const { code, message, retry_after, issues } = parsedError.data;
    throw new UpstreamError(response.status, code, message, retry_after ?? null, issues ?? []);
  }
  if (schema === null) return undefined as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new UpstreamError(502, "invalid_response", INVALID_ANSWER_MESSAGE);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One pool of kept-alive connections per process, whichever client or token uses it. */
let processTransport: Transport | null = null;
function defaultTransport(): Transport {
  processTransport ??= undiciTransport();
  return processTransport;
}
