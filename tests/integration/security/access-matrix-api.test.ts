import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type TestPortal } from "../realtime/harness";
import { Accounts, KINDS } from "./access-matrix/accounts";
import { API_EXPECTATIONS } from "./access-matrix/api-expectations";
import { coverage } from "./access-matrix/expect";
import { backofficeRoutes } from "./access-matrix/routes";
import { apiSender, tryKind } from "./access-matrix/run";

/**
 * The access-control matrix of the back-office (docs/security.md « Access-control matrix »):
 * every endpoint of the Express router stack mounted under /api × every account kind (a bearer
 * token, JSON), against the hand-written table of access-matrix/api-expectations.ts. An
 * endpoint without a row, or a row without an endpoint, fails.
 */

let portal: TestPortal;
let accounts: Accounts;
let tried = 0;
beforeAll(async () => {
  // Warnings only: the invitations the rows make would log every e-mail they send.
  portal = await startPortal({ logger: pino({ level: "warn" }) });
  accounts = new Accounts(portal);
  await accounts.fixtures();
}, 90_000);
afterAll(async () => {
  console.log(`[access-matrix] api: ${Object.keys(API_EXPECTATIONS).length} endpoints × ${KINDS.length} account kinds, ${tried} requests`);
  await portal?.close();
});

describe("access-control matrix of the back-office API", () => {
  it("has an expectation for every endpoint under /api, and an endpoint for every expectation", () => {
    expect(coverage(backofficeRoutes(portal), API_EXPECTATIONS)).toEqual([]);
  });

  for (const kind of KINDS) {
    it(`answers ${kind} as the table says`, async () => {
      const result = await tryKind(kind, accounts, API_EXPECTATIONS, apiSender(portal));
      tried += result.requests;
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }
});
