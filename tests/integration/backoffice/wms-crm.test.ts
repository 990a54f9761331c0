import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressListResponse, stockBatchResponse, type SessionResponse } from "@shared/contracts/api";
import { address, stock } from "@shared/contracts/entities";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

describe.each(ENGINES)("back-office wms and crm on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("reads one product's stock, with a refill date when out of stock", async () => {
    const empty = await bo.db
      .selectFrom("stocks")
      .selectAll()
      .where("sto_disp", "=", 0)
      .where("refill_date", "is not", null)
      .orderBy("product_id")
      .executeTakeFirstOrThrow();
    const result = stock.parse((await call(bo, `/wms/stocks/${empty.product_id}`, { token: client.token })).body);
    expect(result).toEqual({ obj_id: empty.product_id, sto_disp: 0, sto_refill_date: empty.refill_date, sto_refill_qte: empty.refill_qte });
    expect(result.sto_refill_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await call(bo, "/wms/stocks/999999", { token: client.token })).toMatchObject({ status: 404, body: { code: "unknown_product" } });
    expect((await call(bo, "/wms/stocks/abc", { token: client.token })).status).toBe(404);
    expect((await call(bo, `/wms/stocks/${empty.product_id}`)).status).toBe(401);
  });

  it("reads many stocks at once, leaving unknown ids out", async () => {
    const ids = (await bo.db.selectFrom("products").select("id").orderBy("id").limit(24).execute()).map((row) => row.id);
    const batch = stockBatchResponse.parse((await call(bo, `/wms/stocks?ids=${[...ids, 999999].join(",")}`, { token: client.token })).body);
    expect(batch.map((row) => row.obj_id)).toEqual(ids);
    expect((await call(bo, "/wms/stocks?ids=1,,2", { token: client.token })).status).toBe(400);
    expect(
      (await call(bo, `/wms/stocks?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`, { token: client.token })).status,
    ).toBe(400);
  });

  it("creates and lists an organization's addresses, and only its own", async () => {
    const orgId = client.user.auth_org_id;
    const before = addressListResponse.parse((await call(bo, `/crm/addresses?org_id=${orgId}`, { token: client.token })).body);
    expect(before.length).toBe(3);
    const created = await call(bo, "/crm/addresses", {
      token: client.token,
      body: {
        org_id: orgId,
        adr_name: "Ponton B",
        adr_line1: "Port du Château",
        adr_zipcode: "29200",
        adr_city: "Brest",
        adr_country: "FR",
      },
    });
    expect(created.status).toBe(201);
    expect(address.parse(created.body)).toMatchObject({ org_id: orgId, adr_line2: "", adr_city: "Brest" });
    const after = addressListResponse.parse((await call(bo, `/crm/addresses?org_id=${orgId}`, { token: client.token })).body);
    expect(after.length).toBe(before.length + 1);

    const belgium = await login(bo, LOGINS.belgium);
    expect((await call(bo, `/crm/addresses?org_id=${orgId}`, { token: belgium.token })).status).toBe(404);
    const foreign = await call(bo, "/crm/addresses", {
      token: belgium.token,
      body: { org_id: orgId, adr_name: "X", adr_line1: "Y", adr_zipcode: "1", adr_city: "Z", adr_country: "BE" },
    });
    expect(foreign.status).toBe(404);
    expect((await call(bo, "/crm/addresses", { token: client.token, body: { org_id: orgId, adr_name: "" } })).status).toBe(400);
  });
});
