import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productDetail, type SessionResponse } from "@shared/contracts/api";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The customers feed's « Groupe de prix » column (docs/integration.md) on each engine: a
 * customer put in a group the price-groups feed imported, moved, taken out; an unknown group
 * refuses the line; a file without the column leaves the group alone; and the customer's
 * prices follow its group on the very next read.
 */

const HEADER = "Référence;Raison sociale;Adresse;Code postal;Ville;Groupe de prix";
const line = (group: string) => `C0500;Loueur du Golfe;4 quai de la Flottille;56000;Vannes;${group}`;

describe.each(ENGINES)("the customers feed's price group on %s", (engine) => {
  let bo: Backoffice;
  let groups: Map<string, number>;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    const imported = await postFeed(bo, "price-groups", utf8("Référence;Nom\nLOUEURS;Loueurs de bateaux\n"));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    groups = new Map((await bo.db.selectFrom("price_groups").select(["id", "ref"]).execute()).map((row) => [row.ref, row.id]));
  });
  afterAll(async () => {
    await bo.close();
  });

  const groupOf = async (ref: string) =>
    (await bo.db.selectFrom("organizations").select("price_group_id").where("ref", "=", ref).executeTakeFirstOrThrow()).price_group_id;
  const pricingRevision = async () =>
    (await bo.db.selectFrom("catalogue_revisions").select("revision").where("name", "=", "pricing").executeTakeFirstOrThrow()).revision;
  const post = async (lines: string[], header = HEADER) => {
    const answer = await postFeed(bo, "customers", utf8([header, ...lines].join("\n")));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.counts;
  };

  it("puts a new customer in a group by its reference, read as Sage names the column", async () => {
    const { status, body } = await postFeed(
      bo,
      "customers",
      cp1252(`${HEADER.replace("Groupe de prix", "N_CatTarif")}\r\n${line("chantiers")}\r\n`),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 0 });
    expect(await groupOf("C0500")).toBe(groups.get("CHANTIERS"));
  });

  it("moves the customer to another group, counted as updated; the same file again is unchanged and keeps the prices' revision", async () => {
    const revision = await pricingRevision();
    expect(await post([line("LOUEURS")])).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(await groupOf("C0500")).toBe(groups.get("LOUEURS"));
    expect(await pricingRevision()).toBeGreaterThan(revision);
    const moved = await pricingRevision();
    expect(await post([line("LOUEURS")])).toEqual({ created: 0, updated: 0, unchanged: 1, refused: 0 });
    expect(await pricingRevision()).toBe(moved);
  });

  it("leaves the group alone when the file has no such column, even when the line changes", async () => {
    const header = HEADER.replace(";Groupe de prix", "");
    const without = (name: string) => `C0500;${name};4 quai de la Flottille;56000;Vannes`;
    expect(await post([without("Loueur du Golfe")], header)).toEqual({ created: 0, updated: 0, unchanged: 1, refused: 0 });
    expect(await post([without("Loueur du Golfe SARL")], header)).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(await groupOf("C0500")).toBe(groups.get("LOUEURS"));
  });

  it("refuses an unknown group in French and writes nothing of the file", async () => {
    const { status, body } = await postFeed(
      bo,
      "customers",
      utf8([HEADER, line("CHANTIERS"), "C0501;Marina de Crouesty;Port du Crouesty;56640;Arzon;GROSSISTES"].join("\n")),
    );
    expect(status).toBe(422);
    expect(body.applied).toBe(false);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 0, refused: 1 });
    expect(body.refused.map((refused) => refused.text)).toEqual([
      "ligne 3, colonne Groupe de prix : « GROSSISTES » n'est pas un groupe de prix connu : importez d'abord le flux price-groups",
    ]);
    expect(await groupOf("C0500")).toBe(groups.get("LOUEURS"));
    expect(await bo.db.selectFrom("organizations").select("id").where("ref", "=", "C0501").execute()).toEqual([]);
  });

  it("takes the customer out of its group on an empty cell", async () => {
    expect(await post([line("")])).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(await groupOf("C0500")).toBeNull();
  });

  it("gives a customer its group's net price on the next read of the product, then the other group's, then its own again", async () => {
    const client: SessionResponse = await login(bo, LOGINS.client);
    const orgId = client.user.auth_org_id;
    // A product with no condition of the client's own, nor promotion, nor group price, nor a discount on its brand.
    const product = await bo.db
      .selectFrom("products as p")
      .select(["p.ref"])
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .where("p.price_selling", ">", 5000)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("org_product_prices as c").select("c.org_id").whereRef("c.product_id", "=", "p.id"))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("promotions as pr").select("pr.id").whereRef("pr.product_id", "=", "p.id"))))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("price_group_product_prices as g").select("g.group_id").whereRef("g.product_id", "=", "p.id"))),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("org_brand_discounts as d")
              .select("d.org_id")
              .whereRef("d.brand_id", "=", "p.brand_id")
              .where("d.org_id", "=", orgId),
          ),
        ),
      )
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    const shown = async () =>
      productDetail.parse((await call(bo, `/pim/products/${product.ref}?usr_id=${orgId}`, { token: client.token })).body).prc_price;
    const prices = await postFeed(
      bo,
      "prices",
      utf8(`Groupe de prix;Référence produit;Prix net HT\nLOUEURS;${product.ref};1,00\nCHANTIERS;${product.ref};2,00\n`),
    );
    expect(prices.status, JSON.stringify(prices.body)).toBe(200);
    // Read just before each import: the back-office's in-memory prices are fresh and would be kept a second.
    const own = await shown();
    expect([100, 200]).not.toContain(own);

    // The client as the portal has it, its head office (its first address) as the address.
    const organization = await bo.db
      .selectFrom("organizations as o")
      .innerJoin("addresses as a", "a.org_id", "o.id")
      .select(["o.ref", "o.name", "a.line1", "a.zipcode", "a.city"])
      .where("o.id", "=", orgId)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const customer = (group: string) =>
      [organization.ref, organization.name, organization.line1, organization.zipcode, organization.city, group].join(";");
    expect((await post([customer("LOUEURS")])).updated).toBe(1);
    expect(await shown()).toBe(100);
    expect((await post([customer("CHANTIERS")])).updated).toBe(1);
    expect(await shown()).toBe(200);
    expect((await post([customer("")])).updated).toBe(1);
    expect(await shown()).toBe(own);
  });
});
