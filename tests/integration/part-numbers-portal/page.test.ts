import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as templateRoute from "~/routes/_app.mon-compte.references.modele[.csv]";
import { CHOOSE_A_FILE } from "~/services/part-numbers/actions.server";
import { NO_CART_RIGHT } from "~/services/part-numbers/types";
import { callRoute, pageRequest, thrownStatus } from "../portal/harness";
import { cookieFor } from "../cart/cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "../cart/harness";
import { importForm, postReferences, referencesPage } from "./flow";

/**
 * /mon-compte/references over the real back-office (issue 38, docs/part-numbers-portal.md):
 * the organization's codes listed and searched, a code given (and refused on its field when
 * another product has it), taken away, imported from a CSV or XLSX file with each refused line
 * and its reason; reading is everyone's, changing needs the `cart` right.
 */

let backoffice: CartBackoffice;
let client: string;
let plain: { id: number; ref: string }[];
let voilerie: number;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  plain = (await demoProducts(backoffice.db)).plain;
  client = await cookieFor(backoffice, LOGINS.client);
  voilerie = (await backoffice.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  await backoffice.db.deleteFrom("part_numbers").where("org_id", "=", voilerie).execute();
});

const product = (index: number) => {
  const found = plain[index];
  if (!found) throw new Error(`no demo product ${index}`);
  return found;
};
const savedCodes = async () =>
  (
    await backoffice.db.selectFrom("part_numbers").select(["product_id", "code"]).where("org_id", "=", voilerie).orderBy("code").execute()
  ).map((row) => [row.product_id, row.code]);

describe("giving a product a code", () => {
  it("saves it, comes back to the list with a toast, and the list shows it", async () => {
    const outcome = await postReferences(backoffice, client, {
      intent: "donner-code",
      reference: product(0).ref.toLowerCase(),
      code: "VA-CORD-08",
    });
    expect(outcome).toEqual({
      kind: "redirect",
      location: "/mon-compte/references",
      toast: `Votre code VA-CORD-08 est enregistré pour la référence ${product(0).ref}.`,
    });
    const page = await referencesPage(backoffice, client);
    expect(page.rows.map((row) => [row.code, row.ref])).toEqual([["VA-CORD-08", product(0).ref]]);
    expect(page.canEdit).toBe(true);
  });

  it("shows the back-office's message on the code's field when another product has the code, and saves nothing", async () => {
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "VA-CORD-08" });
    const outcome = await postReferences(backoffice, client, { intent: "donner-code", reference: product(1).ref, code: "va cord 08" });
    expect(outcome.kind === "data" && outcome.status).toBe(409);
    if (outcome.kind !== "data" || outcome.data.intent !== "set") throw new Error("expected the form drawn again");
    expect(outcome.data.errors).toEqual({ code: `Le code va cord 08 est déjà celui de la référence ${product(0).ref}.` });
    expect(outcome.data.values).toMatchObject({ reference: product(1).ref, code: "va cord 08" });
    expect(await savedCodes()).toEqual([[product(0).id, "VA-CORD-08"]]);
  });

  it("refuses an unknown reference and an invalid code on their fields, before asking to save", async () => {
    const unknown = await postReferences(backoffice, client, { intent: "donner-code", reference: "INCONNU-42", code: "X1" });
    expect(unknown.kind === "data" && unknown.data.intent === "set" && unknown.data.errors).toEqual({
      reference: "Référence inconnue : INCONNU-42. Vérifiez-la dans le catalogue.",
    });
    const invalid = await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "A;B" });
    expect(invalid.kind === "data" && invalid.data.intent === "set" && invalid.data.errors).toEqual({
      code: "Votre code ne peut contenir que des lettres, des chiffres, des espaces et . _ - / + #.",
    });
    expect(await savedCodes()).toEqual([]);
  });

  it("refuses an own code typed as the reference, saying whose code it is", async () => {
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "ATELIER-1" });
    const outcome = await postReferences(backoffice, client, { intent: "donner-code", reference: "atelier-1", code: "ATELIER-2" });
    expect(outcome.kind === "data" && outcome.data.intent === "set" && outcome.data.errors).toEqual({
      reference: `ATELIER-1 est déjà votre code pour la référence ${product(0).ref} : indiquez la référence du produit.`,
    });
  });
});

describe("taking a code away", () => {
  it("removes it and keeps the list's search in the way back", async () => {
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "ATELIER-1" });
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(1).ref, code: "ATELIER-2" });
    const outcome = await postReferences(
      backoffice,
      client,
      { intent: "retirer", productId: String(product(0).id), ref: product(0).ref },
      "/mon-compte/references?q=atelier",
    );
    expect(outcome).toEqual({
      kind: "redirect",
      location: "/mon-compte/references?q=atelier",
      toast: `Le code de la référence ${product(0).ref} est retiré.`,
    });
    expect(await savedCodes()).toEqual([[product(1).id, "ATELIER-2"]]);
  });
});

describe("the list", () => {
  it("searches the codes and says when nothing matches", async () => {
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "ATELIER-1" });
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(1).ref, code: "BATEAU-2" });
    const found = await referencesPage(backoffice, client, "/mon-compte/references?q=bateau");
    expect(found.rows.map((row) => row.code)).toEqual(["BATEAU-2"]);
    expect([found.q, found.query, found.total]).toEqual(["bateau", "q=bateau", 1]);
    const none = await referencesPage(backoffice, client, "/mon-compte/references?q=zzz");
    expect([none.rows, none.total]).toEqual([[], 0]);
  });
});

describe("importing a file", () => {
  it("saves the good lines of a CSV and lists each refused line with its reason, by line", async () => {
    const csv = [
      "\uFEFFvotre_code;reference",
      `ATELIER-1;${product(0).ref}`,
      "ATELIER-2;INCONNU-42",
      `;${product(1).ref}`,
      `ATELIER-3;${product(2).ref}`,
      `atelier 3;${product(3).ref}`,
      "ATELIER-4;",
    ].join("\r\n");
    const outcome = await postReferences(backoffice, client, importForm("codes.csv", csv));
    if (outcome.kind !== "data" || outcome.data.intent !== "import") throw new Error("expected the import's report");
    expect(outcome.status).toBe(200);
    expect(outcome.data.message).toBe("2 codes enregistrés, 4 lignes refusées.");
    expect(outcome.data.report?.saved).toBe(2);
    expect(outcome.data.report?.refused.map((refusal) => [refusal.line, refusal.message])).toEqual([
      [3, "Référence inconnue : INCONNU-42."],
      [4, "Indiquez votre code dans la première colonne."],
      [6, expect.stringContaining("ligne 5")],
      [7, "Indiquez la référence du produit dans la deuxième colonne."],
    ]);
    expect(await savedCodes()).toEqual([
      [product(0).id, "ATELIER-1"],
      [product(2).id, "ATELIER-3"],
    ]);
  });

  it("reads the first sheet of an XLSX workbook", async () => {
    const workbook = await writeXlsxFile([
      [{ value: "Votre code" }, { value: "Référence" }],
      [{ value: "CORDE-10" }, { value: product(4).ref }],
    ]).toBuffer();
    const outcome = await postReferences(
      backoffice,
      client,
      importForm("codes.xlsx", new Uint8Array(workbook), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    );
    expect(outcome.kind === "data" && outcome.data.intent === "import" && outcome.data.report).toEqual({ saved: 1, refused: [] });
    expect(await savedCodes()).toEqual([[product(4).id, "CORDE-10"]]);
  });

  it("asks for a file when none was chosen, and says a file that is no sheet", async () => {
    const form = new FormData();
    form.set("intent", "importer");
    const none = await postReferences(backoffice, client, form);
    expect(none).toEqual({ kind: "data", status: 400, data: { intent: "import", message: CHOOSE_A_FILE, report: null } });
    const binary = await postReferences(backoffice, client, importForm("image.csv", new Uint8Array([0, 1, 2, 3])));
    expect(binary).toEqual({
      kind: "data",
      status: 400,
      data: { intent: "import", message: "Le fichier n'est ni un CSV ni un classeur XLSX.", report: null },
    });
  });

  it("gives the template the import reads back", async () => {
    const response = (await callRoute(
      templateRoute.loader,
      pageRequest("/mon-compte/references/modele.csv", client),
      backoffice.context(),
    )) as Response;
    expect(response.headers.get("content-disposition")).toContain("modele-vos-references.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte-order mark French Excel needs to read UTF-8, then `;` and CRLF.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n").slice(0, 3)).toEqual([
      "votre_code;reference",
      "ATELIER-001;GAG00001",
      "ATELIER-002;MAN00002",
    ]);
  });
});

describe("without the cart right", () => {
  it("reads the codes without the forms, and every change is refused (403) with nothing saved", async () => {
    await postReferences(backoffice, client, { intent: "donner-code", reference: product(0).ref, code: "ATELIER-1" });
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const page = await referencesPage(backoffice, consultant);
    expect(page.rows.map((row) => row.code)).toEqual(["ATELIER-1"]);
    expect(page.canEdit).toBe(false);
    const refusals = [
      await postReferences(backoffice, consultant, { intent: "donner-code", reference: product(1).ref, code: "ATELIER-2" }),
      await postReferences(backoffice, consultant, { intent: "retirer", productId: String(product(0).id), ref: product(0).ref }),
      await postReferences(backoffice, consultant, importForm("codes.csv", `ATELIER-3;${product(2).ref}`)),
    ];
    for (const refusal of refusals) expect(refusal).toEqual({ kind: "data", status: 403, data: { intent: null, message: NO_CART_RIGHT } });
    expect(await savedCodes()).toEqual([[product(0).id, "ATELIER-1"]]);
  });

  it("sends a visitor to the login page", async () => {
    expect(await thrownStatus(() => referencesPage(backoffice, ""))).toBe(302);
  });
});
