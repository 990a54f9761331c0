import type http from "node:http";
import type { AddressInfo } from "node:net";
import express, { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUpstreamHttp, UpstreamError } from "~/services/upstream/http.server";
import { inProcessTransport, TransportFailure } from "~/services/upstream/transport.server";
import { inProcessBackoffice } from "../../../server/in-process-backoffice";

/**
 * The embedded back-office called in the same process (decision 0156): the same Express
 * routes answer as over HTTP (status, JSON, ETag and 304, errors, timeouts), and an Express app
 * serving real sockets in the same process is unaffected (light-my-request, handed an Express
 * app, used to re-parent every Express app's responses: the real server then crashed).
 */
function backofficeRoutes(): Router {
  const api = Router();
  api.use(express.json());
  api.get("/echo", (req, res) => {
    res.json({
      path: req.path,
      query: req.query,
      authorization: req.get("authorization") ?? null,
      ip: req.ip,
      requestId: res.locals.requestId as string,
    });
  });
  api.get("/tagged", (req, res) => {
    if (req.get("if-none-match") === '"v7"') return void res.status(304).end();
    res.setHeader("ETag", '"v7"');
    res.json({ version: 7 });
  });
  api.post("/items", (req, res) => {
    res.status(201).json({ received: req.body as unknown });
  });
  api.get("/refused", (_req, res) => {
    res.status(403).json({ code: "forbidden", message: "Accès refusé." });
  });
  api.get("/slow", (_req, res) => {
    setTimeout(() => res.json({ late: true }), 300);
  });
  api.get("/broken", () => {
    throw new Error("boom");
  });
  return api;
}

describe("the in-process transport to the embedded back-office", () => {
  const routes = backofficeRoutes();
  const transport = inProcessTransport(inProcessBackoffice(routes));
  const base = "http://127.0.0.1:1/api";
  const call = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}) =>
    transport({
      method: init.method ?? "GET",
      url: `${base}${path}`,
      headers: init.headers ?? {},
      body: init.body,
      timeoutMs: init.timeoutMs ?? 1000,
    });

  let server: http.Server;
  let realUrl: string;
  beforeAll(async () => {
    // The same back-office routes also served on a real socket, as the public port does.
    const app = express();
    app.use("/api", routes);
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    realUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a GET with its status, JSON and the request's path, query, headers and a loopback address", async () => {
    const answer = await call("/echo?page=2&q=antenne%20inox", { headers: { authorization: "Bearer abc" } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      path: "/echo",
      query: { page: "2", q: "antenne inox" },
      authorization: "Bearer abc",
      ip: "127.0.0.1",
    });
    expect(JSON.parse(answer.text).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("passes a JSON body and answers its status", async () => {
    const answer = await call("/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ref: "AGA00001", qty: 3 }),
    });
    expect(answer).toMatchObject({ status: 201 });
    expect(JSON.parse(answer.text)).toEqual({ received: { ref: "AGA00001", qty: 3 } });
  });

  it("keeps the entity tag and answers 304 to If-None-Match", async () => {
    expect(await call("/tagged")).toEqual({ status: 200, etag: '"v7"', text: '{"version":7}' });
    expect(await call("/tagged", { headers: { "if-none-match": '"v7"' } })).toEqual({ status: 304, etag: null, text: "" });
  });

  it("gives up after the timeout, as over HTTP", async () => {
    const error: unknown = await call("/slow", { timeoutMs: 50 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).kind).toBe("timeout");
  });

  it("maps refusals and failures to the same French errors as over HTTP", async () => {
    const client = createUpstreamHttp({ baseUrl: base, token: "abc", transport });
    const refused: unknown = await client.send({ method: "GET", path: "/refused", schema: null }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ status: 403, code: "forbidden", message: "Accès refusé." });
    const broken: unknown = await client.send({ method: "GET", path: "/broken", schema: null }).catch((caught: unknown) => caught);
    expect(broken).toMatchObject({ status: 503, code: "upstream_failure" });
    const echoed = await client.send({
      method: "GET",
      path: "/echo",
      query: { page: 3 },
      schema: z.object({ query: z.object({ page: z.string() }) }).passthrough(),
    });
    expect(echoed.query.page).toBe("3");
  });

  it("leaves an Express app on a real socket in the same process answering as before", async () => {
    for (let round = 0; round < 3; round += 1) {
      await call("/echo");
      const response = await fetch(`${realUrl}/echo?round=${round}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { query: unknown }).query).toEqual({ round: String(round) });
      const tagged = await fetch(`${realUrl}/tagged`);
      expect(tagged.headers.get("etag")).toBe('"v7"');
    }
  });
});
