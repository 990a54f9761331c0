import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { usersResponse } from "@shared/contracts/users";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `users` feed (docs/integration.md, decision 0178) on each engine: the customers' people
 * accounts upserted by e-mail, their five flags and administrator right; an unknown customer
 * or an e-mail already another customer's refuses the line, and one bad line changes nothing.
 */

const HEADER = "Référence client;E-mail;Prénom;Nom;Fonction;Panier;Commandes;Devis;Factures;Prix;Administrateur";
const FILE = [
  HEADER,
  "C0001;L.Morvan@Voilerie-Atlantique.fr;Léna;Morvan;Comptable;non;non;oui;oui;oui;non",
  "c0001;acheteur@voilerie-atlantique.fr;Maël;Kerjean;Acheteur;oui;oui;oui;oui;oui;oui",
].join("\r\n");

describe.each(ENGINES)("the users feed on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  const person = (loginName: string) =>
    bo.db
      .selectFrom("users")
      .select(["org_id", "class", "name", "title", "password_hash", "auth_flags", "is_admin"])
      .where("login", "=", loginName)
      .executeTakeFirstOrThrow();
  const peopleCount = async () =>
    Number(
      (
        await bo.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("class", "=", "people")
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates and updates people accounts from a Windows-1252 CSV; the organization's history says who", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    expect(buyer.user.obj_properties.admin).toBeUndefined();
    const { status, body } = await postFeed(bo, "users", cp1252(FILE));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 1, updated: 1, unchanged: 0, refused: 0 });

    const created = await person("l.morvan@voilerie-atlantique.fr");
    const client = await login(bo, LOGINS.client);
    expect(created).toMatchObject({
      org_id: client.user.auth_org_id,
      class: "people",
      name: "Léna Morvan",
      title: "Comptable",
      // No password until an invitation is used.
      password_hash: "",
      auth_flags: { cart: false, orders: false, quotes: true, invoices: true, prices: true },
      is_admin: false,
    });
    // The buyer became an administrator: felt on its very next call.
    const me = await call<Omit<SessionResponse, "token">>(bo, "/auth/me", { token: buyer.token });
    expect(me.body.user.obj_properties.admin).toBe(true);

    const users = usersResponse.parse((await call(bo, `/crm/users?org_id=${client.user.auth_org_id}`, { token: client.token })).body);
    expect(users.people.find((row) => row.email === "l.morvan@voilerie-atlantique.fr")).toMatchObject({
      state: "invited",
      invitation: null,
    });
    expect(users.history.slice(0, 2).map((line) => [line.actor_name, line.target_name, line.change])).toEqual(
      expect.arrayContaining([
        ["Entrepôt NautiDistrib", "Léna Morvan", "created"],
        ["Entrepôt NautiDistrib", "Maël Kerjean", "admin_granted"],
      ]),
    );
  });

  it("changes nothing when the same file comes again, and says so", async () => {
    const { status, body } = await postFeed(bo, "users", cp1252(FILE));
    expect(status).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
  });

  it("refuses an unknown customer, another customer's person, another account's login and a bad flag; nothing changes", async () => {
    const before = await peopleCount();
    const lines = [
      HEADER,
      "C0001;nouvelle.personne@voilerie-atlantique.fr;Anne;Le Goff;;oui;oui;oui;oui;oui;non",
      "C9999;achats@inconnu.fr;Paul;Riou;;oui;oui;oui;oui;oui;non",
      "C0002;acheteur@voilerie-atlantique.fr;Maël;Kerjean;;oui;oui;oui;oui;oui;non",
      "C0002;client@voilerie-atlantique.fr;Yves;Le Du;;oui;oui;oui;oui;oui;non",
      "C0002;chef@chantier-naval-suspension.fr;Yves;Le Du;;peut-être;oui;oui;oui;oui;non",
      "C0002;pas-une-adresse;Yves;Le Du;;oui;oui;oui;oui;oui;non",
      "C0002;compta@chantier-naval-suspension.fr;Yves;Le Du;;oui;oui;oui;oui;non;non",
    ];
    const { status, body } = await postFeed(bo, "users", utf8(lines.join("\n")));
    expect(status).toBe(422);
    expect(body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Référence client : « C9999 » n'est pas un client connu (importez d'abord le flux customers)",
      "ligne 4, colonne E-mail : « acheteur@voilerie-atlantique.fr » est déjà le compte d'une personne d'un autre client (C0001)",
      "ligne 5, colonne E-mail : « client@voilerie-atlantique.fr » est déjà l'identifiant d'un autre compte du portail",
      "ligne 6, colonne Panier : « peut-être » n'est ni « oui » ni « non »",
      "ligne 7, colonne E-mail : « pas-une-adresse » n'est pas une adresse e-mail",
      // Invoices are amounts (decision 0188).
      "ligne 8, colonne Factures : « oui » demande « Prix » à oui : une facture montre les montants (mettez « Prix » à oui ou « Factures » à non)",
    ]);
    expect(await peopleCount()).toBe(before);
    expect((await person("acheteur@voilerie-atlantique.fr")).org_id).not.toBe(
      (await bo.db.selectFrom("organizations").select("id").where("ref", "=", "C0002").executeTakeFirstOrThrow()).id,
    );
  });

  it("reads an XLSX workbook; a flag left out of the file keeps its value (invoices go with prices), a removed one is felt at once", async () => {
    const storekeeper = await login(bo, LOGINS.storekeeper);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Contacts");
    sheet.addRow(["Code client", "Email", "Nom", "Voir les prix", "Passer commande"]);
    sheet.addRow(["C0001", "magasinier@voilerie-atlantique.fr", "Gwen Le Bihan", "oui", "non"]);
    sheet.addRow(["C0001", "l.morvan@voilerie-atlantique.fr", "Léna Morvan", "non", "non"]);
    const { status, body } = await postFeed(bo, "users", new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 2, unchanged: 0, refused: 0 });
    // The storekeeper had neither prices nor invoices: prices come back, invoices stay off.
    expect((await person("magasinier@voilerie-atlantique.fr")).auth_flags).toEqual({
      cart: true,
      orders: false,
      quotes: true,
      invoices: false,
      prices: true,
    });
    // Prices removed by a file without the « Factures » column: invoices go with them.
    expect((await person("l.morvan@voilerie-atlantique.fr")).auth_flags).toEqual({
      cart: false,
      orders: false,
      quotes: true,
      invoices: false,
      prices: false,
    });
    // Left out of the file: the title stays.
    expect((await person("l.morvan@voilerie-atlantique.fr")).title).toBe("Comptable");
    const me = await call<Omit<SessionResponse, "token">>(bo, "/auth/me", { token: storekeeper.token });
    expect(me.body.user.obj_properties.auth).toMatchObject({ prices: true, orders: false });
  });
});
