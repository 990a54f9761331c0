import { describe, expect, it } from "vitest";
import type { PurchaserRules, PurchasingRules } from "@shared/contracts/approvals";
import { readRulesForm } from "~/services/approvals/index.server";

/** The rules page's form into the contract's request (app/services/approvals/rules.server.ts). */

const person = (usr_id: number, name: string, overrides: Partial<PurchaserRules> = {}): PurchaserRules => ({
  usr_id,
  name,
  title: "",
  login: `${usr_id}@voilerie-atlantique.fr`,
  can_order: true,
  is_admin: false,
  is_named_approver: false,
  order_limit: null,
  monthly_budget: null,
  spent_this_month: 0,
  ...overrides,
});

const SAVED: PurchasingRules = {
  approval_threshold: 500_000,
  approvers: "administrators",
  people: [
    person(11, "Maël Kerjean", { order_limit: 200_000 }),
    person(12, "Gwen Le Bihan", { can_order: false }),
    person(13, "Anne Riou", { monthly_budget: 100_000, is_named_approver: true }),
  ],
  updated_at: null,
  updated_by: null,
};

const FORM = {
  personnes: "11,12",
  seuil: "7 500,50",
  valideurs: "administrateurs",
  "limite-11": "2 500",
  "budget-11": "",
  "limite-12": "",
  "budget-12": "3 000,00",
};

describe("the rules form", () => {
  it("reads French amounts, empty as none, and leaves the people it did not show as saved", () => {
    expect(readRulesForm(FORM, SAVED)).toEqual({
      ok: true,
      body: {
        approval_threshold: 750_050,
        approvers: "administrators",
        named_approvers: [],
        people: [
          { usr_id: 11, order_limit: 250_000, monthly_budget: null },
          { usr_id: 12, order_limit: null, monthly_budget: 300_000 },
          { usr_id: 13, order_limit: null, monthly_budget: 100_000 },
        ],
      },
    });
  });

  it("an empty threshold is none; a missing one is left as saved", () => {
    const cleared = readRulesForm({ ...FORM, seuil: "" }, SAVED);
    expect(cleared.ok && cleared.body.approval_threshold).toBeNull();
    const { seuil: _seuil, ...without } = FORM;
    const kept = readRulesForm(without, SAVED);
    expect(kept.ok && kept.body.approval_threshold).toBe(500_000);
  });

  it("names the people ticked, and keeps those the form did not show", () => {
    const read = readRulesForm({ ...FORM, valideurs: "designes", "valideur-12": "on" }, SAVED);
    expect(read.ok && read.body).toMatchObject({ approvers: "named", named_approvers: [12, 13] });
  });

  it("refuses named approvers with nobody ticked, beside the choice", () => {
    const unticked = { ...SAVED, people: SAVED.people.slice(0, 2) };
    expect(readRulesForm({ ...FORM, valideurs: "designes" }, unticked)).toEqual({
      ok: false,
      errors: { valideurs: "Cochez au moins une personne qui valide, ou choisissez « Les administrateurs »." },
    });
  });

  it("gives every mistake at once, each on its field, in French", () => {
    const read = readRulesForm({ ...FORM, seuil: "-10", "limite-11": "deux mille", "budget-12": "1,234", valideurs: "" }, SAVED);
    expect(read).toEqual({
      ok: false,
      errors: {
        seuil: "Seuil de validation : un montant ne peut pas être négatif.",
        valideurs: "Choisissez qui valide : les administrateurs ou des personnes désignées.",
        "limite-11": "Limite par commande de Maël Kerjean : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00).",
        "budget-12": "Budget mensuel de Gwen Le Bihan : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00).",
      },
    });
  });
});
