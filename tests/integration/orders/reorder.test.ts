import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reorderRoute from "~/routes/_app.mon-compte.commandes.$id_.commander-a-nouveau";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import { formRequest, responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startOrdersBackoffice, type OrdersBackoffice } from "./harness";

/**
 * « Commander à nouveau » over the real back-office (small demo set): the proposal shows what
 * changed since the order (a new price, a product no longer sold, the 9,999 cap counting the
 * cart, an MMSI product), the confirmation adds the lines in one versioned save with the live
 * notice, and who may do it.
 */

let backoffice: OrdersBackoffice;
let organization: string;
let storekeeper: string;
let orgId: number;
/** An order of Voilerie Atlantique and four of its product lines. */
let orderId: number;
let repriced: { productId: number; ref: string; unitPrice: number; newPrice: number };
let discontinued: { productId: number; ref: string };
let capped: { productId: number; ref: string; ordered: number };
let mmsi: { productId: number; ref: string };

const path = (id: number | string, query = "") => `/mon-compte/commandes/${id}/commander-a-nouveau${query}`;
const proposal = (cookie: string, query: string, id: number | string = orderId) =>
  run(reorderRoute.loader, backoffice, page(path(id, query), cookie), { id: String(id) });
const confirm = (cookie: string, fields: Record<string, string>, id: number | string = orderId) =>
  responseOf(() => run(reorderRoute.action, backoffice, formRequest(path(id), fields, cookie), { id: String(id) }));

async function cartOf(): Promise<{ version: number; qty: Map<string, number> }> {
  const row = await backoffice.db.selectFrom("carts").select(["version", "data"]).where("org_id", "=", orgId).executeTakeFirst();
  const qty = new Map<string, number>();
  const products = ((row?.data ?? {}) as { products?: { obj_ref: string; qty: number }[] }).products ?? [];
  for (const line of products) qty.set(line.obj_ref, (qty.get(line.obj_ref) ?? 0) + line.qty);
  return { version: row?.version ?? 0, qty };
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { toast } = await backoffice.context().toasts.take(new Request("http://portail.test/", { headers: { cookie } }));
  return toast?.message;
}

beforeAll(async () => {
  backoffice = await startOrdersBackoffice();
  const { db } = backoffice;
  const org = await db.selectFrom("organizations").select("id").where("name", "=", "Voilerie Atlantique").executeTakeFirstOrThrow();
  orgId = org.id;
  // An order with an MMSI line and at least three plain lines, one ordered twice or more.
  const lines = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .innerJoin("products", "products.id", "order_lines.product_id")
    .select([
      "order_lines.order_id",
      "order_lines.product_id",
      "order_lines.ref",
      "order_lines.qty",
      "order_lines.unit_price",
      "products.is_mmsi",
      "products.discontinued",
    ])
    .where("orders.org_id", "=", orgId)
    .where("order_lines.is_port", "=", false)
    .orderBy("order_lines.order_id", "desc")
    .orderBy("order_lines.position")
    .execute();
  const byOrder = new Map<number, typeof lines>();
  for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
  const fits = (rows: typeof lines) => {
    const plain = rows.filter((line) => !line.is_mmsi && !line.discontinued);
    return rows.some((line) => line.is_mmsi && !line.discontinued) && plain.length >= 3 && plain.some((line) => line.qty >= 2);
  };
  const chosen = [...byOrder.entries()].find(([, rows]) => fits(rows));
  if (!chosen) throw new Error("no demo order with an MMSI line and three plain lines");
  orderId = chosen[0];
  const plain = chosen[1].filter((line) => !line.is_mmsi && !line.discontinued);
  const capLine = plain.find((line) => line.qty >= 2)!;
  const others = plain.filter((line) => line !== capLine);
  const [a, b] = [others[0]!, others[1]!];
  const m = chosen[1].find((line) => line.is_mmsi)!;
  // Today's catalogue differs from the order's: a new price for A (no promotion in the way),
  // B no longer sold. Changed before the back-office's catalogue is first read.
  const newPrice = a.unit_price + 1234;
  await db.deleteFrom("promotions").where("product_id", "=", a.product_id).execute();
  await db.deleteFrom("org_product_prices").where("org_id", "=", orgId).where("product_id", "=", a.product_id).execute();
  await db.insertInto("org_product_prices").values({ org_id: orgId, product_id: a.product_id, price: newPrice }).execute();
  await db.updateTable("products").set({ discontinued: true }).where("id", "=", b.product_id).execute();
  repriced = { productId: a.product_id, ref: a.ref, unitPrice: a.unit_price, newPrice };
  discontinued = { productId: b.product_id, ref: b.ref };
  capped = { productId: capLine.product_id, ref: capLine.ref, ordered: capLine.qty };
  mmsi = { productId: m.product_id, ref: m.ref };
  [organization, storekeeper] = await Promise.all([cookieFor(backoffice, LOGINS.organization), cookieFor(backoffice, LOGINS.storekeeper)]);
  // The cart holds the capped product already, one unit short of the per-line maximum.
  const held = (await cartOf()).qty.get(capped.ref) ?? 0;
  const added = await responseOf(() =>
    run(
      addRoute.action,
      backoffice,
      formRequest(
        "/mon-panier/ajouter",
        { productId: String(capped.productId), qty: String(9998 - held), redirectTo: "/mon-panier" },
        organization,
      ),
    ),
  );
  expect(added.status).toBe(303);
}, 60_000);
afterAll(() => backoffice.close());

describe("the proposal (GET, nothing changes)", () => {
  it("shows the new price, the product no longer sold, the cap counting the cart and the MMSI note", async () => {
    const before = await cartOf();
    const ids = [repriced.productId, discontinued.productId, capped.productId, mmsi.productId];
    const data = await proposal(organization, `?${ids.map((id) => `ligne=${id}`).join("&")}`);
    expect(data.showPrices).toBe(true);
    expect(data.notices).toEqual([]);
    expect(data.lines.map((line) => line.productId).sort()).toEqual([...ids].sort());
    const line = (id: number) => data.lines.find((candidate) => candidate.productId === id)!;

    expect(line(repriced.productId)).toMatchObject({
      outcome: "ajoutée",
      orderedUnitPrice: repriced.unitPrice,
      todayUnitPrice: repriced.newPrice,
      priceChanged: true,
    });
    expect(line(repriced.productId).notes).toContain("Le prix a changé depuis la commande.");

    expect(line(discontinued.productId)).toMatchObject({ outcome: "refusée", qty: 0 });
    expect(line(discontinued.productId).notes).toEqual(["Ce produit n'est plus commercialisé : il ne sera pas ajouté."]);

    expect(line(capped.productId)).toMatchObject({ outcome: "plafonnée", inCart: 9998, qty: 1, ordered: capped.ordered });
    expect(line(capped.productId).notes[0]).toBe(
      "Quantité ramenée à 1 : le panier en contient déjà 9 998 et une ligne ne peut pas dépasser 9 999.",
    );

    expect(line(mmsi.productId).mmsi).toBe(true);
    expect(line(mmsi.productId).notes).toContain(
      "Produit MMSI : un certificat par unité sera à joindre dans le panier avant de commander.",
    );
    expect(data.canConfirm).toBe(true);
    expect((await cartOf()).version).toBe(before.version);
  });

  it("shows no price, then or now, without `prices`", async () => {
    const data = await proposal(storekeeper, `?ligne=${repriced.productId}`);
    expect(data.showPrices).toBe(false);
    expect(data.lines[0]).toMatchObject({ orderedUnitPrice: null, todayUnitPrice: null, priceChanged: false, outcome: "ajoutée" });
  });

  it("takes the whole order with `tout=1`", async () => {
    const data = await proposal(organization, "?tout=1");
    const count = await backoffice.db
      .selectFrom("order_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", orderId)
      .where("is_port", "=", false)
      .executeTakeFirstOrThrow();
    expect(data.wholeOrder).toBe(true);
    expect(data.lines).toHaveLength(Number(count.n));
  });

  it("explains an empty or stale selection, with nothing to confirm", async () => {
    const empty = await proposal(organization, "");
    expect(empty.lines).toEqual([]);
    expect(empty.canConfirm).toBe(false);
    expect(empty.notices).toEqual([
      "Aucune ligne de la commande n'est choisie : cochez les produits à commander à nouveau, ou choisissez toute la commande.",
    ]);
    const stale = await proposal(organization, `?ligne=999999&ligne=abc&ligne=${repriced.productId}`);
    expect(stale.notices).toEqual(["2 lignes choisies ne font pas partie de cette commande : elles sont ignorées."]);
    expect(stale.lines.map((line) => line.productId)).toEqual([repriced.productId]);
    const one = await proposal(organization, `?ligne=999999&ligne=${repriced.productId}`);
    expect(one.notices).toEqual(["1 ligne choisie ne fait pas partie de cette commande : elle est ignorée."]);
  });

  it("is refused to an account without `cart` (403), and another organization's order is a 404", async () => {
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    expect(await thrownStatus(() => proposal(consultant, "?tout=1"))).toBe(403);
    const corsica = await cookieFor(backoffice, LOGINS.corsica);
    expect(await thrownStatus(() => proposal(corsica, "?tout=1"))).toBe(404);
    expect(await thrownStatus(() => proposal(organization, "?tout=1", "abc"))).toBe(404);
  });
});

describe("the confirmation (POST)", () => {
  it("refuses an account without `cart` and another organization, and changes nothing", async () => {
    const before = await cartOf();
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    expect(
      await thrownStatus(() =>
        run(reorderRoute.action, backoffice, formRequest(path(orderId), { tout: "1" }, consultant), { id: String(orderId) }),
      ),
    ).toBe(403);
    const corsica = await cookieFor(backoffice, LOGINS.corsica);
    expect(
      await thrownStatus(() =>
        run(reorderRoute.action, backoffice, formRequest(path(orderId), { tout: "1" }, corsica), { id: String(orderId) }),
      ),
    ).toBe(404);
    expect((await cartOf()).version).toBe(before.version);
  });

  it("sends a stale selection back to the order with a message, nothing saved", async () => {
    const before = await cartOf();
    const published = backoffice.published().length;
    const response = await confirm(organization, { ligne: "999999" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/mon-compte/commandes/${orderId}`);
    expect(await toastOf(response)).toBe("Rien n'a été ajouté au panier. Aucune ligne de la commande n'est choisie.");
    const onlyDiscontinued = await confirm(organization, { ligne: String(discontinued.productId) });
    expect(await toastOf(onlyDiscontinued)).toBe(
      `Rien n'a été ajouté au panier. Non ajouté : ${discontinued.ref} (voir « Commander à nouveau »).`,
    );
    expect((await cartOf()).version).toBe(before.version);
    expect(backoffice.published()).toHaveLength(published);
  });

  it("adds the lines in one versioned save, publishes the live notice and lands on the cart with what was added and refused", async () => {
    const before = await cartOf();
    const published = backoffice.published().length;
    const fields = new URLSearchParams();
    for (const id of [repriced.productId, discontinued.productId, capped.productId, mmsi.productId]) fields.append("ligne", String(id));
    const response = await responseOf(() =>
      run(
        reorderRoute.action,
        backoffice,
        new Request(`http://portail.test${path(orderId)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: organization },
          body: fields.toString(),
        }),
        { id: String(orderId) },
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/mon-panier");
    const message = await toastOf(response);
    // Issue 24: the count says it in French (Intl.PluralRules), never « produit(s) ajouté(s) ».
    expect(message).toMatch(/ : 3 produits ajoutés au panier/);
    expect(message).toContain(`1 × ${capped.ref}`);
    expect(message).toContain(`Quantité plafonnée : ${capped.ref}.`);
    expect(message).toContain(`Non ajouté : ${discontinued.ref}.`);
    expect(message).toContain("Joignez les certificats MMSI dans le panier.");

    const after = await cartOf();
    expect(after.version).toBe(before.version + 1);
    expect(after.qty.get(capped.ref)).toBe(9999);
    expect(after.qty.get(repriced.ref)).toBe((before.qty.get(repriced.ref) ?? 0) + (await orderedQty(repriced.productId)));
    expect(after.qty.get(mmsi.ref)).toBe((before.qty.get(mmsi.ref) ?? 0) + (await orderedQty(mmsi.productId)));
    expect(after.qty.get(discontinued.ref) ?? 0).toBe(before.qty.get(discontinued.ref) ?? 0);

    const notices = backoffice.published().slice(published);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ orgId, event: { kind: "added", version: after.version } });
    expect(notices[0]!.event.products.map((product) => product.ref).sort()).toEqual([capped.ref, mmsi.ref, repriced.ref].sort());
  });
});

async function orderedQty(productId: number): Promise<number> {
  const row = await backoffice.db
    .selectFrom("order_lines")
    .select("qty")
    .where("order_id", "=", orderId)
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  return row.qty;
}
