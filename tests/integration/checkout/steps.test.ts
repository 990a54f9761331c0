import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOGINS, demoProducts } from "../cart/harness";
import { cookieJar } from "../portal/harness";
import { cookieFor, fillCart, flash, openStep, postStep, throughInstructions } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

let backoffice: CheckoutBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

const NEW_ADDRESS = {
  intent: "address",
  address: "new",
  adr_name: "Chantier du Moulin Blanc",
  adr_line1: "12 quai de la Douane",
  adr_line2: "",
  adr_zipcode: "29200",
  adr_city: "Brest",
  adr_country: "FR",
  adr_phone: "02 98 00 00 00",
};

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  products = await demoProducts(backoffice.db);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  backoffice.failAddresses = null;
  cookie = await cookieFor(backoffice, LOGINS.client); // a fresh session: no checkout progress
  await backoffice.resetCarts();
  await fillCart(backoffice, cookie, [[products.plain[0]?.id ?? 0, 2]]);
});

async function savedCart() {
  const page = await openStep(backoffice, "livraison", cookie);
  if (page.kind !== "data") throw new Error("redirected");
  return page.data;
}

async function addressCount(): Promise<number> {
  const row = await backoffice.db
    .selectFrom("addresses")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe("step guard", () => {
  it("sends an empty cart back to the cart page", async () => {
    await fillCart(backoffice, cookie, []);
    const outcome = await openStep(backoffice, "livraison", cookie);
    expect(outcome.kind === "redirect" && outcome.location).toBe("/mon-panier");
    expect(await flash(backoffice, outcome)).toMatch(/panier est vide/);
  });

  it("cannot skip a step by typing its URL", async () => {
    const skipToInstructions = await openStep(backoffice, "consignes", cookie);
    expect(skipToInstructions.kind === "redirect" && skipToInstructions.location).toBe("/commander/livraison");
    expect(await flash(backoffice, skipToInstructions)).toBe("Choisissez d'abord l'adresse de livraison.");
    const first = (await savedCart()).addresses[0];
    await postStep(backoffice, "livraison", { intent: "address", address: String(first?.obj_id) }, cookie);
    const skipToSummary = await openStep(backoffice, "recapitulatif", cookie);
    expect(skipToSummary.kind === "redirect" && skipToSummary.location).toBe("/commander/consignes");
    const skipToEnd = await openStep(backoffice, "terminer", cookie);
    expect(skipToEnd.kind === "redirect" && skipToEnd.location).toBe("/commander/consignes");
  });

  it("sends a contributor without a client to the client picker", async () => {
    const contributor = await cookieFor(backoffice, LOGINS.contributor);
    const outcome = await openStep(backoffice, "livraison", contributor);
    expect(outcome.kind === "redirect" && outcome.location).toBe("/clients");
  });

  it("refuses an account without the cart right", async () => {
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const outcome = await openStep(backoffice, "livraison", consultant);
    expect(outcome.kind === "redirect" && outcome.location).toBe("/mon-panier");
    expect(await flash(backoffice, outcome)).toMatch(/ne permet pas de préparer une commande/);
  });
});

describe("/commander/livraison", () => {
  it("shows the organization's addresses and its head office as invoicing address", async () => {
    const page = await savedCart();
    expect(page.addresses.length).toBeGreaterThanOrEqual(1);
    expect(page.invoicing?.adr_name).toMatch(/siège/);
    expect(page.selectedId).toBeNull();
  });

  it("saves a chosen address with the invoicing address, then shows it chosen when coming back", async () => {
    const second = (await savedCart()).addresses[1];
    const outcome = await postStep(backoffice, "livraison", { intent: "address", address: String(second?.obj_id) }, cookie);
    expect(outcome.kind === "redirect" && outcome.location).toBe("/commander/consignes");
    expect((await savedCart()).selectedId).toBe(second?.obj_id);
  });

  it.each([
    [{ adr_zipcode: "2920" }, "adr_zipcode", "Le code postal français compte 5 chiffres."],
    [{ adr_zipcode: "ABCDE" }, "adr_zipcode", "Le code postal français compte 5 chiffres."],
    [{ adr_name: " " }, "adr_name", "Indiquez le nom du destinataire."],
    [{ adr_country: "XX" }, "adr_country", "Choisissez un pays de la liste."],
    [{ adr_phone: "<script>" }, "adr_phone", "Le téléphone ne peut contenir que des chiffres, espaces et + ( ) . -"],
  ])("refuses a new address with %j", async (override, field, message) => {
    const before = await addressCount();
    const outcome = await postStep(backoffice, "livraison", { ...NEW_ADDRESS, ...override }, cookie);
    expect(outcome.kind).toBe("data");
    if (outcome.kind !== "data") return;
    expect(outcome.status).toBe(400);
    expect(outcome.data.errors[field]).toBe(message);
    expect(outcome.data.values.adr_city).toBe("Brest"); // what was typed is kept
    expect(await addressCount()).toBe(before);
  });

  it("accepts a Belgian postal code of 4 digits", async () => {
    const outcome = await postStep(
      backoffice,
      "livraison",
      { ...NEW_ADDRESS, adr_zipcode: "8400", adr_city: "Oostende", adr_country: "BE" },
      cookie,
    );
    expect(outcome.kind).toBe("redirect");
  });

  it("creates a new address first, then delivers there", async () => {
    const before = await addressCount();
    const outcome = await postStep(backoffice, "livraison", NEW_ADDRESS, cookie);
    expect(outcome.kind === "redirect" && outcome.location).toBe("/commander/consignes");
    expect(await addressCount()).toBe(before + 1);
    const page = await savedCart();
    const created = page.addresses.filter((address) => address.adr_name === NEW_ADDRESS.adr_name).at(-1);
    expect(page.selectedId).toBe(created?.obj_id);
  });

  it("reuses the organization's identical address, case and spaces aside, instead of adding it again", async () => {
    await postStep(backoffice, "livraison", NEW_ADDRESS, cookie);
    const before = await addressCount();
    const selected = (await savedCart()).selectedId;
    for (const typed of [NEW_ADDRESS, { ...NEW_ADDRESS, adr_name: "CHANTIER  du moulin blanc ", adr_line1: " 12 Quai de la  Douane" }]) {
      const outcome = await postStep(backoffice, "livraison", typed, cookie);
      expect(outcome.kind === "redirect" && outcome.location).toBe("/commander/consignes");
    }
    expect(await addressCount()).toBe(before);
    expect((await savedCart()).selectedId).toBe(selected);
    // Another phone is another address.
    await postStep(backoffice, "livraison", { ...NEW_ADDRESS, adr_phone: "02 98 11 11 11" }, cookie);
    expect(await addressCount()).toBe(before + 1);
  });

  it("refuses an address of another organization", async () => {
    const other = await backoffice.db
      .selectFrom("addresses as a")
      .innerJoin("organizations as o", "o.id", "a.org_id")
      .select("a.id")
      .where("o.ref", "=", "C0005")
      .executeTakeFirstOrThrow();
    const outcome = await postStep(backoffice, "livraison", { intent: "address", address: String(other.id) }, cookie);
    expect(outcome.kind === "data" && outcome.data.message).toBe("Cette adresse n'est pas une adresse de votre compte.");
    expect((await savedCart()).selectedId).toBeNull();
  });

  it.each(["500", "timeout"] as const)("refuses the step when the address creation fails (%s)", async (failure) => {
    backoffice.failAddresses = failure;
    const outcome = await postStep(backoffice, "livraison", NEW_ADDRESS, cookie);
    expect(outcome.kind).toBe("data");
    if (outcome.kind !== "data") return;
    expect(outcome.status).toBe(503);
    expect(outcome.data.message).toMatch(/^L'adresse de livraison n'a pas pu être enregistrée/);
    expect(outcome.data.values.adr_line1).toBe(NEW_ADDRESS.adr_line1);
    expect((await savedCart()).selectedId).toBeNull();
    expect((await openStep(backoffice, "consignes", cookie)).kind).toBe("redirect");
  });

  it("recomputes the shipping lines with the Saturday and direct-delivery options (a Friday)", async () => {
    const before = await savedCart();
    expect(before.view.shippingLines.map((line) => line.ref)).not.toContain("PORT_SAMEDI");
    const saved = await postStep(backoffice, "livraison", { intent: "options", saturday: "on", ldd: "on" }, cookie);
    expect(saved.kind === "redirect" && saved.location).toBe("/commander/livraison");
    const after = await savedCart();
    const refs = after.view.shippingLines.map((line) => line.ref);
    expect(refs).toContain("PORT_SAMEDI");
    expect(refs).toContain("PORT_DS_AUTRE");
    expect(after.view.totals?.shippingHt).toBeGreaterThan(before.view.totals?.shippingHt ?? 0);
    const fetched = await postStep(backoffice, "livraison", { intent: "options", mode: "fetch" }, cookie);
    expect(fetched.kind === "data" && fetched.status).toBe(200);
    expect((await savedCart()).view.shippingLines.map((line) => line.ref)).not.toContain("PORT_SAMEDI");
  });

  it("answers an unknown intent with a 400", async () => {
    const outcome = await postStep(backoffice, "livraison", { intent: "pirate" }, cookie);
    expect(outcome.kind === "data" && outcome.status).toBe(400);
  });
});

describe("/commander/consignes", () => {
  it("refuses a reference longer than 60 characters and keeps what was typed", async () => {
    const first = (await savedCart()).addresses[0];
    await postStep(backoffice, "livraison", { intent: "address", address: String(first?.obj_id) }, cookie);
    const outcome = await postStep(backoffice, "consignes", { ref: "R".repeat(61), comments: "Quai 3" }, cookie);
    expect(outcome.kind === "data" && outcome.data.errors.ref).toBe("La référence de commande compte au plus 60 caractères.");
    expect(outcome.kind === "data" && outcome.data.values.comments).toBe("Quai 3");
  });

  it("saves the instructions, opens the summary and shows them again when going back", async () => {
    const withInstructions = await throughInstructions(backoffice, cookie, {
      ref: "CHANTIER-42",
      comments: "Livrer au quai 3",
      notes: "Urgent",
      partialDelivery: "on",
    });
    const summary = await openStep(backoffice, "recapitulatif", withInstructions);
    expect(summary.kind === "data" && summary.data.summary.ref).toBe("CHANTIER-42");
    const back = await openStep(backoffice, "consignes", withInstructions);
    expect(back.kind === "data" && back.data.values).toEqual({
      ref: "CHANTIER-42",
      comments: "Livrer au quai 3",
      notes: "Urgent",
      partialDelivery: true,
      refFromPromotion: null,
    });
    expect(cookieJar(withInstructions, new Headers())).toContain("portail_commande=");
  });
});
