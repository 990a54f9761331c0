import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as infoRoute from "~/routes/_app.mon-compte.informations-personnelles";
import { ADDRESSES_READ_ONLY, CHOOSE_CLIENT_FIRST, INVOICING_READ_ONLY } from "~/services/account-settings/personal-info.server";
import type { PersonalInfoRefusal, PersonalInfoView } from "~/services/account-settings/types";
import {
  LOGINS,
  actingFor,
  bodyOf,
  cookieFor,
  load,
  orgIdOf,
  post,
  startUsersPagesBed,
  statusOf,
  toastOf,
  type UsersPagesBed,
} from "./harness";

/**
 * /mon-compte/informations-personnelles over the real back-office: one's details (French
 * phone formats, an e-mail in use), the organization's delivery addresses (add, edit, remove;
 * a malformed postal code; an address an open order or the saved cart names; the head office
 * read-only; another organization's address), and a contributor with or without a client.
 */

const PATH = "/mon-compte/informations-personnelles";
let bed: UsersPagesBed;
let orgId: number;

beforeAll(async () => {
  bed = await startUsersPagesBed("users-info");
  orgId = await orgIdOf(bed, LOGINS.organization);
});
afterAll(() => bed.close());

const page = (cookie: string) => load<PersonalInfoView>(bed, infoRoute.loader, PATH, cookie);
const send = (cookie: string, fields: Record<string, string>) => post(bed, infoRoute.action, PATH, fields, cookie);
const userRow = (login: string) =>
  bed.db.selectFrom("users").select(["name", "title", "login", "phone"]).where("login", "=", login).executeTakeFirst();
const addressRow = (id: number) => bed.db.selectFrom("addresses").selectAll().where("id", "=", id).executeTakeFirst();
const addressCount = async () =>
  Number(
    (
      await bed.db
        .selectFrom("addresses")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("org_id", "=", orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const ATELIER = {
  adr_name: "Atelier du port",
  adr_line1: "2 quai des Indes",
  adr_line2: "",
  adr_zipcode: "56100",
  adr_city: "Lorient",
  adr_country: "FR",
  adr_phone: "",
};

let workshops = 0;

/**
 * Adds an address through the page; returns its id. Each is another workshop (« quai 2 »,
 * « quai 3 »…): the same address typed again is not added (decision 0133).
 */
async function addAddress(cookie: string, fields: Partial<typeof ATELIER> = {}): Promise<number> {
  const before = new Set((await page(cookie)).addresses!.map((address) => address.id));
  workshops += 1;
  const answer = await send(cookie, { intent: "adresse-ajouter", ...ATELIER, adr_line2: `Quai ${workshops}`, ...fields });
  expect(await toastOf(bed, answer)).toEqual({ type: "success", message: "Adresse ajoutée." });
  const added = (await page(cookie)).addresses!.find((address) => !before.has(address.id));
  if (!added) throw new Error("the address was not added");
  return added.id;
}

describe("one's details", () => {
  it("shows and saves a person's name, title, e-mail and phone, the phone in the international format", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    expect((await page(buyer)).details).toEqual({
      name: "Maël Kerjean",
      title: "Acheteur",
      email: LOGINS.buyer,
      phone: "",
      nameEditable: true,
    });
    const answer = await send(buyer, {
      intent: "infos",
      name: "Maël Kerjean",
      title: "Responsable achats",
      email: LOGINS.buyer,
      phone: "06.12.34.56.78",
    });
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: "Vos coordonnées sont enregistrées." });
    expect((await page(buyer)).details).toMatchObject({ title: "Responsable achats", phone: "+33 6 12 34 56 78" });
  });

  it("refuses a malformed phone and an e-mail in use with the message on the field, nothing changed", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const before = await userRow(LOGINS.buyer);
    const phone = await send(buyer, { intent: "infos", name: "Maël Kerjean", title: "Acheteur", email: LOGINS.buyer, phone: "12 34" });
    expect(statusOf(phone)).toBe(400);
    const phoneRefusal = bodyOf<PersonalInfoRefusal>(phone);
    expect(phoneRefusal).toMatchObject({
      form: "infos",
      errors: { phone: expect.stringMatching(/^Ce numéro de téléphone n'est pas valide/) },
      values: { phone: "12 34", title: "Acheteur" },
    });
    const email = await send(buyer, { intent: "infos", name: "Maël Kerjean", title: "Acheteur", email: LOGINS.organization, phone: "" });
    expect(statusOf(email)).toBe(409);
    expect(bodyOf<PersonalInfoRefusal>(email).errors.email).toMatch(/^Cette adresse e-mail est déjà celle d'un autre compte/);
    const malformed = bodyOf<PersonalInfoRefusal>(await send(buyer, { intent: "infos", name: "", title: "", email: "maël@", phone: "" }));
    expect(malformed.errors).toEqual({ name: "Indiquez votre nom.", email: "Adresse e-mail invalide, par exemple prenom.nom@exemple.fr." });
    expect(await userRow(LOGINS.buyer)).toEqual(before);
  });

  it("saves an organization account's e-mail and phone, its name staying the organization's", async () => {
    const organization = await cookieFor(bed, LOGINS.organization);
    const view = await page(organization);
    expect(view.details).toMatchObject({ name: "Voilerie Atlantique", nameEditable: false });
    // Its form has no name field (PersonalDetailsForm): the page sends none.
    const answer = await send(organization, { intent: "infos", email: LOGINS.organization, phone: "02 98 44 12 50" });
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: "Vos coordonnées sont enregistrées." });
    expect((await page(organization)).details).toMatchObject({ name: "Voilerie Atlantique", phone: "+33 2 98 44 12 50" });
  });
});

describe("the organization's addresses", () => {
  it("shows the head office read-only apart from the delivery addresses", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const view = await page(buyer);
    const headOffice = await bed.db.selectFrom("addresses").selectAll().where("org_id", "=", orgId).orderBy("id").executeTakeFirstOrThrow();
    expect(view.invoicing).toMatchObject({ adr_name: headOffice.name, adr_zipcode: headOffice.zipcode });
    expect(view.addresses!.map((address) => address.id)).not.toContain(headOffice.id);
    expect(view.addresses!.length).toBe((await addressCount()) - 1);
  });

  it("refuses to edit or remove the head office, nothing changed", async () => {
    const organization = await cookieFor(bed, LOGINS.organization);
    const headOffice = await bed.db.selectFrom("addresses").selectAll().where("org_id", "=", orgId).orderBy("id").executeTakeFirstOrThrow();
    const edit = await send(organization, { intent: "adresse-modifier", adresse: String(headOffice.id), ...ATELIER });
    expect(await toastOf(bed, edit)).toEqual({ type: "error", message: INVOICING_READ_ONLY });
    const remove = await send(organization, { intent: "adresse-supprimer", adresse: String(headOffice.id) });
    expect(await toastOf(bed, remove)).toEqual({ type: "error", message: INVOICING_READ_ONLY });
    expect(await addressRow(headOffice.id)).toEqual(headOffice);
  });

  it("adds and edits a delivery address, the phone kept in the international format", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const id = await addAddress(buyer, { adr_phone: "0297000001" });
    expect(await addressRow(id)).toMatchObject({ name: "Atelier du port", zipcode: "56100", phone: "+33 2 97 00 00 01" });
    const edit = await send(buyer, {
      intent: "adresse-modifier",
      adresse: String(id),
      ...ATELIER,
      adr_city: "Lanester",
      adr_zipcode: "56600",
      adr_country: "fr",
    });
    expect(await toastOf(bed, edit)).toEqual({ type: "success", message: "Adresse enregistrée." });
    expect((await page(buyer)).addresses!.find((address) => address.id === id)).toMatchObject({
      adr_city: "Lanester",
      adr_zipcode: "56600",
      adr_country: "FR",
      adr_phone: "",
    });
  });

  it("refuses a malformed postal code or phone with the message on the field, nothing created or changed", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const count = await addressCount();
    const added = await send(buyer, { intent: "adresse-ajouter", ...ATELIER, adr_zipcode: "5610" });
    expect(statusOf(added)).toBe(400);
    expect(bodyOf<PersonalInfoRefusal>(added)).toMatchObject({
      form: "adresse-ajouter",
      errors: { adr_zipcode: expect.stringMatching(/5 chiffres/) },
      values: { adr_zipcode: "5610", adr_name: "Atelier du port" },
    });
    expect(await addressCount()).toBe(count);

    const id = await addAddress(buyer);
    const before = await addressRow(id);
    const edited = await send(buyer, { intent: "adresse-modifier", adresse: String(id), ...ATELIER, adr_phone: "12 34" });
    expect(bodyOf<PersonalInfoRefusal>(edited)).toMatchObject({
      form: String(id),
      errors: { adr_phone: expect.stringMatching(/^Ce numéro de téléphone n'est pas valide/) },
    });
    // A Belgian postal code is not a French one: 4 digits are fine there.
    const belgian = await send(buyer, {
      intent: "adresse-modifier",
      adresse: String(id),
      ...ATELIER,
      adr_line2: before?.line2 ?? "",
      adr_country: "BE",
      adr_zipcode: "8400",
      adr_city: "Oostende",
    });
    expect((await toastOf(bed, belgian))?.type).toBe("success");
    expect(await addressRow(id)).toMatchObject({ ...before, country: "BE", zipcode: "8400", city: "Oostende" });
  });

  it("removes a free address, and refuses one an open order or the saved cart names with the back-office's French reason", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const free = await addAddress(buyer);
    expect(await toastOf(bed, await send(buyer, { intent: "adresse-supprimer", adresse: String(free) }))).toEqual({
      type: "success",
      message: "Adresse supprimée.",
    });
    expect(await addressRow(free)).toBeUndefined();

    const ordered = await addAddress(buyer);
    const open = await bed.db
      .selectFrom("orders")
      .select(["id", "ref"])
      .where("org_id", "=", orgId)
      .where("status", "not in", ["livrée", "annulée"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await bed.db
      .updateTable("orders")
      .set({ dlv_address: JSON.stringify({ obj_id: ordered }) })
      .where("id", "=", open.id)
      .execute();
    const byOrder = await toastOf(bed, await send(buyer, { intent: "adresse-supprimer", adresse: String(ordered) }));
    expect(byOrder).toEqual({ type: "error", message: expect.stringContaining(open.ref) });
    expect(await addressRow(ordered)).toBeDefined();

    const inCart = await addAddress(buyer);
    await nameInCart(orgId, inCart);
    const byCart = await toastOf(bed, await send(buyer, { intent: "adresse-supprimer", adresse: String(inCart) }));
    expect(byCart).toEqual({
      type: "error",
      message: "Cette adresse est choisie dans le panier en cours : choisissez-en une autre dans le panier avant de la supprimer.",
    });
    expect(await addressRow(inCart)).toBeDefined();
  });

  it("answers 404 to another organization's address, nothing changed", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const id = await addAddress(buyer);
    const before = await addressRow(id);
    const belgium = await cookieFor(bed, LOGINS.belgium);
    expect((await page(belgium)).addresses!.map((address) => address.id)).not.toContain(id);
    expect(
      statusOf(
        await send(belgium, { intent: "adresse-modifier", adresse: String(id), ...ATELIER, adr_country: "BE", adr_zipcode: "8400" }),
      ),
    ).toBe(404);
    expect(statusOf(await send(belgium, { intent: "adresse-supprimer", adresse: String(id) }))).toBe(404);
    expect(await addressRow(id)).toEqual(before);
  });
});

describe("a contributor", () => {
  it("edits its own details on its own account, without addresses, and the client's addresses once acting for it", async () => {
    const contributor = await cookieFor(bed, LOGINS.contributor);
    const own = await page(contributor);
    expect(own).toMatchObject({
      details: { email: LOGINS.contributor, nameEditable: true },
      addresses: null,
      invoicing: null,
      actingFor: null,
    });
    const count = await addressCount();
    expect(await toastOf(bed, await send(contributor, { intent: "adresse-ajouter", ...ATELIER }))).toEqual({
      type: "error",
      message: CHOOSE_CLIENT_FIRST,
    });
    expect(await addressCount()).toBe(count);

    const acting = await actingFor(bed, contributor, orgId);
    const client = await page(acting);
    expect(client.actingFor).toBe("Voilerie Atlantique");
    expect(client.details).toMatchObject({ name: "Voilerie Atlantique", email: LOGINS.organization, nameEditable: false });
    expect(client.addresses!.length).toBe(count - 1);
    await addAddress(acting);
    expect(await addressCount()).toBe(count + 1);
  });
});

describe("who may change the addresses (decision 0133)", () => {
  it("lists them without forms to a people account without `cart`, and refuses its changes", async () => {
    const consultant = await cookieFor(bed, LOGINS.consultant);
    const view = await page(consultant);
    expect(view.addressesEditable).toBe(false);
    expect(view.addresses!.length).toBeGreaterThan(0);
    const count = await addressCount();
    const [first] = view.addresses!;
    const attempts: Record<string, string>[] = [
      { intent: "adresse-ajouter", ...ATELIER },
      { intent: "adresse-modifier", adresse: String(first?.id), ...ATELIER },
      { intent: "adresse-supprimer", adresse: String(first?.id) },
    ];
    for (const fields of attempts) {
      expect(await toastOf(bed, await send(consultant, fields))).toEqual({ type: "error", message: ADDRESSES_READ_ONLY });
    }
    expect(await addressCount()).toBe(count);
    expect((await page(await cookieFor(bed, LOGINS.storekeeper))).addressesEditable).toBe(true);
  });

  it("says an address typed again is already there, and adds no copy", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    const fields = { ...ATELIER, adr_name: "Voilerie annexe", adr_line2: "" };
    await addAddress(buyer, fields);
    const count = await addressCount();
    const again = await send(buyer, { intent: "adresse-ajouter", ...fields, adr_name: "VOILERIE  annexe" });
    expect(await toastOf(bed, again)).toEqual({
      type: "success",
      message: "Cette adresse est déjà enregistrée : elle n'a pas été ajoutée une seconde fois.",
    });
    expect(await addressCount()).toBe(count);
  });
});

/** The organization's saved cart names `addressId` as its delivery address (what the delivery step saves). */
async function nameInCart(org: number, addressId: number): Promise<void> {
  const named = JSON.stringify({ dlv_address: { obj_id: addressId } });
  // carts.data is json (migration 0007): merged as jsonb, stored back as json.
  await sql`insert into carts (org_id, data) values (${org}, ${named}::json)
    on conflict (org_id) do update set data = (carts.data::jsonb || ${named}::jsonb)::json`.execute(bed.db);
}
