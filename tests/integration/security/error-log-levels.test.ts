import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGINS, logIn, startPortal, type LoggedIn, type TestPortal } from "../realtime/harness";

/**
 * The running portal's log and answers for a client's mistakes (decision 0158): an unknown
 * download is the French 404 page, not Remix's JSON; it and a legacy `?_data` request are
 * logged below error level with their path and status, so that a scanner does not fill the
 * error log.
 */
interface Line {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  err?: unknown;
}

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  accept: "text/html,application/xhtml+xml",
};
const lines: Line[] = [];
let portal: TestPortal;
let buyer: LoggedIn;
beforeAll(async () => {
  portal = await startPortal({ logger: pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) }) });
  buyer = await logIn(portal, LOGINS.buyer);
}, 90_000);
afterAll(() => portal?.close());

const linesFor = (path: string) => lines.filter((line) => line.path === path);

describe("a client's mistakes: French pages, log lines below error level", () => {
  it("an unknown download answers the French 404 page and logs an info line with its path and status", async () => {
    for (const path of ["/telechargements/fichier/999999", "/telechargements/fichier/abc"]) {
      const response = await fetch(`${portal.url}${path}`, { headers: { ...BROWSER, cookie: buyer.cookie } });
      const text = await response.text();
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(text).toContain('<html lang="fr">');
      expect(text).toMatch(/La page demandée n(&#39;|')existe pas\./);
      expect(text).not.toContain("Unexpected Server Error");
      expect(linesFor(path)).toEqual([expect.objectContaining({ level: 30, status: 404 })]);
      expect(linesFor(path)[0]?.err).toBeUndefined();
    }
  });

  it("refuses a legacy ?_data request (400, its request id) and logs it as a warning", async () => {
    const response = await fetch(`${portal.url}/mentions-legales?_data=routes%2Fmentions-legales`, {
      headers: { ...BROWSER, cookie: buyer.cookie, accept: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: expect.stringMatching(/rechargez la page/) as unknown,
      requestId: response.headers.get("x-request-id"),
    });
    expect(linesFor("/mentions-legales").filter((line) => line.level >= 40)).toEqual([
      expect.objectContaining({ level: 40, msg: "legacy ?_data request" }),
    ]);
  });

  it("wrote no error line for any of them", () => {
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
