import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as rulesRoute from "~/routes/_app.mon-compte.regles-d-achat";
import { RULES_READ_ONLY, type RulesRefusal, type RulesView } from "~/services/approvals/types";
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
  userIdOf,
  type UsersPagesBed,
} from "../users-pages/harness";

/**
 * /mon-compte/regles-d-achat over the real back-office (issue 37, docs/approvals.md « The
 * rules »): the organization's administrators read and set the rules in one form; anyone else
 * gets the page's 404 with nothing changed; a French message per refused amount, nothing
 * saved; a representative acting for the client reads them, read-only.
 */

const PATH = "/mon-compte/regles-d-achat";
let bed: UsersPagesBed;
let organization: string;
let orgId: number;
const ids = { buyer: 0, storekeeper: 0, consultant: 0 };

beforeAll(async () => {
  bed = await startUsersPagesBed("approvals-rules-page", { purchasingLimits: true });
  organization = await cookieFor(bed, LOGINS.organization);
  orgId = await orgIdOf(bed, LOGINS.organization);
  for (const key of ["buyer", "storekeeper", "consultant"] as const) ids[key] = await userIdOf(bed, LOGINS[key]);
});
afterAll(() => bed.close());

const page = (cookie: string) => load<RulesView>(bed, rulesRoute.loader, PATH, cookie);
const send = (cookie: string, fields: Record<string, string>) => post(bed, rulesRoute.action, PATH, fields, cookie);

/** The rules as the back-office keeps them: the organization's row and each person's limits. */
async function stored() {
  const rules = await bed.db
    .selectFrom("purchasing_rules")
    .select(["approval_threshold", "approvers"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  const limits = await bed.db
    .selectFrom("purchasing_limits")
    .select(["user_id", "order_limit", "monthly_budget"])
    .where("org_id", "=", orgId)
    .orderBy("user_id")
    .execute();
  const named = await bed.db.selectFrom("purchasing_approvers").select("user_id").where("org_id", "=", orgId).orderBy("user_id").execute();
  return { rules, limits, named: named.map((row) => row.user_id) };
}

/** The form as the page draws it for the demo's rules, with `changes` typed over it. */
function formOf(view: RulesView, changes: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    personnes: view.people.map((person) => person.id).join(","),
    seuil: view.threshold,
    valideurs: view.approvers === "named" ? "designes" : "administrateurs",
  };
  for (const person of view.people) {
    fields[`limite-${person.id}`] = person.orderLimit;
    fields[`budget-${person.id}`] = person.monthlyBudget;
    if (person.isNamedApprover) fields[`valideur-${person.id}`] = "on";
  }
  return { ...fields, ...changes };
}

async function refusedStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (thrown) {
    return statusOf(thrown);
  }
  throw new Error("expected a refusal");
}

describe("who may open the page", () => {
  it("shows the organization account the demo's rules: the administrators approve, the buyer's 2 000 € HT limit", async () => {
    const view = await page(organization);
    expect(view).toMatchObject({ threshold: "", approvers: "administrators", readOnly: false });
    const buyer = view.people.find((person) => person.id === ids.buyer);
    expect(buyer).toMatchObject({ name: "Maël Kerjean", canOrder: true, orderLimit: "2000,00", monthlyBudget: "" });
    expect(typeof buyer?.spentThisMonth).toBe("number");
    expect(view.people.find((person) => person.id === ids.storekeeper)).toMatchObject({ canOrder: false, orderLimit: "" });
  });

  it("answers 404 to a person who is not an administrator, and changes nothing on a POST", async () => {
    const before = await stored();
    for (const login of [LOGINS.buyer, LOGINS.storekeeper, LOGINS.consultant]) {
      const cookie = await cookieFor(bed, login);
      expect(await refusedStatus(() => page(cookie))).toBe(404);
      expect(statusOf(await send(cookie, { valideurs: "administrateurs", seuil: "1" }))).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });

  it("answers 404 to a representative that has not chosen a client", async () => {
    expect(await refusedStatus(async () => page(await cookieFor(bed, LOGINS.contributor)))).toBe(404);
  });

  it("opens to a person made administrator", async () => {
    await bed.db.updateTable("users").set({ is_admin: true }).where("id", "=", ids.consultant).execute();
    try {
      const view = await page(await cookieFor(bed, LOGINS.consultant));
      expect(view.readOnly).toBe(false);
      expect(view.people.length).toBeGreaterThanOrEqual(3);
    } finally {
      await bed.db.updateTable("users").set({ is_admin: false }).where("id", "=", ids.consultant).execute();
    }
  });
});

describe("a representative acting for the client", () => {
  it("reads the rules read-only, and its POST goes back to the page with the reason, nothing saved", async () => {
    const acting = await actingFor(bed, await cookieFor(bed, LOGINS.contributor), orgId);
    const view = await page(acting);
    expect(view.readOnly).toBe(true);
    expect(view.people.some((person) => person.id === ids.buyer)).toBe(true);
    const before = await stored();
    const answer = await send(acting, formOf(view, { seuil: "10" }));
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("location")).toBe(PATH);
    expect(await toastOf(bed, answer)).toEqual({ type: "error", message: RULES_READ_ONLY });
    expect(await stored()).toEqual(before);
  });
});

describe("saving the rules", () => {
  it("refuses an amount it cannot read, in French next to its field, keeps what was typed and saves nothing", async () => {
    const before = await stored();
    const view = await page(organization);
    const fields = formOf(view, { seuil: "5 000", [`limite-${ids.buyer}`]: "deux mille", [`budget-${ids.storekeeper}`]: "-30" });
    const answer = await send(organization, fields);
    expect(statusOf(answer)).toBe(400);
    const refusal = bodyOf<RulesRefusal>(answer);
    expect(refusal.message).toBe("Vérifiez les champs signalés : rien n'a été enregistré.");
    expect(refusal.errors).toEqual({
      [`limite-${ids.buyer}`]:
        "Limite par commande de Maël Kerjean : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00).",
      [`budget-${ids.storekeeper}`]: "Budget mensuel de Gwen Le Bihan : un montant ne peut pas être négatif.",
    });
    expect(refusal.values).toMatchObject({ seuil: "5 000", [`limite-${ids.buyer}`]: "deux mille" });
    expect(await stored()).toEqual(before);
  });

  it("refuses named approvers with nobody ticked, nothing saved", async () => {
    const before = await stored();
    const answer = await send(organization, formOf(await page(organization), { valideurs: "designes" }));
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf<RulesRefusal>(answer).errors).toEqual({
      valideurs: "Cochez au moins une personne qui valide, ou choisissez « Les administrateurs ».",
    });
    expect(await stored()).toEqual(before);
  });

  it("saves the threshold, who approves and each person's limit and budget typed the French way, and says so", async () => {
    const view = await page(organization);
    const answer = await send(
      organization,
      formOf(view, {
        seuil: "5 000",
        valideurs: "designes",
        [`valideur-${ids.buyer}`]: "on",
        [`limite-${ids.buyer}`]: "2 500,50",
        [`budget-${ids.buyer}`]: "10 000",
        [`budget-${ids.storekeeper}`]: "1 000,00",
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("location")).toBe(PATH);
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: "Règles d'achat enregistrées." });
    const after = await page(organization);
    expect(after).toMatchObject({ threshold: "5000,00", approvers: "named", updatedBy: expect.any(String) });
    expect(after.people.find((person) => person.id === ids.buyer)).toMatchObject({
      orderLimit: "2500,50",
      monthlyBudget: "10000,00",
      isNamedApprover: true,
    });
    expect(after.people.find((person) => person.id === ids.storekeeper)).toMatchObject({ orderLimit: "", monthlyBudget: "1000,00" });
    expect((await stored()).named).toEqual([ids.buyer]);
  });

  it("empties a limit and goes back to the administrators", async () => {
    const view = await page(organization);
    const answer = await send(organization, formOf(view, { seuil: "", valideurs: "administrateurs", [`budget-${ids.storekeeper}`]: "" }));
    expect(statusOf(answer)).toBe(303);
    const after = await page(organization);
    expect(after).toMatchObject({ threshold: "", approvers: "administrators" });
    expect(after.people.find((person) => person.id === ids.storekeeper)?.monthlyBudget).toBe("");
    expect(after.people.find((person) => person.id === ids.buyer)?.orderLimit).toBe("2500,50");
  });
});
