import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type TestPortal } from "../realtime/harness";
import { Accounts, KINDS } from "./access-matrix/accounts";
import { coverage } from "./access-matrix/expect";
import { PAGE_EXPECTATIONS } from "./access-matrix/page-expectations";
import { portalRoutes } from "./access-matrix/routes";
import { pageSender, tryKind } from "./access-matrix/run";

/**
 * The access-control matrix of the portal's pages (docs/security.md « Access-control matrix »):
 * every route of the Remix build × every account kind, against the hand-written table of
 * access-matrix/page-expectations.ts. A route without a row, or a row without a route, fails.
 */

let portal: TestPortal;
let accounts: Accounts;
let tried = 0;
beforeAll(async () => {
  portal = await startPortal();
  accounts = new Accounts(portal);
  await accounts.fixtures();
}, 90_000);
afterAll(async () => {
  console.log(`[access-matrix] pages: ${Object.keys(PAGE_EXPECTATIONS).length} routes × ${KINDS.length} account kinds, ${tried} requests`);
  await portal?.close();
});

describe("access-control matrix of the pages", () => {
  it("has an expectation for every route of the build, and a route for every expectation", async () => {
    expect(coverage(await portalRoutes(), PAGE_EXPECTATIONS)).toEqual([]);
  });

  for (const kind of KINDS) {
    it(`answers ${kind} as the table says`, async () => {
      const result = await tryKind(kind, accounts, PAGE_EXPECTATIONS, pageSender(portal));
      tried += result.requests;
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }
});
