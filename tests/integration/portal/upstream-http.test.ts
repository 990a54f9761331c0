import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUpstreamHttp, UpstreamError } from "~/services/upstream/http.server";

/** A scripted back-office on 127.0.0.1: each test says what the next answers are. */
type Answer = { status: number; body?: unknown; delayMs?: number; etag?: string };
let script: Answer[] = [];
let seen: { method: string; url: string; authorization: string | undefined; body: string; ifNoneMatch?: string }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body,
        ifNoneMatch: req.headers["if-none-match"],
      });
      const answer = script.shift() ?? { status: 500 };
      setTimeout(() => {
        res.writeHead(answer.status, { "content-type": "application/json", ...(answer.etag ? { etag: answer.etag } : {}) });
        res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
});

const pong = z.object({ pong: z.number() }).strict();
const client = (token: string | null = "tok", timeoutMs = 300) => createUpstreamHttp({ baseUrl, token, timeoutMs });

async function failure(run: () => Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("upstream http", () => {
  it("sends the bearer token and the JSON body under the gateway's path, and parses the answer", async () => {
    script = [{ status: 200, body: { pong: 1 } }];
    await expect(client().send({ method: "POST", path: "api/x", query: { q: "a b" }, body: { a: 1 }, schema: pong })).resolves.toEqual({
      pong: 1,
    });
    expect(seen[0]).toEqual({ method: "POST", url: "/gateway/api/x?q=a+b", authorization: "Bearer tok", body: '{"a":1}' });
  });

  it("refuses an answer that does not match the contract", async () => {
    script = [{ status: 200, body: { pong: "un" } }];
    const error = await failure(() => client().send({ method: "GET", path: "api/x", schema: pong }));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/réponse inattendue/);
  });

  it("carries the back-office's French refusal", async () => {
    script = [{ status: 403, body: { code: "forbidden", message: "Accès refusé." } }];
    const error = await failure(() => client().send({ method: "POST", path: "api/x", body: {}, schema: pong }));
    expect([error.status, error.code, error.message, error.isUnavailable]).toEqual([403, "forbidden", "Accès refusé.", false]);
  });

  it("retries a GET once when the back-office fails, never a POST", async () => {
    script = [{ status: 502 }, { status: 200, body: { pong: 2 } }];
    await expect(client().send({ method: "GET", path: "api/x", schema: pong })).resolves.toEqual({ pong: 2 });
    expect(seen).toHaveLength(2);

    seen = [];
    script = [{ status: 500 }, { status: 200, body: { pong: 3 } }];
    const error = await failure(() => client().send({ method: "POST", path: "api/x", body: {}, schema: pong }));
    expect(error.isUnavailable).toBe(true);
    expect(error.message).toMatch(/momentanément indisponible/);
    expect(seen).toHaveLength(1);
  });

  it("does not replay a GET the back-office failed with a 500: it would fail the same way", async () => {
    script = [{ status: 500 }, { status: 200, body: { pong: 4 } }];
    const error = await failure(() => client().send({ method: "GET", path: "api/x", schema: pong }));
    expect([error.status, error.code, error.isUnavailable]).toEqual([503, "upstream_failure", true]);
    expect(error.message).toMatch(/momentanément indisponible/);
    expect(seen).toHaveLength(1);
  });

  it("gives up after the timeout with a French message, without making the user wait twice", async () => {
    script = [
      { status: 200, body: { pong: 1 }, delayMs: 500 },
      { status: 200, body: { pong: 1 }, delayMs: 500 },
    ];
    const error = await failure(() => client("tok", 100).send({ method: "GET", path: "api/x", schema: pong }));
    expect([error.status, error.code]).toEqual([503, "timeout"]);
    expect(seen).toHaveLength(1);
  });

  it("reports an unreachable back-office as unavailable", async () => {
    const unreachable = createUpstreamHttp({ baseUrl: "http://127.0.0.1:9", timeoutMs: 300 });
    const error = await failure(() => unreachable.send({ method: "GET", path: "api/x", schema: pong }));
    expect(error.code).toBe("unavailable");
  });

  it("revalidates a tagged answer: If-None-Match sent, a 304 answers the known value", async () => {
    script = [
      { status: 200, body: { pong: 1 }, etag: '"v1"' },
      { status: 304, etag: '"v1"' },
      { status: 200, body: { pong: 2 }, etag: '"v2"' },
    ];
    const http = client();
    const first = await http.exchange({ method: "GET", path: "ping", schema: pong });
    expect(first).toEqual({ value: { pong: 1 }, etag: '"v1"' });
    expect(seen[0]?.ifNoneMatch).toBeUndefined();
    expect(await http.exchange({ method: "GET", path: "ping", schema: pong }, first)).toBe(first);
    expect(seen[1]?.ifNoneMatch).toBe('"v1"');
    expect(await http.exchange({ method: "GET", path: "ping", schema: pong }, first)).toEqual({ value: { pong: 2 }, etag: '"v2"' });
  });

  it("never takes a 304 it did not ask for as an answer", async () => {
    script = [{ status: 304 }];
    expect((await failure(() => client().send({ method: "GET", path: "ping", schema: pong }))).code).toBe("unavailable");
  });
});
