import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUpstreamHttp, UpstreamError } from "~/services/upstream/http.server";

/**
 * The binary call of the upstream client (http.server.ts `download`): a file passes as a
 * stream with the session's bearer token; a refusal or a failure is the same UpstreamError as
 * a JSON call's. A scripted back-office on 127.0.0.1.
 */

type Answer = { status: number; type: string; body: string | Buffer; disposition?: string };
let script: Answer[] = [];
let seen: { method: string; url: string; authorization: string | undefined; accept: string | undefined; body: string }[] = [];
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
        accept: req.headers.accept,
        body,
      });
      const answer = script.shift() ?? { status: 500, type: "application/json", body: "" };
      res.writeHead(answer.status, {
        "content-type": answer.type,
        ...(answer.disposition ? { "content-disposition": answer.disposition } : {}),
      });
      res.end(answer.body);
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

const client = () => createUpstreamHttp({ baseUrl, token: "tok" });

async function failure(run: () => Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof UpstreamError)) throw new Error("expected an UpstreamError");
  return error;
}

describe("download", () => {
  it("streams a file's bytes with the bearer token, keeping its type and name", async () => {
    const pdf = Buffer.from("%PDF-1.7\n\u00e9\u0000binary");
    script.push({ status: 200, type: "application/pdf", body: pdf, disposition: 'attachment; filename="FA-2026-000001.pdf"' });
    const file = await client().download({ method: "GET", path: "api/oms/invoices/4/pdf" });
    expect(file.contentType).toBe("application/pdf");
    expect(file.contentDisposition).toBe('attachment; filename="FA-2026-000001.pdf"');
    expect(Buffer.from(await new Response(file.body).arrayBuffer()).equals(pdf)).toBe(true);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/gateway/api/oms/invoices/4/pdf", authorization: "Bearer tok" });
  });

  it("posts a JSON body", async () => {
    script.push({ status: 200, type: "application/zip", body: Buffer.from("PK\u0003\u0004") });
    await client().download({ method: "POST", path: "api/oms/invoices/archive", body: { org_id: 3, ids: [1, 2] } });
    expect(seen[0]?.body).toBe('{"org_id":3,"ids":[1,2]}');
  });

  it("maps a refusal to its code and French message, a failure to « indisponible », a JSON success to an invalid answer", async () => {
    script.push({ status: 404, type: "application/json", body: JSON.stringify({ code: "not_found", message: "Introuvable." }) });
    const refused = await failure(() => client().download({ method: "GET", path: "api/oms/invoices/9/pdf" }));
    expect([refused.status, refused.code, refused.message]).toEqual([404, "not_found", "Introuvable."]);
    script.push({ status: 500, type: "text/html", body: "<h1>boom</h1>" });
    const broken = await failure(() => client().download({ method: "GET", path: "api/oms/invoices/9/pdf" }));
    expect([broken.status, broken.code]).toEqual([503, "upstream_failure"]);
    script.push({ status: 200, type: "application/json", body: "{}" });
    const odd = await failure(() => client().download({ method: "GET", path: "api/oms/invoices/9/pdf" }));
    expect([odd.status, odd.code]).toEqual([502, "invalid_response"]);
    const down = await failure(() => createUpstreamHttp({ baseUrl: "http://127.0.0.1:9" }).download({ method: "GET", path: "x" }));
    expect(down.status).toBe(503);
  });
});
