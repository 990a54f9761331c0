import type { AppLoadContext } from "@remix-run/node";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "@remix-run/router";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";

/**
 * What Remix hands to handleError (app/entry.server.tsx, decision 0158), as the log says it: a
 * client's mistake is an info or warn line with its path and status and no stack; a server
 * error is an error line with its message and stack, never "[object Object]".
 */
interface Line {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  reason?: string;
  err?: { type: string; message: string; stack: string };
}

function logged(error: unknown, url = "http://localhost/telechargements/fichier/999"): Line[] {
  const lines: Line[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  handleError(error, { request: new Request(url), params: {}, context: { logger } as unknown as AppLoadContext });
  return lines;
}

describe("route errors in the log", () => {
  it("logs a refused or unknown request (4xx) as info with its path and status, without a stack", () => {
    const [line, ...rest] = logged(new ErrorResponseImpl(404, "Not Found", { message: null }));
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: "GET", path: "/telechargements/fichier/999", status: 404 });
    expect(line?.err).toBeUndefined();
    const internal = logged(new ErrorResponseImpl(405, "Method Not Allowed", null, true), "http://localhost/telechargements");
    expect(internal).toMatchObject([{ level: 30, status: 405 }]);
    expect(logged(new ErrorResponseImpl(403, "Forbidden", { message: "Export refusé." }))).toMatchObject([
      { level: 30, status: 403, reason: "Export refusé." },
    ]);
  });

  it("logs a server error at error level with its type, message and stack", () => {
    const [line] = logged(new TypeError("Cannot read properties of undefined (reading 'lines')"));
    expect(line).toMatchObject({
      level: 50,
      status: 500,
      err: { type: "TypeError", message: "Cannot read properties of undefined (reading 'lines')" },
    });
    expect(line?.err?.stack).toContain("TypeError: Cannot read properties");
  });

  it("says what a thrown non-Error was, and a 5xx error response's status", () => {
    const [thrown] = logged({ code: "E_UPSTREAM", detail: "socket hang up" });
    expect(thrown).toMatchObject({ level: 50, err: { message: '{"code":"E_UPSTREAM","detail":"socket hang up"}' } });
    expect(JSON.stringify(thrown)).not.toContain("[object Object]");
    expect(logged(new ErrorResponseImpl(503, "Service Unavailable", { message: "Back-office injoignable" }))).toMatchObject([
      { level: 50, status: 503, err: { message: "503 Service Unavailable" } },
    ]);
  });

  it("logs nothing for a request the browser abandoned", () => {
    const controller = new AbortController();
    controller.abort();
    const lines: string[] = [];
    const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
    handleError(new Error("aborted"), {
      request: new Request("http://localhost/", { signal: controller.signal }),
      params: {},
      context: { logger } as unknown as AppLoadContext,
    });
    expect(lines).toEqual([]);
  });
});
