import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isShippingReference } from "@shared/domain/index";
import * as listRoute from "~/routes/_app.mon-compte.listes.$id";
import { NO_LISTS_RIGHT } from "~/services/order-lists/user.server";
import { QTY_ZERO, READ_ONLY } from "~/services/order-lists/actions.server";
import { cartPage } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { cartRow, orgIdOf, userIdOf } from "../checkout/confirm-flow";
import { cookieFor, fillCart } from "../checkout/flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "../checkout/harness";
import { pageRequest, thrownStatus } from "../portal/harness";
import { exportOf, importFile, linesFields, listIdIn, listPage, listPath, listsPage, postList, postLists, postMake } from "./flow";

/**
 * The order lists' pages over the real back-office (issue 38, docs/order-lists.md): the buyer
 * of Voilerie Atlantique makes lists (empty, from the cart, from an order), changes their
 * lines, imports a file, exports it, adds ticked lines to the shared cart in one save; the
 * storekeeper reads a shared list without changing it; a private list, another organization's,
 * and an account without `cart` see nothing.
 */

let backoffice: CheckoutBackoffice;
let voilerie: number;
let plain: { id: number; ref: string }[];
let discontinued: { id: number; ref: string };
let cookies: Record<"buyer" | "storekeeper" | "consultant" | "otherOrg", string>;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  voilerie = await orgIdOf(backoffice, "C0001");
  const products = await demoProducts(backoffice.db);
  plain = products.plain;
  discontinued = products.discontinued;
  cookies = {
    buyer: await cookieFor(backoffice, LOGINS.buyer),
    storekeeper: await cookieFor(backoffice, LOGINS.storekeeper),
    consultant: await cookieFor(backoffice, LOGINS.consultant),
    otherOrg: await cookieFor(backoffice, LOGINS.corsica),
  };
}, 60_000);
afterAll(() => backoffice.close());

const product = (index: number) => {
  const found = plain[index];
  if (!found) throw new Error(`no demo product ${index}`);
  return found;
};

/** A new list of the buyer's with these lines (through the product page's form), its id. */
async function listWith(name: string, shared: boolean, lines: Array<[number, number]>): Promise<number> {
  const created = await postLists(backoffice, cookies.buyer, [
    ["intent", "create"],
    ["nom", name],
    ...(shared ? [["partagee", "1"] as [string, string]] : []),
  ]);
  const id = listIdIn(created.location);
  for (const [productId, qty] of lines) {
    const added = await postMake(backoffice, cookies.buyer, [
      ["intent", "add-product"],
      ["produit", String(productId)],
      ["qte", String(qty)],
      ["liste", String(id)],
      ["retour", `/catalogue/produit/${productId}`],
    ]);
    if (added.status !== 303) throw new Error(`not added: ${added.toast}`);
  }
  return id;
}

describe("making lists", () => {
  it("creates an empty shared list and shows it in the lists, with its author", async () => {
    const answer = await postLists(backoffice, cookies.buyer, [
      ["intent", "create"],
      ["nom", "Réassort ponton"],
      ["partagee", "1"],
    ]);
    expect(answer.status).toBe(303);
    expect(answer.toast).toBe("Liste « Réassort ponton » créée.");
    const id = listIdIn(answer.location);
    const { lists } = await listsPage(backoffice, cookies.buyer);
    const buyer = await userIdOf(backoffice, LOGINS.buyer);
    expect(lists.find((list) => list.id === id)).toMatchObject({
      name: "Réassort ponton",
      shared: true,
      ownerName: buyer.name,
      linesCount: 0,
      canEdit: true,
    });
  });

  it("refuses a list without a name, and draws the form again with the reason", async () => {
    const answer = await postLists(backoffice, cookies.buyer, [
      ["intent", "create"],
      ["nom", "  "],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.data?.errors?.nom).toBe("Donnez un nom à la liste.");
  });

  it("saves the cart's product lines as a list, the shipping lines left out", async () => {
    await fillCart(backoffice, cookies.buyer, [
      [product(0).id, 2],
      [product(1).id, 5],
    ]);
    // The cart as the page shows it holds a shipping line, which is no product to list.
    const { view: cart } = await cartPage(backoffice, cookies.buyer);
    expect(cart.shippingLines.length).toBeGreaterThan(0);
    expect(cart.shippingLines.every((line) => isShippingReference(line.ref))).toBe(true);
    const answer = await postMake(backoffice, cookies.buyer, [
      ["intent", "from-cart"],
      ["nom", "Panier de novembre"],
      ["retour", "/mon-panier"],
    ]);
    expect(answer.toast).toBe("Liste « Panier de novembre » créée avec 2 produits.");
    const view = await listPage(backoffice, cookies.buyer, listIdIn(answer.location));
    expect(view.shared).toBe(false);
    // The cart's product lines, in the cart's order.
    expect(cart.lines.map((line) => [line.productId, line.qty])).toEqual([
      [product(1).id, 5],
      [product(0).id, 2],
    ]);
    expect(view.lines.map((line) => [line.productId, line.qty])).toEqual(cart.lines.map((line) => [line.productId, line.qty]));
  });

  it("makes a list of an order's lines at the quantities ordered", async () => {
    const order = await backoffice.db
      .selectFrom("orders")
      .select("id")
      .where("org_id", "=", voilerie)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const lines = await backoffice.db
      .selectFrom("order_lines")
      .select(["product_id", "qty"])
      .where("order_id", "=", order.id)
      .where("is_port", "=", false)
      .orderBy("position")
      .execute();
    const answer = await postMake(backoffice, cookies.buyer, [
      ["intent", "from-order"],
      ["commande", String(order.id)],
      ["nom", "Depuis la commande"],
      ["partagee", "1"],
    ]);
    expect(answer.status).toBe(303);
    const view = await listPage(backoffice, cookies.buyer, listIdIn(answer.location));
    const expected = new Map<number, number>();
    for (const line of lines) expected.set(line.product_id, Math.min(9999, (expected.get(line.product_id) ?? 0) + line.qty));
    expect(new Map(view.lines.map((line) => [line.productId, line.qty]))).toEqual(expected);
    expect(view.shared).toBe(true);
  });

  it("adds a product to an existing list from its page, quantities adding up", async () => {
    const id = await listWith("Fiche produit", false, [[product(2).id, 1]]);
    const answer = await postMake(backoffice, cookies.buyer, [
      ["intent", "add-product"],
      ["produit", String(product(2).id)],
      ["qte", "4"],
      ["liste", String(id)],
      ["retour", `/catalogue/produit/${product(2).id}`],
    ]);
    expect(answer).toMatchObject({
      status: 303,
      location: `/catalogue/produit/${product(2).id}`,
      toast: "Ajouté à la liste « Fiche produit ».",
    });
    expect((await listPage(backoffice, cookies.buyer, id)).lines.map((line) => line.qty)).toEqual([5]);
  });
});

describe("a list's page", () => {
  it("saves quantities and notes, removes a line with « Retirer », and refuses a quantity of 0", async () => {
    const id = await listWith("Quantités", false, [
      [product(3).id, 1],
      [product(4).id, 2],
    ]);
    let view = await listPage(backoffice, cookies.buyer, id);
    const saved = await postList(backoffice, cookies.buyer, id, [
      ["intent", "save"],
      ...linesFields(view, { [product(3).id]: { qty: "7", note: "Pour le mât" } }),
    ]);
    expect(saved).toMatchObject({ status: 303, location: listPath(id), toast: "Liste « Quantités » enregistrée." });
    view = await listPage(backoffice, cookies.buyer, id);
    expect(view.lines.map((line) => [line.productId, line.qty, line.note])).toEqual([
      [product(3).id, 7, "Pour le mât"],
      [product(4).id, 2, ""],
    ]);

    const zero = await postList(backoffice, cookies.buyer, id, [
      ["intent", "save"],
      ...linesFields(view, { [product(4).id]: { qty: "0" } }),
    ]);
    expect(zero.status).toBe(400);
    expect(zero.data?.errors?.[`qte_${product(4).id}`]).toBe(QTY_ZERO);

    const removed = await postList(backoffice, cookies.buyer, id, [["intent", `remove:${product(4).id}`], ...linesFields(view)]);
    expect(removed.toast).toBe(`${product(4).ref} retiré de la liste « Quantités ».`);
    expect((await listPage(backoffice, cookies.buyer, id)).lines.map((line) => line.productId)).toEqual([product(3).id]);
  });

  it("adds the ticked lines to the shared cart in one save; a discontinued line is refused with its reason", async () => {
    const id = await listWith("Au panier", false, [
      [product(5).id, 3],
      [product(6).id, 1],
      [discontinued.id, 2],
    ]);
    await backoffice.resetCarts();
    const view = await listPage(backoffice, cookies.buyer, id);
    expect(view.lines.find((line) => line.productId === discontinued.id)?.discontinued).toBe(true);
    const before = await cartRow(backoffice, voilerie);
    const published = backoffice.realtime.published.length;
    const answer = await postList(backoffice, cookies.buyer, id, [
      ["intent", "add-selected"],
      ["ligne", String(product(5).id)],
      ["ligne", String(discontinued.id)],
      ...linesFields(view, { [product(5).id]: { qty: "4" } }),
    ]);
    expect(answer.location).toBe("/mon-panier");
    expect(answer.toast).toBe(
      `Liste « Au panier » : 1 produit ajouté au panier (4 × ${product(5).ref}). Non ajouté : ${discontinued.ref} (n'est plus commercialisé).`,
    );
    const after = await cartRow(backoffice, voilerie);
    expect(after.version).toBe(before.version + 1);
    expect(after.products.filter((line) => !line.prd_is_port).map((line) => line.obj_ref)).toEqual([product(5).ref]);
    expect(backoffice.realtime.published.slice(published).map((entry) => entry.event.kind)).toEqual(["added"]);
    // The typed quantity went to the cart; the list keeps its own.
    expect((await listPage(backoffice, cookies.buyer, id)).lines.find((line) => line.productId === product(5).id)?.qty).toBe(3);
  });

  it("imports a file's lines and says, line by line, why the others were not added", async () => {
    const id = await listWith("Import", false, []);
    const csv = `Référence;Quantité;Note\n${product(7).ref};3;Pour le mât\nINCONNU-XYZ-9;2\n${product(8).ref};beaucoup\n;4\n`;
    const answer = await importFile(backoffice, cookies.buyer, id, new File([csv], "atelier.csv", { type: "text/csv" }));
    expect(answer.status).toBe(200);
    expect(answer.data?.importReport).toEqual({
      fileName: "atelier.csv",
      added: 1,
      unlisted: 0,
      refused: [
        { line: 3, input: "INCONNU-XYZ-9", message: "Référence ou code inconnu : INCONNU-XYZ-9." },
        { line: 4, input: `${product(8).ref} ; beaucoup`, message: "Quantité invalide « beaucoup » : un nombre entier est attendu." },
        { line: 5, input: "4", message: "Indiquez une référence ou votre code en première colonne." },
      ],
    });
    expect(answer.data?.message).toBe("1 ligne ajoutée à la liste ; 3 refusées, voir ci-dessous.");
    const view = await listPage(backoffice, cookies.buyer, id);
    expect(view.lines.map((line) => [line.ref, line.qty, line.note])).toEqual([[product(7).ref, 3, "Pour le mât"]]);
  });

  it("imports a workbook by the organization's own codes, the code then shown beside the reference", async () => {
    const code = await backoffice.db
      .selectFrom("part_numbers")
      .innerJoin("products", "products.id", "part_numbers.product_id")
      .select(["part_numbers.code", "products.ref", "products.id"])
      .where("part_numbers.org_id", "=", voilerie)
      .where("part_numbers.code", "=", "VA-MANI-05")
      .executeTakeFirstOrThrow();
    const id = await listWith("Import par code", false, []);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Feuil1");
    sheet.addRow([code.code, 12, "Écoutes de génois"]);
    sheet.addRow(["VA-INCONNU", 1]);
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const answer = await importFile(backoffice, cookies.buyer, id, new File([bytes], "codes.xlsx"));
    expect(answer.data?.importReport).toEqual({
      fileName: "codes.xlsx",
      added: 1,
      unlisted: 0,
      refused: [{ line: 2, input: "VA-INCONNU", message: "Référence ou code inconnu : VA-INCONNU." }],
    });
    const view = await listPage(backoffice, cookies.buyer, id);
    expect(view.lines.map((line) => [line.productId, line.ref, line.ownCode, line.qty, line.note])).toEqual([
      [code.id, code.ref, "VA-MANI-05", 12, "Écoutes de génois"],
    ]);
  });

  it("exports the list as CSV for French Excel and as a workbook exceljs reads", async () => {
    const id = await listWith("Export", false, [[product(9).id, 6]]);
    let view = await listPage(backoffice, cookies.buyer, id);
    await postList(backoffice, cookies.buyer, id, [["intent", "save"], ...linesFields(view, { [product(9).id]: { note: "Quai 3" } })]);
    view = await listPage(backoffice, cookies.buyer, id);
    const line = view.lines[0];
    if (!line) throw new Error("no line");

    const csv = await exportOf(backoffice, cookies.buyer, id, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="liste-export.csv"');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n")).toEqual([
      "Référence;Votre code;Désignation;Quantité;Note",
      `${line.ref};${line.ownCode ?? ""};${line.title};6;Quai 3`,
      "",
    ]);

    const xlsx = await exportOf(backoffice, cookies.buyer, id, "xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Liste");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Référence", "Votre code", "Désignation", "Quantité", "Note"]);
    expect(sheet?.getRow(2).getCell(1).value).toBe(line.ref);
    expect(sheet?.getRow(2).getCell(4).value).toBe(6);
    expect(sheet?.getRow(2).getCell(5).value).toBe("Quai 3");
  });
});

describe("who sees and changes a list", () => {
  it("hides a colleague's private list and another organization's: the 404 page", async () => {
    const id = await listWith("Privée", false, [[product(0).id, 1]]);
    const open = (cookie: string) => () =>
      listRoute.loader({ request: pageRequest(listPath(id), cookie), context: backoffice.context(), params: { id: String(id) } });
    expect(await thrownStatus(open(cookies.storekeeper))).toBe(404);
    expect(await thrownStatus(open(cookies.otherOrg))).toBe(404);
    expect((await listsPage(backoffice, cookies.storekeeper)).lists.some((list) => list.id === id)).toBe(false);
  });

  it("shows a colleague's shared list read-only: a change is refused in French, adding to the cart works", async () => {
    const id = await listWith("Partagée", true, [[product(1).id, 2]]);
    const view = await listPage(backoffice, cookies.storekeeper, id);
    expect(view.canEdit).toBe(false);
    const renamed = await postList(backoffice, cookies.storekeeper, id, [
      ["intent", "rename"],
      ["nom", "Renommée"],
    ]);
    expect(renamed).toMatchObject({ status: 303, location: listPath(id), toast: READ_ONLY });
    const saved = await postList(backoffice, cookies.storekeeper, id, [
      ["intent", "save"],
      ...linesFields(view, { [product(1).id]: { qty: "9" } }),
    ]);
    expect(saved.toast).toBe(READ_ONLY);
    const row = await backoffice.db.selectFrom("order_lists").select("name").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.name).toBe("Partagée");
    expect((await listPage(backoffice, cookies.buyer, id)).lines.map((line) => line.qty)).toEqual([2]);

    await backoffice.resetCarts();
    const added = await postList(backoffice, cookies.storekeeper, id, [["intent", "add-all"]]);
    expect(added.location).toBe("/mon-panier");
    expect(added.toast).toBe(`Liste « Partagée » : 1 produit ajouté au panier (2 × ${product(1).ref}).`);
  });

  it("refuses every list page and action to an account without the `cart` right", async () => {
    const id = await listWith("Sans panier", true, []);
    const pages = () =>
      listRoute.loader({
        request: pageRequest(listPath(id), cookies.consultant),
        context: backoffice.context(),
        params: { id: String(id) },
      });
    expect(await thrownStatus(pages)).toBe(403);
    const answer = await postList(backoffice, cookies.consultant, id, [["intent", "add-all"]]);
    expect(answer.status).toBe(403);
    expect((answer.data as unknown as { message: string }).message).toBe(NO_LISTS_RIGHT);
    const made = await postMake(backoffice, cookies.consultant, [
      ["intent", "from-cart"],
      ["nom", "Non"],
    ]);
    expect(made.status).toBe(403);
  });
});
