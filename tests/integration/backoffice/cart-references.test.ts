import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order, savedCart, type SavedCart, type SessionResponse } from "@shared/contracts/api";
import type { Address, Cart, CartLine } from "@shared/contracts/entities";
import { computeTotals } from "@shared/domain/index";
import { cartWith, lineFor, products, uploadCertificate } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/** The cart's references (certificates, addresses) are the organization's own rows (decision 0022). */
describe.each(ENGINES)("back-office cart references on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let belgium: SessionResponse;
  let orgId: number;
  let mmsi: { id: number; ref: string };
  let otherMmsi: { id: number; ref: string };
  let plain: { id: number; ref: string };
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    belgium = await login(bo, LOGINS.belgium);
    orgId = client.user.auth_org_id;
    const [first, second] = await products(bo.db, "mmsi", 2);
    const [plainProduct] = await products(bo.db, "plain", 1);
    if (!first || !second || !plainProduct) throw new Error("demo data lacks MMSI or plain products");
    [mmsi, otherMmsi, plain] = [first, second, plainProduct];
  });
  afterAll(async () => {
    await bo.close();
  });

  const version = async (): Promise<number> =>
    savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body).version;
  const save = async (cart: Cart) =>
    call<SavedCart>(bo, `/oms/cart/${orgId}`, { token: client.token, body: { version: await version(), cart } });
  const mmsiLine = (certificates: CartLine["certificates"]): CartLine => ({ ...lineFor(mmsi, certificates.length || 1), certificates });
  const addressOf = async (org: number): Promise<Address> => {
    const list = (await call<Address[]>(bo, `/crm/addresses?org_id=${org}`, { token: org === orgId ? client.token : belgium.token })).body;
    if (!list[0]) throw new Error(`organization ${org} has no address`);
    return list[0];
  };
  const typedAddress: Address = {
    org_id: 1,
    adr_name: "Ponton 4",
    adr_line1: "Quai Est",
    adr_line2: "",
    adr_zipcode: "29200",
    adr_city: "Brest",
    adr_country: "FR",
    adr_phone: "",
  };

  it("rebuilds each certificate from the organization's row, not from what was sent", async () => {
    const stored = await uploadCertificate(bo, client.token, mmsi.id, "227006760");
    const result = await save(cartWith([mmsiLine([{ ...stored, mmsi: "999999999", file_name: "autre.pdf" }])]));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.cart.products.find((line) => line.obj_id === mmsi.id)?.certificates).toEqual([stored]);
  });

  it("refuses another organization's certificate, one of another product and an unknown id", async () => {
    const foreign = await uploadCertificate(bo, belgium.token, mmsi.id, "205000001");
    const otherProduct = await uploadCertificate(bo, client.token, otherMmsi.id, "227006761");
    const invented = { cer_id: "00000000-0000-4000-8000-000000000000", mmsi: "227006762", file_name: "x.pdf" };
    for (const certificate of [foreign, otherProduct, invented]) {
      const result = await save(cartWith([mmsiLine([certificate])]));
      expect(result, JSON.stringify(certificate)).toMatchObject({
        status: 422,
        body: { code: "unknown_certificate", issues: [{ path: `cart.products.line-${mmsi.id}.certificates.0` }] },
      });
    }
  });

  it("rebuilds a saved address from its row and makes a typed one the acting organization's", async () => {
    const own = await addressOf(orgId);
    const result = await save({
      ...cartWith([lineFor(plain, 1)]),
      dlv_address: { ...own, adr_line1: "Ailleurs" },
      inv_address: typedAddress,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.cart.dlv_address).toEqual(own);
    expect(result.body.cart.inv_address).toEqual({ ...typedAddress, org_id: orgId });
  });

  it("refuses an unknown address id and another organization's address", async () => {
    const foreign = await addressOf(belgium.user.auth_org_id);
    const unknown = await save({ ...cartWith([]), dlv_address: { ...typedAddress, org_id: orgId, obj_id: 999999 } });
    expect(unknown).toMatchObject({ status: 422, body: { code: "unknown_address", issues: [{ path: "cart.dlv_address" }] } });
    const stolen = await save({ ...cartWith([]), inv_address: foreign });
    expect(stolen).toMatchObject({ status: 422, body: { code: "unknown_address", issues: [{ path: "cart.inv_address" }] } });
  });

  describe("confirmation", () => {
    const confirm = async (cart: Cart, key: string, totals = { ord_total_ht: 0, ord_total_ecotaxe: 0, ord_total_ttc: 0 }) =>
      call(bo, `/oms/cart/${orgId}/confirm?usr_id=${client.user.obj_id}&usr_name=Voilerie`, {
        token: client.token,
        body: { cart, version: await version(), idempotency_key: key, ...totals },
      });

    it("refuses a delivery address that was never created, and a foreign certificate", async () => {
      const typed = await confirm({ ...cartWith([lineFor(plain, 1)]), dlv_address: { ...typedAddress, org_id: orgId } }, "refs-typed-1");
      expect(typed).toMatchObject({ status: 422, body: { code: "address_not_created", issues: [{ path: "cart.dlv_address" }] } });
      const foreign = await uploadCertificate(bo, belgium.token, mmsi.id, "205000002");
      expect((await confirm(cartWith([mmsiLine([foreign])]), "refs-foreign-1")).body).toMatchObject({ code: "unknown_certificate" });
    });

    it("orders to the organization's saved delivery address and its head office", async () => {
      const headOffice = (await call<Address>(bo, `/crm/invoicing-address?org_id=${orgId}`, { token: client.token })).body;
      const delivery = (await call<Address[]>(bo, `/crm/addresses?org_id=${orgId}`, { token: client.token })).body.at(-1);
      if (!delivery) throw new Error("no delivery address");
      const saved = savedCart.parse(
        (await save({ ...cartWith([lineFor(plain, 2)]), dlv_address: delivery, inv_address: headOffice })).body,
      );
      const totals = computeTotals(saved.cart, { objRef: "C0001", zipcode: "29200", country: "FR", catCompta: "Ventes France" });
      const sent = { ord_total_ht: totals.ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: totals.ttc };
      const result = await confirm(saved.cart, "refs-ok-1", sent);
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(order.parse(result.body)).toMatchObject({ dlv_address: delivery, inv_address: headOffice });
    });
  });
});
