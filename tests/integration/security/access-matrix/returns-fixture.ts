import { savedCart } from "@shared/contracts/api";
import { call, login } from "../../backoffice/harness";
import { placeOrder } from "../../backoffice/orders-fixtures";
import { LOGINS } from "../../realtime/harness";
import { askReturn, photo, PNG, request, returnable, shipAndDeliver } from "../../returns/fixtures";

/**
 * A return of C0001 for the returns' rows (docs/returns.md): an order of one plain product
 * placed by the organization's account, shipped and delivered by the distributor's calls, a
 * return of it with a photo. The organization's cart is put back as it was: the cart rows read it.
 */
export interface ReturnFixture {
  /** The delivered order, whose lines may be returned. */
  deliveredOrderId: number;
  returnNumber: string;
  returnPhotoId: number;
}

export async function makeReturnFixture(portalUrl: string, orgId: number): Promise<ReturnFixture> {
  const bo = { baseUrl: `${portalUrl}/api` };
  const session = await login(bo, LOGINS.client);
  const listing = await call<{ items: Array<{ obj_id: number; obj_ref: string; obj_properties: Record<string, unknown> }> }>(
    bo,
    `/pim/products?per_page=50&page=1&sort=relevance&usr_id=${orgId}`,
    { token: session.token },
  );
  // A parcel item: no MMSI certificate to give, no shipping family to route.
  const product = listing.body.items.find(
    (item) => !["Produit MMSI", "hazardous", "motor", "antenna", "tag"].some((key) => item.obj_properties[key] === true),
  );
  if (!product) throw new Error("no plain product of C0001's listing");
  const before = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: session.token })).body);
  const order = await placeOrder(bo, session, [[{ id: product.obj_id, ref: product.obj_ref }, 2]], "matrice-retours");
  const after = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: session.token })).body);
  const restored = await call(bo, `/oms/cart/${orgId}`, { token: session.token, body: { version: after.version, cart: before.cart } });
  if (restored.status !== 200) throw new Error(`cart of C0001: ${restored.status}`);
  await shipAndDeliver(bo, order.ord_ref, [[{ id: product.obj_id, ref: product.obj_ref }, 2]]);
  const form = await returnable(bo, session, order.ord_id);
  const created = await askReturn(
    bo,
    session,
    request(order.ord_id, [{ position: form.lines[0]?.position ?? 0, qty: 1 }], { reason: "defective", photos: [photo(PNG)] }),
  );
  return { deliveredOrderId: order.ord_id, returnNumber: created.number, returnPhotoId: created.photos[0]?.id ?? 0 };
}
