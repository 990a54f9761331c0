import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import type { ShippingProduct } from "@shared/contracts/entities";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `shipping` feed (docs/integration.md): the prices and wordings of the lines the shipping
 * rules put in a cart, only for the rules' references, seen by the next cart at once.
 */
describe.each(ENGINES)("the shipping feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  const shippingLines = async () => (await call<ShippingProduct[]>(bo, "/oms/products/port", { token: client.token })).body;
  const priceOf = async (ref: string) => (await shippingLines()).find((line) => line.obj_ref === ref)?.prd_price_selling;

  it("updates a line's price and wording, seen at once; the same file again changes nothing", async () => {
    expect(await priceOf("PORT_MOTEUR")).toBe(6000);
    const file = cp1252(
      "Référence;Libellé;Prix HT\r\nport_moteur;Frais de port moteur (palette);64,50\r\nPORT_SAMEDI;Supplément livraison le samedi;30\r\n",
    );
    const first = await postFeed(bo, "shipping", file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts).toEqual({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    expect(await priceOf("PORT_MOTEUR")).toBe(6450);
    expect((await shippingLines()).find((line) => line.obj_ref === "PORT_MOTEUR")?.obj_title).toBe("Frais de port moteur (palette)");
    const again = await postFeed(bo, "shipping", file);
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
  });

  it("refuses a reference the shipping rules do not know, and writes nothing of the file", async () => {
    const { status, body } = await postFeed(
      bo,
      "shipping",
      utf8("Référence;Libellé;Prix HT\nPORT_ANTENNE;Antenne;26\nPORT_EXPRESS;Express;15\n"),
    );
    expect(status).toBe(422);
    expect(body.refused.map((line) => line.text)).toEqual([
      expect.stringMatching(
        /^ligne 3, colonne Référence : « PORT_EXPRESS » n'est pas une ligne de frais de port du portail \(PORT_ANTENNE, /,
      ),
    ]);
    expect(await priceOf("PORT_ANTENNE")).toBe(2500);
  });
});
