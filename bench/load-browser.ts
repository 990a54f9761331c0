import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { request, type Dispatcher } from "undici";
import type { LoadRecorder } from "./load-stats";
import { applySetCookieHeaders } from "./portal-process";

/**
 * One simulated browser with JavaScript off: its own cookies, compressed pages as a browser
 * asks for them, form posts with the same-origin header, redirects followed with a GET as a
 * browser follows a 302 or 303. Every request is counted by the recorder; any answer but a
 * 2xx page at the end of the redirects, or an error toast after a post, is a RequestFailure.
 */

const MAX_REDIRECTS = 5;
const TOAST_COOKIE = "portail_toast";

export class RequestFailure extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** 0: the request threw. */
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

export interface Page {
  /** Path (and query) of the page shown after the redirects. */
  path: string;
  html: string;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "deflate") return inflateSync(body);
  return body;
}

const headerList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The message of a toast cookie when it is an error (signed Remix cookie: base64 of JSON, a dot, the signature). */
function errorToast(setCookies: readonly string[]): string | null {
  for (const header of setCookies) {
    if (!header.startsWith(`${TOAST_COOKIE}=`)) continue;
    const value = decodeURIComponent(header.slice(TOAST_COOKIE.length + 1).split(";")[0] ?? "");
    if (value === "") continue;
    try {
      const toast = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as {
        type?: string;
        message?: string;
      };
      if (toast.type === "error") return toast.message ?? "error toast";
    } catch {
      return `unreadable toast ${value.slice(0, 40)}`;
    }
  }
  return null;
}

export class LoadBrowser {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly dispatcher: Dispatcher,
    private readonly recorder: LoadRecorder,
  ) {}

  get(path: string): Promise<Page> {
    return this.navigate("GET", path);
  }

  /** A form submission (application/x-www-form-urlencoded), then the redirects. */
  post(path: string, fields: URLSearchParams): Promise<Page> {
    return this.navigate("POST", path, fields.toString());
  }

  private async navigate(firstMethod: "GET" | "POST", firstPath: string, firstBody?: string): Promise<Page> {
    let [method, path, body] = [firstMethod, firstPath, firstBody];
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const answer = await this.send(method, path, body);
      const setCookies = headerList(answer.headers["set-cookie"]);
      applySetCookieHeaders(this.jar, setCookies);
      if (answer.statusCode >= 300 && answer.statusCode < 400) {
        await answer.body.dump();
        const location = headerList(answer.headers.location)[0];
        if (!location) throw new RequestFailure(method, path, answer.statusCode, "redirect without a location");
        const target = new URL(location, `${this.base}${path}`);
        if (target.origin !== this.base) throw new RequestFailure(method, path, answer.statusCode, `redirect to another site: ${location}`);
        const toast = method === "POST" ? errorToast(setCookies) : null;
        if (toast) throw new RequestFailure(method, path, answer.statusCode, `refused: ${toast}`);
        [method, path, body] = ["GET", `${target.pathname}${target.search}`, undefined];
        if (target.pathname === "/connexion" && firstPath !== "/connexion")
          throw new RequestFailure("GET", path, answer.statusCode, "sent back to the login page");
        continue;
      }
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      if (answer.statusCode < 200 || answer.statusCode >= 300)
        throw new RequestFailure(method, path, answer.statusCode, `answered ${answer.statusCode}`);
      const encoding = headerList(answer.headers["content-encoding"])[0];
      return { path, html: decoded(bytes, encoding).toString("utf8") };
    }
    throw new RequestFailure(method, path, 0, "too many redirects");
  }

  private async send(method: "GET" | "POST", path: string, body: string | undefined): Promise<Dispatcher.ResponseData> {
    this.recorder.request(performance.now());
    const headers: Record<string, string> = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };
    if (this.jar.size > 0) headers.cookie = [...this.jar.values()].join("; ");
    if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", origin: this.base });
    try {
      return await request(`${this.base}${path}`, { method, headers, body, dispatcher: this.dispatcher });
    } catch (error) {
      throw new RequestFailure(method, path, 0, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
}
