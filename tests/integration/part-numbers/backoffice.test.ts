import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productDetail, productListResponse, type SessionResponse } from "@shared/contracts/api";
import {
  erpPartNumbersResponse,
  importPartNumbersResponse,
  partNumber,
  partNumberListResponse,
  partNumberLookupResponse,
} from "@shared/contracts/part-numbers";
import { products } from "../backoffice/cart-fixtures";
import { call, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { details, placeOrder, SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { alertMail } from "../../../server/backoffice/alerts/templates";

/**
 * Issue 38, the customer's own part numbers in the back-office (docs/part-numbers.md, decision
 * 0195): one code per product, unique in the organization by its key (another organization may
 * use the same); set, removed, listed, looked up, imported with per-line French refusals and set
 * by the ERP; found by the quick order's reference look-up and the search; kept on the order line.
 */

type Product = { id: number; ref: string; price_selling: number };

describe("own part numbers in the back-office", () => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let consultant: SessionResponse;
  let corsica: SessionResponse;
  let plain: Product[];
  const org = () => client.user.auth_org_id;
  const base = () => `/part-numbers/${org()}`;
  const put = (session: SessionResponse, productId: number, code: unknown, orgId = org()) =>
    call(bo, `/part-numbers/${orgId}/${productId}`, { token: session.token, method: "PUT", body: { code } });

  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [client, buyer, consultant, corsica] = await Promise.all([
      login(bo, LOGINS.client),
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.consultant),
      login(bo, LOGINS.corsica),
    ]);
    plain = await products(bo.db, "plain", 12);
  }, 120_000);

  afterAll(async () => {
    await bo?.close();
  });

  it("lists the demo's codes of Voilerie Atlantique, searched by code, reference or title", async () => {
    const all = partNumberListResponse.parse((await call(bo, base(), { token: consultant.token })).body);
    expect(all.items.map((item) => item.code)).toContain("VA-CORD-08");
    expect(all.total).toBe(all.items.length);
    const cord = all.items.find((item) => item.code === "VA-CORD-08")!;
    const byCode = partNumberListResponse.parse((await call(bo, `${base()}?q=vacord08`, { token: buyer.token })).body);
    expect(byCode.items).toEqual([cord]);
    const byRef = partNumberListResponse.parse((await call(bo, `${base()}?q=${cord.ref.toLowerCase()}`, { token: buyer.token })).body);
    expect(byRef.items).toEqual([cord]);
    // Nobody else has codes in the demo.
    const none = partNumberListResponse.parse((await call(bo, `/part-numbers/${corsica.user.auth_org_id}`, { token: corsica.token })).body);
    expect(none).toEqual({ items: [], total: 0, page: 1, size: 50 });
    expect((await call(bo, base(), { token: corsica.token })).status).toBe(404);
  });

  it("sets, replaces and removes a code; unique per organization by its key, free in another one", async () => {
    const [a, b] = [plain[0]!, plain[1]!];
    const set = await put(buyer, a.id, " VA-ESSAI-01 ");
    expect(set.status).toBe(200);
    expect(partNumber.parse(set.body)).toEqual({ product_id: a.id, ref: a.ref, title: expect.any(String) as string, code: "VA-ESSAI-01" });
    const clash = await put(buyer, b.id, "va essai 01");
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "code_taken", message: `Le code va essai 01 est déjà celui de la référence ${a.ref}.` });
    // The same code at another organization.
    expect((await put(corsica, b.id, "VA-ESSAI-01", corsica.user.auth_org_id)).status).toBe(200);
    // A new code replaces the product's previous one, and the old one is free again.
    expect((await put(buyer, a.id, "VA-ESSAI-02")).status).toBe(200);
    expect((await put(buyer, b.id, "VA-ESSAI-01")).status).toBe(200);
    const lookup = partNumberLookupResponse.parse(
      (await call(bo, `${base()}/lookup?product_ids=${a.id},${b.id},${plain[2]!.id}`, { token: consultant.token })).body,
    );
    expect(lookup).toEqual({ codes: { [String(a.id)]: "VA-ESSAI-02", [String(b.id)]: "VA-ESSAI-01" } });
    expect((await call(bo, `${base()}/${a.id}`, { token: buyer.token, method: "DELETE" })).status).toBe(204);
    const after = partNumberLookupResponse.parse((await call(bo, `${base()}/lookup?product_ids=${a.id}`, { token: buyer.token })).body);
    expect(after.codes).toEqual({});
    const bad = await call(bo, `${base()}/lookup?product_ids=1,x`, { token: buyer.token });
    expect(bad.status).toBe(400);
  });

  it("refuses an invalid code with the schema's message, a shipping line, and changes without the cart right", async () => {
    const invalid = await put(buyer, plain[3]!.id, "VA*1");
    expect(invalid.status).toBe(400);
    expect((invalid.body.issues as Array<{ message: string }>)[0]!.message).toBe(
      "Votre code ne peut contenir que des lettres, des chiffres, des espaces et . _ - / + #.",
    );
    const shipping = await bo.db.selectFrom("products").select("id").where("ref", "=", "PORT_FRANCO").executeTakeFirstOrThrow();
    expect((await put(buyer, shipping.id, "PORT")).status).toBe(422);
    expect((await put(buyer, 99_999_999, "X1")).status).toBe(404);
    const refused = await put(consultant, plain[3]!.id, "VA-X");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Votre compte ne permet pas de modifier le panier.");
    expect((await call(bo, `${base()}/${plain[3]!.id}`, { token: consultant.token, method: "DELETE" })).status).toBe(403);
    expect(
      (await call(bo, `${base()}/import`, { token: consultant.token, body: { entries: [{ line: 1, code: "A", ref: "B" }] } })).status,
    ).toBe(403);
  });

  it("imports a two-column file: each bad line refused with its number and reason, the good ones saved", async () => {
    await put(buyer, plain[4]!.id, "VA-PRIS-01");
    const answer = await call(bo, `${base()}/import`, {
      token: client.token,
      body: {
        entries: [
          { line: 2, code: "VA-IMP-01", ref: plain[5]!.ref.toLowerCase() },
          { line: 3, code: "VA-IMP-02", ref: "INCONNUE-9" },
          { line: 4, code: "", ref: plain[6]!.ref },
          { line: 5, code: "VA IMP 01", ref: plain[7]!.ref },
          { line: 6, code: "VA-IMP-03", ref: plain[5]!.ref },
          { line: 7, code: "VA-PRIS-01", ref: plain[8]!.ref },
          { line: 8, code: "VA-IMP-04", ref: "PORT_FRANCO" },
          { line: 9, code: "VA-IMP-05", ref: plain[9]!.ref },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const imported = importPartNumbersResponse.parse(answer.body);
    expect(imported.saved).toBe(2);
    expect(imported.refused).toEqual([
      { line: 3, input: "VA-IMP-02 ; INCONNUE-9", message: "Référence inconnue : INCONNUE-9." },
      { line: 4, input: `; ${plain[6]!.ref}`, message: "Indiquez votre code." },
      { line: 5, input: `VA IMP 01 ; ${plain[7]!.ref}`, message: "Le code VA IMP 01 est déjà donné à la ligne 2 du fichier." },
      { line: 6, input: `VA-IMP-03 ; ${plain[5]!.ref}`, message: `La référence ${plain[5]!.ref} a déjà un code à la ligne 2 du fichier.` },
      { line: 7, input: `VA-PRIS-01 ; ${plain[8]!.ref}`, message: `Le code VA-PRIS-01 est déjà celui de la référence ${plain[4]!.ref}.` },
      { line: 8, input: "VA-IMP-04 ; PORT_FRANCO", message: "PORT_FRANCO est un frais de port : il ne prend pas de code." },
    ]);
    const lookup = partNumberLookupResponse.parse(
      (await call(bo, `${base()}/lookup?product_ids=${plain[5]!.id},${plain[7]!.id},${plain[9]!.id}`, { token: buyer.token })).body,
    );
    expect(lookup.codes).toEqual({ [String(plain[5]!.id)]: "VA-IMP-01", [String(plain[9]!.id)]: "VA-IMP-05" });
    // Codes may move between products within one file.
    const swapped = importPartNumbersResponse.parse(
      (
        await call(bo, `${base()}/import`, {
          token: buyer.token,
          body: {
            entries: [
              { line: 1, code: "VA-IMP-05", ref: plain[5]!.ref },
              { line: 2, code: "VA-IMP-01", ref: plain[9]!.ref },
            ],
          },
        })
      ).body,
    );
    expect(swapped).toEqual({ saved: 2, refused: [] });
  });

  it("finds a product by the organization's own code in the quick order's look-up and first in the search", async () => {
    const product = plain[10]!;
    await put(buyer, product.id, "VA-QUICK-10");
    const byRef = await call(bo, `/pim/products/${encodeURIComponent("va quick-10")}?usr_id=${org()}&by=ref`, { token: buyer.token });
    expect(byRef.status).toBe(200);
    const found = productDetail.parse(byRef.body);
    expect([found.obj_id, found.obj_ref, found.found_by_code]).toEqual([product.id, product.ref, "VA-QUICK-10"]);
    // A reference is found as before, without the key.
    const plainRef = productDetail.parse(
      (await call(bo, `/pim/products/${product.ref}?usr_id=${org()}&by=ref`, { token: buyer.token })).body,
    );
    expect(plainRef.found_by_code).toBeUndefined();
    // Another organization does not know this code.
    const elsewhere = await call(bo, `/pim/products/VA-QUICK-10?usr_id=${corsica.user.auth_org_id}&by=ref`, { token: corsica.token });
    expect(elsewhere.status).toBe(404);

    const search = productListResponse.parse((await call(bo, `/pim/products?usr_id=${org()}&q=VA-QUICK-10`, { token: buyer.token })).body);
    expect(search.items[0]?.obj_id).toBe(product.id);
    // The answer says which product the code found, so the portal opens its page.
    expect(search.found_by_code).toEqual({ obj_id: product.id, code: "VA-QUICK-10" });
    const theirs = productListResponse.parse(
      (await call(bo, `/pim/products?usr_id=${corsica.user.auth_org_id}&q=VA-QUICK-10`, { token: corsica.token })).body,
    );
    expect(theirs.items.map((item) => item.obj_id)).not.toContain(product.id);
    expect(theirs.found_by_code).toBeUndefined();
    // Not on the page asked (a later page): not said.
    const later = productListResponse.parse(
      (await call(bo, `/pim/products?usr_id=${org()}&q=VA-QUICK-10&page=2`, { token: buyer.token })).body,
    );
    expect(later.found_by_code).toBeUndefined();
    const words = productListResponse.parse((await call(bo, `/pim/products?usr_id=${org()}&q=gilet`, { token: buyer.token })).body);
    expect(words.found_by_code).toBeUndefined();
  });

  it("keeps the code an order line was ordered under, in the order, its detail and the confirmation alert", async () => {
    const [coded, uncoded] = [plain[11]!, plain[2]!];
    await put(buyer, coded.id, "VA-CMD-11");
    const placed = await placeOrder(
      bo,
      buyer,
      [
        [coded, 1],
        [uncoded, 1],
      ],
      "part-numbers-order-1",
    );
    expect(placed.lines.filter((line) => !line.prd_is_port).map((line) => [line.obj_id, line.customer_code])).toEqual([
      [coded.id, "VA-CMD-11"],
      [uncoded.id, null],
    ]);
    // Changed afterwards: the order keeps the code it was placed under.
    await put(buyer, coded.id, "VA-CMD-NOUVEAU");
    const detail = await details(bo, buyer, placed.ord_id);
    expect(detail.lines.map((line) => [line.obj_id, line.customer_code])).toEqual([
      [coded.id, "VA-CMD-11"],
      [uncoded.id, null],
    ]);
    const mail = alertMail(
      {
        kind: "order_confirmed",
        orderRef: placed.ord_ref,
        customerRef: "",
        orgName: "Voilerie Atlantique",
        createdBy: "Maël Kerjean",
        lineCount: 2,
        codes: [{ ref: coded.ref, code: "VA-CMD-11" }],
      },
      { page: "/mon-compte/commandes/1", unsubscribe: "/desabonnement" },
    );
    expect(mail.text).toContain(`Réf. ${coded.ref} : votre code : VA-CMD-11`);
  });

  it("takes the ERP's codes by customer reference with a service token, replacing them all when asked", async () => {
    const body = {
      codes: [
        { ref: plain[0]!.ref, code: "ERP-0" },
        { ref: "INCONNUE-ERP", code: "ERP-X" },
      ],
    };
    const user = await call(bo, "/erp/part-numbers/C0001", { token: buyer.token, method: "PUT", body });
    expect(user.status).toBe(403);
    const unknownCustomer = await call(bo, "/erp/part-numbers/ZZ999", { token: SERVICE_TOKEN, method: "PUT", body });
    expect(unknownCustomer.status).toBe(404);
    const merged = erpPartNumbersResponse.parse(
      (await call(bo, "/erp/part-numbers/C0001", { token: SERVICE_TOKEN, method: "PUT", body })).body,
    );
    expect(merged).toEqual({
      saved: 1,
      removed: 0,
      refused: [{ line: 2, input: "ERP-X ; INCONNUE-ERP", message: "Référence inconnue : INCONNUE-ERP." }],
    });
    const before = partNumberListResponse.parse((await call(bo, base(), { token: buyer.token })).body).total;
    expect(before).toBeGreaterThan(2);
    const replaced = erpPartNumbersResponse.parse(
      (
        await call(bo, "/erp/part-numbers/C0001", {
          token: SERVICE_TOKEN,
          method: "PUT",
          body: { codes: [{ ref: plain[1]!.ref, code: "ERP-1" }], replace: true },
        })
      ).body,
    );
    expect(replaced).toEqual({ saved: 1, removed: before - 1, refused: [] });
    const now = partNumberListResponse.parse((await call(bo, base(), { token: buyer.token })).body);
    expect(now.items.map((item) => [item.product_id, item.code])).toEqual([[plain[1]!.id, "ERP-1"]]);
    const row = await bo.db.selectFrom("part_numbers").select("updated_by").where("org_id", "=", org()).executeTakeFirstOrThrow();
    expect(row.updated_by).not.toBe("");
  });
});
