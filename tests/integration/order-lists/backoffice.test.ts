import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import {
  importListLinesResponse,
  MAX_LIST_LINES,
  MAX_LIST_QTY,
  MAX_ORDER_LISTS,
  orderListDetail,
  orderListsResponse,
  type OrderListDetail,
} from "@shared/contracts/order-lists";
import { ownCodeKey } from "@shared/domain/references";
import { products } from "../backoffice/cart-fixtures";
import { call, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";

/**
 * Issue 38, the back-office's side of order lists (docs/order-lists.md, decision 0194): who sees
 * and changes a list (private, shared, administrators, another organization, no `cart`), lines
 * merged by product and the limits, a file's lines by reference or own code with their French
 * refusals, today's prices, and a list a schedule uses.
 */

type Product = { id: number; ref: string; price_selling: number };

describe("order lists in the back-office", () => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let consultant: SessionResponse;
  let corsica: SessionResponse;
  let plain: Product[];
  const org = () => client.user.auth_org_id;
  const base = () => `/order-lists/${org()}`;

  async function create(session: SessionResponse, body: unknown): Promise<OrderListDetail> {
    const answer = await call(bo, base(), { token: session.token, body });
    if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
    return orderListDetail.parse(answer.body);
  }

  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [client, buyer, storekeeper, consultant, corsica] = await Promise.all([
      login(bo, LOGINS.client),
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.storekeeper),
      login(bo, LOGINS.consultant),
      login(bo, LOGINS.corsica),
    ]);
    plain = await products(bo.db, "plain", 12);
  }, 120_000);

  afterAll(async () => {
    await bo?.close();
  });

  it("seeds « Consommables atelier », shared by Maël Kerjean, with own codes; Gwen's list stays hers; the demo's monthly schedule orders it", async () => {
    const seen = orderListsResponse.parse((await call(bo, base(), { token: buyer.token })).body).items;
    const workshop = seen.find((list) => list.name === "Consommables atelier");
    expect(workshop).toMatchObject({ shared: true, owner_name: "Maël Kerjean", can_edit: true, schedules_count: 1 });
    expect(workshop!.lines_count).toBeGreaterThanOrEqual(6);
    expect(seen.map((list) => list.name)).not.toContain("Réassort comptoir");
    const detail = orderListDetail.parse((await call(bo, `${base()}/${workshop!.id}`, { token: buyer.token })).body);
    expect(detail.lines.filter((line) => line.own_code !== null).map((line) => line.own_code)).toContain("VA-CORD-08");
    const mine = orderListsResponse.parse((await call(bo, base(), { token: storekeeper.token })).body).items;
    expect(mine.find((list) => list.name === "Réassort comptoir")).toMatchObject({
      shared: false,
      owner_name: "Gwen Le Bihan",
      can_edit: true,
    });
    // The storekeeper reads the shared list but does not change it.
    expect(mine.find((list) => list.name === "Consommables atelier")?.can_edit).toBe(false);
  });

  it("keeps a private list its author's: a colleague, an administrator and another organization find none", async () => {
    const list = await create(buyer, { name: "Mes essais", lines: [{ product_id: plain[0]!.id, qty: 2 }] });
    expect(list).toMatchObject({ shared: false, owner_id: buyer.user.obj_id, owner_name: "Maël Kerjean", lines_count: 1, can_edit: true });
    for (const other of [storekeeper, client]) {
      expect((await call(bo, `${base()}/${list.id}`, { token: other.token })).status).toBe(404);
      const patched = await call(bo, `${base()}/${list.id}`, { token: other.token, method: "PATCH", body: { name: "Pris" } });
      expect(patched.status).toBe(404);
      const names = orderListsResponse.parse((await call(bo, base(), { token: other.token })).body).items.map((item) => item.id);
      expect(names).not.toContain(list.id);
    }
    expect((await call(bo, `/order-lists/${corsica.user.auth_org_id}/${list.id}`, { token: corsica.token })).status).toBe(404);
    expect((await call(bo, `${base()}/${list.id}`, { token: corsica.token })).status).toBe(404);
  });

  it("lets a colleague read a shared list but not change it (403); an administrator and the author change it", async () => {
    const list = await create(buyer, {
      name: "Atelier partagé",
      shared: true,
      lines: [{ product_id: plain[1]!.id, qty: 1, note: "Voir Maël" }],
    });
    const read = orderListDetail.parse((await call(bo, `${base()}/${list.id}`, { token: storekeeper.token })).body);
    expect(read).toMatchObject({ name: "Atelier partagé", can_edit: false });
    expect(read.lines.map((line) => [line.product_id, line.qty, line.note])).toEqual([[plain[1]!.id, 1, "Voir Maël"]]);
    const attempts = [
      call(bo, `${base()}/${list.id}`, { token: storekeeper.token, method: "PATCH", body: { name: "Renommée" } }),
      call(bo, `${base()}/${list.id}/lines`, { token: storekeeper.token, body: { lines: [{ product_id: plain[2]!.id, qty: 1 }] } }),
      call(bo, `${base()}/${list.id}/lines`, { token: storekeeper.token, method: "PUT", body: { lines: [] } }),
      call(bo, `${base()}/${list.id}/import`, { token: storekeeper.token, body: { entries: [{ line: 1, ref: plain[2]!.ref, qty: 1 }] } }),
      call(bo, `${base()}/${list.id}`, { token: storekeeper.token, method: "DELETE" }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.message).toBe(
        "Cette liste partagée ne peut être modifiée que par son auteur ou un administrateur de votre organisation.",
      );
    }
    // The organization's account is an administrator.
    const renamed = await call(bo, `${base()}/${list.id}`, { token: client.token, method: "PATCH", body: { name: "Atelier (admin)" } });
    expect(renamed.status).toBe(200);
    expect(orderListDetail.parse(renamed.body)).toMatchObject({ name: "Atelier (admin)", can_edit: true, owner_name: "Maël Kerjean" });
    // Unshared by its author: the colleague loses it.
    const unshared = await call(bo, `${base()}/${list.id}`, { token: buyer.token, method: "PATCH", body: { shared: false } });
    expect(orderListDetail.parse(unshared.body).shared).toBe(false);
    expect((await call(bo, `${base()}/${list.id}`, { token: storekeeper.token })).status).toBe(404);
    expect((await call(bo, `${base()}/${list.id}`, { token: client.token, method: "DELETE" })).status).toBe(404);
    expect((await call(bo, `${base()}/${list.id}`, { token: buyer.token, method: "DELETE" })).status).toBe(204);
    expect((await call(bo, `${base()}/${list.id}`, { token: buyer.token })).status).toBe(404);
  });

  it("refuses everything without the cart right, and a contributor before login-as", async () => {
    for (const path of [base(), `${base()}/1`]) {
      const answer = await call(bo, path, { token: consultant.token });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Votre compte ne permet pas de modifier le panier.");
    }
    expect((await call(bo, base(), { token: consultant.token, body: { name: "Non" } })).status).toBe(403);
    const sales = await login(bo, LOGINS.sales);
    const own = await call(bo, `/order-lists/${sales.user.auth_org_id}`, { token: sales.token });
    expect(own.status).toBe(403);
    expect(String(own.body.message)).toContain("Choisissez d'abord le client");
    const acting = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: org() } })).body,
    );
    const created = await create(acting, { name: "Pour le client", shared: true });
    // The list is the client's own account's: the organization's name.
    expect(created).toMatchObject({ owner_id: client.user.obj_id, owner_name: "Voilerie Atlantique", can_edit: true });
    expect((await call(bo, `${base()}/${created.id}`, { token: acting.token, method: "DELETE" })).status).toBe(204);
  });

  it("merges lines by product, caps the quantity, checks the products and answers today's net prices", async () => {
    const list = await create(buyer, {
      name: "Fusion",
      lines: [
        { product_id: plain[3]!.id, qty: 2 },
        { product_id: plain[4]!.id, qty: 1, note: "première" },
        { product_id: plain[3]!.id, qty: 3 },
      ],
    });
    expect(list.lines.map((line) => [line.product_id, line.qty])).toEqual([
      [plain[3]!.id, 5],
      [plain[4]!.id, 1],
    ]);
    const added = await call(bo, `${base()}/${list.id}/lines`, {
      token: buyer.token,
      body: {
        lines: [
          { product_id: plain[4]!.id, qty: MAX_LIST_QTY, note: "seconde" },
          { product_id: plain[5]!.id, qty: 7 },
        ],
      },
    });
    const merged = orderListDetail.parse(added.body);
    expect(merged.lines.map((line) => [line.product_id, line.qty, line.note])).toEqual([
      [plain[3]!.id, 5, ""],
      [plain[4]!.id, MAX_LIST_QTY, "seconde"],
      [plain[5]!.id, 7, ""],
    ]);
    // The price the cart would charge today, for this organization.
    const product = await call(bo, `/pim/products/${plain[3]!.id}?usr_id=${org()}`, { token: buyer.token });
    const { prc_price, prc_promo_price } = product.body as { prc_price: number; prc_promo_price: number | null };
    const expected = prc_promo_price !== null && prc_promo_price < prc_price ? prc_promo_price : prc_price;
    expect(merged.lines[0]!.unit_price).toBe(expected);
    expect(merged.lines[0]).toMatchObject({ ref: plain[3]!.ref, discontinued: false, needs_certificate: false, own_code: null });
    // Without the prices right: no amount.
    const shared = await call(bo, `${base()}/${list.id}`, { token: buyer.token, method: "PATCH", body: { shared: true } });
    expect(shared.status).toBe(200);
    const unpriced = orderListDetail.parse((await call(bo, `${base()}/${list.id}`, { token: storekeeper.token })).body);
    expect(unpriced.lines.map((line) => line.unit_price)).toEqual([null, null, null]);

    const shipping = await bo.db.selectFrom("products").select("id").where("is_port", "=", true).executeTakeFirstOrThrow();
    const refused = await call(bo, `${base()}/${list.id}/lines`, {
      token: buyer.token,
      body: { lines: [{ product_id: shipping.id, qty: 1 }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("shipping_product");
    const unknown = await call(bo, `${base()}/${list.id}/lines`, {
      token: buyer.token,
      body: { lines: [{ product_id: 99_999_999, qty: 1 }] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe("Produit introuvable (n° 99999999) : il ne peut pas entrer dans une liste.");
    const tooMuch = await call(bo, `${base()}/${list.id}/lines`, {
      token: buyer.token,
      body: { lines: [{ product_id: plain[3]!.id, qty: 0 }] },
    });
    expect(tooMuch.status).toBe(400);
    // The page saves all the lines: these become the list.
    const replaced = await call(bo, `${base()}/${list.id}/lines`, {
      token: buyer.token,
      method: "PUT",
      body: { lines: [{ product_id: plain[5]!.id, qty: 1, note: "seule" }] },
    });
    expect(orderListDetail.parse(replaced.body).lines.map((line) => [line.product_id, line.qty, line.note])).toEqual([
      [plain[5]!.id, 1, "seule"],
    ]);
  });

  it("holds at most MAX_LIST_LINES lines and MAX_ORDER_LISTS lists per organization", async () => {
    // The small demo catalogue has fewer products than a full list: plain ones are added.
    await bo.db
      .insertInto("products")
      .values(
        Array.from({ length: MAX_LIST_LINES + 1 }, (_, i) => ({
          ref: `LIM${String(i).padStart(5, "0")}`,
          title: `Article de test ${i}`,
          name: `Article de test ${i}`,
          brand_id: null,
          category_id: null,
          price_selling: 100,
          certificates_info: null,
        })),
      )
      .execute();
    const many = await bo.db.selectFrom("products").select(["id", "ref"]).where("ref", "like", "LIM%").orderBy("ref").execute();
    expect(many).toHaveLength(MAX_LIST_LINES + 1);
    const full = await create(buyer, {
      name: "Pleine",
      lines: many.slice(0, MAX_LIST_LINES).map((product) => ({ product_id: product.id, qty: 1 })),
    });
    expect(full.lines_count).toBe(MAX_LIST_LINES);
    const more = await call(bo, `${base()}/${full.id}/lines`, {
      token: buyer.token,
      body: { lines: [{ product_id: many[MAX_LIST_LINES]!.id, qty: 1 }] },
    });
    expect(more.status).toBe(422);
    expect(more.body.code).toBe("too_many_lines");
    // An existing product still merges.
    const merged = await call(bo, `${base()}/${full.id}/lines`, {
      token: buyer.token,
      body: { lines: [{ product_id: many[0]!.id, qty: 1 }] },
    });
    expect(orderListDetail.parse(merged.body).lines[0]!.qty).toBe(2);
    const imported = importListLinesResponse.parse(
      (
        await call(bo, `${base()}/${full.id}/import`, {
          token: buyer.token,
          body: { entries: [{ line: 4, ref: plain[9]!.ref, qty: 1 }] },
        })
      ).body,
    );
    expect(imported.added).toBe(0);
    expect(imported.refused).toEqual([
      { line: 4, input: plain[9]!.ref, message: "La liste a atteint son maximum de lignes : cette ligne n'a pas été ajoutée." },
    ]);

    const count = Number(
      (
        await bo.db
          .selectFrom("order_lists")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("org_id", "=", org())
          .executeTakeFirstOrThrow()
      ).n,
    );
    const now = new Date();
    await bo.db
      .insertInto("order_lists")
      .values(
        Array.from({ length: MAX_ORDER_LISTS - count }, (_, i) => ({
          org_id: org(),
          owner_id: buyer.user.obj_id,
          owner_name: "Maël Kerjean",
          name: `Remplissage ${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const refused = await call(bo, base(), { token: storekeeper.token, body: { name: "Une de trop" } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `Votre organisation a atteint le maximum de ${MAX_ORDER_LISTS} listes : supprimez-en une avant d'en créer une autre.`,
    );
    // Another organization is not counted with it.
    expect((await call(bo, `/order-lists/${corsica.user.auth_org_id}`, { token: corsica.token, body: { name: "Ajaccio" } })).status).toBe(
      201,
    );
    await bo.db.deleteFrom("order_lists").where("name", "like", "Remplissage %").execute();
  });

  it("imports a file by reference or own code, refusing unknown, discontinued and shipping lines with their numbers", async () => {
    const list = await create(buyer, { name: "Import", shared: true, lines: [{ product_id: plain[6]!.id, qty: 1 }] });
    await bo.db
      .insertInto("part_numbers")
      .values({
        org_id: org(),
        product_id: plain[7]!.id,
        code: "VA-TEST 77",
        code_key: ownCodeKey("VA-TEST 77"),
        updated_at: new Date(),
        updated_by: "test",
      })
      .execute();
    const [discontinued] = await products(bo.db, "discontinued", 1);
    const before = await bo.db.selectFrom("order_list_lines").selectAll().where("list_id", "=", list.id).execute();
    const answer = await call(bo, `${base()}/${list.id}/import`, {
      token: client.token,
      body: {
        entries: [
          { line: 2, ref: plain[6]!.ref.toLowerCase(), qty: 4, note: "Réassort" },
          { line: 3, ref: "va test77", qty: 2 },
          { line: 4, ref: "INCONNU-42", qty: 1 },
          { line: 5, ref: discontinued!.ref, qty: 1 },
          { line: 6, ref: "PORT_FRANCO", qty: 1 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const imported = importListLinesResponse.parse(answer.body);
    expect(imported.added).toBe(2);
    expect(imported.refused).toEqual([
      { line: 4, input: "INCONNU-42", message: "Référence ou code inconnu : INCONNU-42." },
      { line: 5, input: discontinued!.ref, message: `${discontinued!.ref} n'est plus commercialisé.` },
      { line: 6, input: "PORT_FRANCO", message: "PORT_FRANCO est un frais de port : il est calculé automatiquement." },
    ]);
    expect(before.map((line) => [line.product_id, line.qty])).toEqual([[plain[6]!.id, 1]]);
    expect(imported.list.lines.map((line) => [line.product_id, line.qty, line.note, line.own_code])).toEqual([
      [plain[6]!.id, 5, "Réassort", null],
      [plain[7]!.id, 2, "", "VA-TEST 77"],
    ]);
    // Only refusals: nothing changes.
    const none = importListLinesResponse.parse(
      (await call(bo, `${base()}/${list.id}/import`, { token: buyer.token, body: { entries: [{ line: 1, ref: "NOPE", qty: 1 }] } })).body,
    );
    expect(none.added).toBe(0);
    expect(none.list.updated_at).toBe(imported.list.updated_at);
    // Another organization's code is not this one's.
    const other = await create(buyer, { name: "Autre" });
    await bo.db.deleteFrom("part_numbers").where("org_id", "=", org()).where("product_id", "=", plain[7]!.id).execute();
    await bo.db
      .insertInto("part_numbers")
      .values({
        org_id: corsica.user.auth_org_id,
        product_id: plain[7]!.id,
        code: "VA-TEST 77",
        code_key: "VATEST77",
        updated_at: new Date(),
        updated_by: "test",
      })
      .execute();
    const foreign = importListLinesResponse.parse(
      (await call(bo, `${base()}/${other.id}/import`, { token: buyer.token, body: { entries: [{ line: 1, ref: "VA-TEST 77", qty: 1 }] } }))
        .body,
    );
    expect(foreign.refused.map((refusal) => refusal.message)).toEqual(["Référence ou code inconnu : VA-TEST 77."]);
  });

  it("counts the schedules on a list and refuses to delete a list a schedule uses (409, named)", async () => {
    const list = await create(buyer, { name: "Programmée", shared: true, lines: [{ product_id: plain[8]!.id, qty: 1 }] });
    const now = new Date();
    await bo.db
      .insertInto("replenishment_schedules")
      .values({
        org_id: org(),
        owner_id: buyer.user.obj_id,
        owner_name: "Maël Kerjean",
        name: "Réassort mensuel",
        list_id: list.id,
        every: 1,
        unit: "months",
        day: 5,
        next_run: "2027-01-05",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const summary = orderListsResponse
      .parse((await call(bo, base(), { token: buyer.token })).body)
      .items.find((item) => item.id === list.id);
    expect(summary?.schedules_count).toBe(1);
    const refused = await call(bo, `${base()}/${list.id}`, { token: buyer.token, method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "list_in_use",
      message:
        "Cette liste est utilisée par la commande programmée « Réassort mensuel » : supprimez cette commande programmée ou choisissez-lui une autre liste avant de supprimer la liste.",
    });
    expect((await call(bo, `${base()}/${list.id}`, { token: buyer.token })).status).toBe(200);
  });
});
