import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn, startPortal, type TestPortal } from "../realtime/harness";

/**
 * The real portal server's speed options (issue 23): its pages are gzipped unless COMPRESSION
 * is off (decision 0155), and its pages reach the embedded back-office in the same process by
 * default or over loopback HTTP when asked (decision 0156): the same pages either way.
 */
const CATEGORY = "/catalogue/electronique-de-bord";

async function page(portal: TestPortal, pathname: string, headers: Record<string, string>) {
  const response = await fetch(`${portal.url}${pathname}`, { headers, redirect: "manual" });
  return { status: response.status, encoding: response.headers.get("content-encoding"), body: await response.text() };
}

describe("a portal with its defaults", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it("gzips a page asked compressed, and serves a signed-in page through the in-process back-office", async () => {
    const { cookie } = await logIn(portal, "client@voilerie-atlantique.fr");
    const compressed = await page(portal, CATEGORY, { cookie, "accept-encoding": "gzip" });
    expect(compressed).toMatchObject({ status: 200, encoding: "gzip" });
    expect(compressed.body).toContain("Voilerie Atlantique");
    expect((await page(portal, CATEGORY, { cookie, "accept-encoding": "identity" })).encoding).toBeNull();
  });

  it("keeps no timer of a page once it is sent (the render's abort timer and Remix's data stream timer held each page for 5 s)", async () => {
    const { cookie } = await logIn(portal, "client@voilerie-atlantique.fr");
    await page(portal, CATEGORY, { cookie });
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = timers();
    for (let round = 0; round < 20; round += 1) expect((await page(portal, "/sante/rendu", { cookie })).status).toBe(200);
    expect(timers() - before).toBeLessThan(5);
  });
});

describe("a portal behind a compressing proxy, calling its back-office over HTTP", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ compression: false, backofficeTransport: "http" });
  });
  afterAll(() => portal.close());

  it("answers uncompressed whatever the client asks, with the same page", async () => {
    const { cookie } = await logIn(portal, "client@voilerie-atlantique.fr");
    const answer = await page(portal, CATEGORY, { cookie, "accept-encoding": "gzip, br" });
    expect(answer).toMatchObject({ status: 200, encoding: null });
    expect(answer.body).toContain("Voilerie Atlantique");
  });
});
