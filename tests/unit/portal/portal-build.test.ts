import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importPortalBuild, isPortalServerBuild, watchPortalBuild, type LoadedBuild } from "../../../server/portal-build";

/** A stand-in for build/index.js: what server/portal-build.ts checks of a Remix build, and a marker. */
function fakeBuild(
  marker: string,
  entryExports = "createPortalServices, createPortalLoadContext, UpstreamError, DEFAULT_MAIL_FROM, createMailer, inProcessTransport",
): string {
  return `
export const routes = {};
export const assets = { version: ${JSON.stringify(marker)} };
const createPortalServices = () => ({ marker: ${JSON.stringify(marker)} });
const createPortalLoadContext = () => ({});
class UpstreamError extends Error {}
const DEFAULT_MAIL_FROM = "x <x@example.fr>";
const createMailer = () => ({ send: async () => ({ messageId: "", file: null }) });
const inProcessTransport = () => async () => ({ status: 200, etag: null, text: "" });
const handleRequest = () => new Response("");
export const entry = { module: { default: handleRequest, ${entryExports} } };
`;
}

let dir: string;
let buildPath: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "portail-build-"));
  buildPath = path.join(dir, "index.js");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the server's access to the app (decision 0099)", () => {
  it("takes the app from the build's entry module, and refuses a build that lacks what the server needs", async () => {
    await writeFile(buildPath, fakeBuild("one"));
    const { app } = await importPortalBuild(buildPath);
    expect(app.DEFAULT_MAIL_FROM).toBe("x <x@example.fr>");
    expect(isPortalServerBuild({ routes: {}, assets: {}, entry: { module: { default: () => null } } })).toBe(false);
    await writeFile(buildPath, fakeBuild("two", "createPortalServices, DEFAULT_MAIL_FROM"));
    await expect(importPortalBuild(buildPath, "two")).rejects.toThrow(/does not export what the server needs/);
    await expect(importPortalBuild(path.join(dir, "missing.js"))).rejects.toThrow(/build is missing/);
  });

  it("in development, hands over each build written after the first, imported anew", async () => {
    await writeFile(buildPath, fakeBuild("one"));
    const loaded: LoadedBuild[] = [];
    const errors: unknown[] = [];
    const watcher = watchPortalBuild(
      buildPath,
      (build) => loaded.push(build),
      (error) => errors.push(error),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writeFile(buildPath, fakeBuild("two"));
      await expect.poll(() => loaded.length, { timeout: 5000 }).toBe(1);
      expect(loaded[0]?.build.assets.version).toBe("two");
      await writeFile(buildPath, fakeBuild("three"));
      await expect.poll(() => loaded.length, { timeout: 5000 }).toBe(2);
      expect(loaded[1]?.build.assets.version).toBe("three");
      expect(errors).toEqual([]);
    } finally {
      watcher.stop();
    }
  });
});
