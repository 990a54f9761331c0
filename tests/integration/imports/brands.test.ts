import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand, SessionResponse } from "@shared/contracts/api";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/** The `brands` feed (docs/integration.md): upsert by reference, the brand list refreshed at once. */
describe.each(ENGINES)("the brands feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  const brandTitles = async () => (await call<Brand[]>(bo, "/pim/brands", { token: client.token })).body.map((brand) => brand.obj_title);

  it("creates, renames and leaves unchanged by the ERP's reference; the brand list follows at once", async () => {
    expect(await brandTitles()).not.toContain("Scanstrut Océan");
    const first = await postFeed(bo, "brands", cp1252("Code marque;Marque\r\nSCAN;Scanstrut Océan\r\nWICH;Wichard\r\n"));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    expect(await brandTitles()).toContain("Scanstrut Océan");
    const second = await postFeed(bo, "brands", utf8("Référence,Nom\nSCAN,Scanstrut\nWICH,Wichard\n"));
    expect(second.body.counts).toEqual({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    expect(await brandTitles()).toContain("Scanstrut");
    const again = await postFeed(bo, "brands", utf8("Référence,Nom\nSCAN,Scanstrut\nWICH,Wichard\n"));
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
  });

  it("refuses a file naming one reference twice, and writes nothing of it", async () => {
    const { status, body } = await postFeed(bo, "brands", utf8("Référence;Nom\nNEWB;Nouvelle marque\nnewb;Autre nom\n"));
    expect(status).toBe(422);
    expect(body.refused.map((line) => line.text)).toEqual(["ligne 3, colonne Référence : « NEWB » figure déjà ligne 2"]);
    expect(await bo.db.selectFrom("brands").select("id").where("erp_ref", "=", "NEWB").execute()).toEqual([]);
  });
});
