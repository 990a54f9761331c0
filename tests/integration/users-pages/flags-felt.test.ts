import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as layoutRoute from "~/routes/_app";
import * as productRoute from "~/routes/_app.catalogue.produit.$id";
import * as cartRoute from "~/routes/_app.mon-panier._index";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import * as usersRoute from "~/routes/_app.mon-compte.utilisateurs";
import { LOGINS, cookieFor, load, post, startUsersPagesBed, toastOf, userIdOf, type UsersPagesBed } from "./harness";

/**
 * « A removed flag is refused at the API on the person's very next call », seen from the
 * portal: the organization switches a right off on /mon-compte/utilisateurs, and the person's
 * next request, with the session cookie it already had, shows no price or is refused the cart.
 */

let bed: UsersPagesBed;
let organization: string;
let buyer: string;
let buyerId: number;
let productId: number;

type ProductPage = Awaited<ReturnType<typeof productRoute.loader>>;
type LayoutData = Awaited<ReturnType<typeof layoutRoute.loader>>;
type CartPage = Awaited<ReturnType<typeof cartRoute.loader>>;

beforeAll(async () => {
  bed = await startUsersPagesBed("users-flags");
  [organization, buyer] = await Promise.all([cookieFor(bed, LOGINS.organization), cookieFor(bed, LOGINS.buyer)]);
  buyerId = await userIdOf(bed, LOGINS.buyer);
  const product = await bed.db
    .selectFrom("products")
    .select("id")
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .where("is_mmsi", "=", false)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  productId = product.id;
});
afterAll(() => bed.close());

const productPage = () => load<ProductPage>(bed, productRoute.loader, `/catalogue/produit/${productId}`, buyer, { id: String(productId) });
const layout = () => load<LayoutData>(bed, layoutRoute.loader, "/catalogue", buyer);
const cartLines = async () =>
  (await load<CartPage>(bed, cartRoute.loader, "/mon-panier", buyer)).view.lines.map((line) => [line.productId, line.qty]);
const setFlag = async (flag: string, on: boolean) => {
  const answer = await post(
    bed,
    usersRoute.action,
    "/mon-compte/utilisateurs",
    { intent: "droit", utilisateur: String(buyerId), droit: flag, valeur: on ? "on" : "off" },
    organization,
  );
  expect((await toastOf(bed, answer))?.type).toBe("success");
};

describe("a right switched off on the users page", () => {
  it("hides the prices on the person's very next product page, and the price list from its menu", async () => {
    expect((await productPage()).price).not.toBeNull();
    expect((await layout()).access.canViewPrices).toBe(true);
    await setFlag("prices", false);
    expect((await productPage()).price).toBeNull();
    expect((await layout()).access.canViewPrices).toBe(false);
    await setFlag("prices", true);
    expect((await productPage()).price).not.toBeNull();
  });

  it("refuses the person's very next add to cart, the cart unchanged", async () => {
    const add = () =>
      post(bed, addRoute.action, "/mon-panier/ajouter", { productId: String(productId), qty: "2", redirectTo: "/catalogue" }, buyer);
    expect((await toastOf(bed, await add()))?.type).toBe("success");
    const before = await cartLines();
    expect(before).toContainEqual([productId, 2]);
    await setFlag("cart", false);
    const refused = await toastOf(bed, await add());
    expect(refused).toEqual({ type: "error", message: expect.stringMatching(/panier/) });
    expect(await cartLines()).toEqual(before);
    expect((await layout()).canEditCart).toBe(false);
    await setFlag("cart", true);
  });
});
