import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `customers` feed (docs/integration.md, decision 0178) on each engine: a customer with
 * its head office, its delivery address, its conditions, its own account and the contributors
 * that follow it, upserted by reference; the same file twice changes nothing; one bad line
 * changes nothing.
 */

const HEADER =
  "Référence;Raison sociale;E-mail;Catégorie comptable;SIRET;N° TVA intracommunautaire;Adresse;Code postal;Ville;Pays;" +
  "Adresse de livraison;Code postal de livraison;Ville de livraison;Conditions de paiement;Franco;Intégrateur;Commerciaux";
const RANCE =
  "C0420;Chantier Naval de la Rance;Achats@Chantier-Rance.fr;Ventes France;518 732 649 00026;FR 90 518732649;12 quai Saint-Louis;35400;Saint-Malo;FR;" +
  "Terre-plein du Naye, cale 3;35400;Saint-Malo;45 jours fin de mois;oui;non;commercial@nautidistrib.fr | commercial2@nautidistrib.fr";
const ILES = "C0421;Shipchandler des Îles;;Ventes export;;;Quai de la Darse;97200;Fort-de-France;Martinique;;;;comptant;non;oui;";
const FILE = `${HEADER}\r\n${RANCE}\r\n${ILES}\r\n`;

describe.each(ENGINES)("the customers feed on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  const organization = (ref: string) => bo.db.selectFrom("organizations").selectAll().where("ref", "=", ref).executeTakeFirstOrThrow();
  const addresses = (orgId: number) =>
    bo.db
      .selectFrom("addresses")
      .select(["name", "line1", "zipcode", "city", "country", "erp_ref"])
      .where("org_id", "=", orgId)
      .orderBy("id")
      .execute();
  const count = async (table: "organizations" | "users" | "addresses" | "contributor_clients") =>
    Number(
      (
        await bo.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates customers from a Windows-1252 CSV, each with its head office, delivery address, conditions, account and contributors", async () => {
    const { status, body } = await postFeed(bo, "customers", cp1252(FILE));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ applied: true, counts: { created: 2, updated: 0, unchanged: 0, refused: 0 }, refused: [] });
    expect(body.invitations).toBeUndefined();

    const rance = await organization("C0420");
    expect(rance).toMatchObject({
      name: "Chantier Naval de la Rance",
      title: "Chantier Naval de la Rance",
      cat_compta: "Ventes France",
      siret: "51873264900026",
      siren: "518732649",
      vat_number: "FR90518732649",
      street: "12 quai Saint-Louis",
      zipcode: "35400",
      city: "Saint-Malo",
      payment_terms_days: 45,
      payment_terms_end_of_month: true,
      free_shipping_eligible: true,
      is_integrator: false,
      is_distributor: false,
    });
    expect(await addresses(rance.id)).toEqual([
      {
        name: "Chantier Naval de la Rance (siège)",
        line1: "12 quai Saint-Louis",
        zipcode: "35400",
        city: "Saint-Malo",
        country: "FR",
        erp_ref: null,
      },
      {
        name: "Chantier Naval de la Rance (livraison)",
        line1: "Terre-plein du Naye, cale 3",
        zipcode: "35400",
        city: "Saint-Malo",
        country: "FR",
        erp_ref: "LIVRAISON",
      },
    ]);
    // Its own account shares its id (login-as needs it), with no password until invited.
    const account = await bo.db.selectFrom("users").selectAll().where("org_id", "=", rance.id).executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      id: rance.id,
      class: "organization",
      login: "achats@chantier-rance.fr",
      password_hash: "",
      name: rance.name,
    });

    const iles = await organization("C0421");
    expect(iles).toMatchObject({
      name: "Shipchandler des Îles",
      country: "MQ",
      cat_compta: "Ventes export",
      siret: null,
      payment_terms_days: 0,
      payment_terms_end_of_month: false,
      free_shipping_eligible: false,
      is_integrator: true,
    });
    // No e-mail: the reference stands as its login, which receives nothing and cannot log in.
    expect((await bo.db.selectFrom("users").select("login").where("id", "=", iles.id).executeTakeFirstOrThrow()).login).toBe("C0421");
    expect((await addresses(iles.id)).map((row) => row.erp_ref)).toEqual([null]);

    // Both representatives follow the new customer and can act for it at once.
    const sales = await login(bo, LOGINS.sales2);
    const loginAs = await call<SessionResponse>(bo, "/auth/login-as", {
      token: sales.token,
      body: { master_id: sales.user.obj_id, slave_id: rance.id },
    });
    expect(loginAs.status, JSON.stringify(loginAs.body)).toBe(200);
    expect(loginAs.body.user).toMatchObject({ obj_ref: "C0420", obj_class: "organization", adr_zipcode: "35400" });
    expect(loginAs.body.user.obj_properties.N_CatCompta).toBe("Ventes France");
  });

  it("changes nothing when the same file comes again, and says so", async () => {
    const before = await Promise.all([count("organizations"), count("users"), count("addresses"), count("contributor_clients")]);
    const { status, body } = await postFeed(bo, "customers", cp1252(FILE));
    expect(status).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    expect(await Promise.all([count("organizations"), count("users"), count("addresses"), count("contributor_clients")])).toEqual(before);
  });

  it("updates the delivery address in place and the contributors, without adding a second address", async () => {
    const moved = RANCE.replace("Terre-plein du Naye, cale 3", "Port des Bas-Sablons, ponton F").replace(
      "commercial@nautidistrib.fr | commercial2@nautidistrib.fr",
      "COMMERCIAL@nautidistrib.fr",
    );
    const { status, body } = await postFeed(bo, "customers", utf8(`${HEADER}\n${moved}\n${ILES}\n`));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    const rance = await organization("C0420");
    expect((await addresses(rance.id)).map((row) => row.line1)).toEqual(["12 quai Saint-Louis", "Port des Bas-Sablons, ponton F"]);
    const links = await bo.db
      .selectFrom("contributor_clients as c")
      .innerJoin("users as u", "u.id", "c.contributor_id")
      .select("u.login")
      .where("c.org_id", "=", rance.id)
      .execute();
    expect(links.map((row) => row.login)).toEqual(["commercial@nautidistrib.fr"]);
  });

  it("changes nothing for a file with one bad line, and names each problem in French", async () => {
    const before = await Promise.all([count("organizations"), count("users"), count("addresses")]);
    const lines = [
      HEADER,
      "C0430;Voilerie du Ponant;contact@voilerie-ponant.fr;Ventes France;;;3 rue de la Corderie;29200;Brest;FR;;;;30 jours;non;non;",
      "C0431;Marine Services Lorient;;Ventes au comptoir;732 829 320 00075;;1 quai des Indes;561;Lorient;FR;;;;30 jours fin de mois le 10;non;non;inconnu@nautidistrib.fr",
      "C0432;Nautisme Quiberon;acheteur@voilerie-atlantique.fr;Ventes France;;;2 port Haliguen;56170;Quiberon;FR;;;;30 jours;oui;non;",
      "D0001;NautiDistrib;;;;;12 quai des Indes;56100;Lorient;FR;;;;;;;",
    ];
    const { status, body } = await postFeed(bo, "customers", utf8(lines.join("\n")));
    expect(status).toBe(422);
    expect(body.applied).toBe(false);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 0, refused: 3 });
    expect(body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Catégorie comptable : « Ventes au comptoir » n'est pas une catégorie comptable (Ventes France, Ventes en suspension de taxe, Ventes export, Ventes CEE)",
      "ligne 3, colonne SIRET : « 732 829 320 00075 » n'est pas un SIRET valide : sa clé de contrôle ne correspond pas",
      "ligne 3, colonne Code postal : « 561 » n'est pas un code postal français (5 chiffres)",
      "ligne 3, colonne Conditions de paiement : « 30 jours fin de mois le 10 » n'est pas un délai de paiement (par exemple « 30 jours », « 45 jours fin de mois », « comptant »)",
      "ligne 3, colonne Commerciaux : « inconnu@nautidistrib.fr » n'est pas un commercial du portail (l'identifiant d'un compte du distributeur)",
      "ligne 4, colonne E-mail : « acheteur@voilerie-atlantique.fr » est déjà l'identifiant d'un autre compte du portail",
      "ligne 5, colonne Référence : « D0001 » est la référence du distributeur lui-même, pas celle d'un client",
    ]);
    expect(await Promise.all([count("organizations"), count("users"), count("addresses")])).toEqual(before);
    const skipped = await postFeed(bo, "customers", utf8(lines.join("\n")), "?skip_invalid=1");
    expect(skipped.body).toMatchObject({ applied: true, counts: { created: 1, refused: 3 } });
    expect((await organization("C0430")).name).toBe("Voilerie du Ponant");
  });

  it("reads an XLSX workbook; a column left out of the file keeps what the portal has", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Clients");
    sheet.addRow(["Code client", "Intitulé", "Adresse", "Code postal", "Ville", "Conditions de règlement"]);
    sheet.addRow(["c0420", "Chantier Naval de la Rance SAS", "12 quai Saint-Louis", 35400, "Saint-Malo", "60 j"]);
    const { status, body } = await postFeed(bo, "customers", new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const rance = await organization("C0420");
    expect(rance).toMatchObject({
      name: "Chantier Naval de la Rance SAS",
      payment_terms_days: 60,
      payment_terms_end_of_month: false,
      // Left out of the file: unchanged.
      cat_compta: "Ventes France",
      siret: "51873264900026",
      free_shipping_eligible: true,
    });
    expect((await addresses(rance.id)).map((row) => row.name)).toEqual([
      "Chantier Naval de la Rance SAS (siège)",
      "Chantier Naval de la Rance (livraison)",
    ]);
    const links = await bo.db.selectFrom("contributor_clients").select("contributor_id").where("org_id", "=", rance.id).execute();
    expect(links).toHaveLength(1);
    expect((await bo.db.selectFrom("users").select("name").where("id", "=", rance.id).executeTakeFirstOrThrow()).name).toBe(
      "Chantier Naval de la Rance SAS",
    );
  });
});
