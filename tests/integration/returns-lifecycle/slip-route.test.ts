import { createHash } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { askReturn, deliveredOrder, stepOk, type AskedReturn } from "./fixtures";

/**
 * GET /api/returns/:orgId/:number/slip (decision 0207): the organization's accounts that may
 * order download the slip of an accepted return; before the acceptance there is none (404);
 * another organization's return, or the path of another organization, is a 404; an account
 * without `orders` a 403, no token a 401.
 */
describe("the return slip's route", () => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let belgium: SessionResponse;
  let accepted: AskedReturn;
  let pending: AskedReturn;
  let foreign: AskedReturn;
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [client, buyer, storekeeper, belgium] = await Promise.all([
      login(bo, LOGINS.client),
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.storekeeper),
      login(bo, LOGINS.belgium),
    ]);
    const [first] = await stockedProducts(bo, 1);
    if (!first) throw new Error("no test product");
    const placed = await deliveredOrder(bo, buyer, [[first, 3]], "slip-route");
    accepted = await askReturn(bo.db, placed.ord_id, [[first, 2]]);
    pending = await askReturn(bo.db, placed.ord_id, [[first, 1]]);
    await stepOk(bo, accepted.number, "accept");
    const belgian = await deliveredOrder(bo, belgium, [[first, 1]], "slip-route-belgium");
    foreign = await askReturn(bo.db, belgian.ord_id, [[first, 1]], { by: "Nautic Belgium" });
    await stepOk(bo, foreign.number, "accept");
  });
  afterAll(async () => {
    await bo.close();
  });

  const slip = (session: SessionResponse | null, orgId: number, number: string) =>
    fetch(`${bo.baseUrl}/returns/${orgId}/${number}/slip`, { headers: session ? { authorization: `Bearer ${session.token}` } : {} });

  it("gives the organization's accounts that may order the slip of an accepted return", async () => {
    const orgId = client.user.auth_org_id;
    for (const session of [client, buyer]) {
      const answer = await slip(session, orgId, accepted.number.toLowerCase());
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${accepted.number}.pdf"`);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(answer.headers.get("etag")).toBe(`"${createHash("sha256").update(bytes).digest("hex")}"`);
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      expect(text.replace(/\s+/g, " ")).toContain(`Indiquez le numéro ${accepted.number} sur le colis`);
    }
  });

  it("has none before the acceptance, and finds nothing of another organization", async () => {
    const orgId = client.user.auth_org_id;
    const before = await slip(client, orgId, pending.number);
    expect(before.status).toBe(404);
    expect(await before.json()).toMatchObject({ code: "no_slip", message: expect.stringContaining("une fois le retour accepté") });
    expect((await slip(client, orgId, foreign.number)).status).toBe(404);
    expect((await slip(belgium, orgId, accepted.number)).status).toBe(404);
    expect((await slip(belgium, belgium.user.auth_org_id, accepted.number)).status).toBe(404);
    expect((await slip(belgium, belgium.user.auth_org_id, foreign.number)).status).toBe(200);
    expect((await slip(client, orgId, "RET-2026-999999")).status).toBe(404);
    expect((await slip(client, orgId, "CMD-000001")).status).toBe(404);
  });

  it("refuses an account without the orders right (403) and a call without a session (401)", async () => {
    const orgId = client.user.auth_org_id;
    expect((await slip(storekeeper, orgId, accepted.number)).status).toBe(403);
    expect((await slip(null, orgId, accepted.number)).status).toBe(401);
    // The distributor's calls are no way round: a customer's token is refused there.
    expect((await call(bo, `/erp/returns/${accepted.number}`, { token: client.token })).status).toBe(403);
  });
});
