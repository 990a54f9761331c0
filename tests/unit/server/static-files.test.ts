import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyUnder, staticFiles } from "../../../server/middleware/static";

/**
 * server/middleware/static.ts: public/'s files are served, and a page's path never reaches
 * express.static (no `stat` of the disk per page: issue 23).
 */
describe("static files", () => {
  let publicDir: string;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    publicDir = await mkdtemp(path.join(tmpdir(), "public-"));
    await mkdir(path.join(publicDir, "images/produits"), { recursive: true });
    await mkdir(path.join(publicDir, "build"), { recursive: true });
    await writeFile(path.join(publicDir, "robots.txt"), "User-agent: *\n");
    await writeFile(path.join(publicDir, "images/produits/antenne.svg"), "<svg/>");
    await writeFile(path.join(publicDir, "build/entry.client-ABC.js"), "export {};");
    const app = express();
    app.use(staticFiles(publicDir));
    app.use((_req, res) => void res.type("text/plain").send("remix"));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(publicDir, { recursive: true, force: true });
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${url}${pathname}`);
    return { status: response.status, body: await response.text(), cache: response.headers.get("cache-control") };
  };

  it("serves public/'s files and folders for an hour, build/ for a year", async () => {
    expect(await get("/robots.txt")).toEqual({ status: 200, body: "User-agent: *\n", cache: "public, max-age=3600" });
    expect((await get("/images/produits/antenne.svg")).body).toBe("<svg/>");
    expect(await get("/build/entry.client-ABC.js")).toMatchObject({ status: 200, cache: "public, max-age=31536000, immutable" });
  });

  it("answers a missing build asset 404 and a missing file under a public folder to the app", async () => {
    expect(await get("/build/absent.js")).toMatchObject({ status: 404, body: "Not Found" });
    expect((await get("/images/absent.svg")).body).toBe("remix");
  });

  it("hands every other path to the app", async () => {
    expect(await get("/catalogue/electronique")).toMatchObject({ status: 200, body: "remix" });
    expect((await get("/")).body).toBe("remix");
  });

  it("never calls the file server for a path outside public/'s entries", () => {
    const served: string[] = [];
    const gate = onlyUnder(new Set(["images", "robots.txt"]), (req, _res, next) => {
      served.push(req.path);
      next();
    });
    const run = (pathname: string) => gate({ path: pathname } as express.Request, {} as express.Response, () => undefined);
    for (const pathname of ["/", "/catalogue/produit/12", "/imagesX/a.svg", "/robots.txt", "/images/produits/a.svg", "/images"])
      run(pathname);
    expect(served).toEqual(["/robots.txt", "/images/produits/a.svg", "/images"]);
  });
});
