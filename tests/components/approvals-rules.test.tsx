// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatEuros } from "@shared/domain/french-format";
import { RulesForm } from "~/components/approvals/RulesForm";
import RulesPage from "~/routes/_app.mon-compte.regles-d-achat";
import { RULES_READ_ONLY, type RulesRefusal, type RulesView } from "~/services/approvals/types";

/**
 * /mon-compte/regles-d-achat (issue 37): the organization's threshold, who approves, each
 * person's limit and budget in one form; a refused form drawn again as typed; read-only for a
 * representative acting for the client.
 */

afterEach(cleanup);

const VIEW: RulesView = {
  threshold: "5000,00",
  approvers: "administrators",
  people: [
    {
      id: 11,
      name: "Maël Kerjean",
      title: "Acheteur",
      login: "acheteur@voilerie-atlantique.fr",
      canOrder: true,
      isAdmin: false,
      isNamedApprover: false,
      orderLimit: "2000,00",
      monthlyBudget: "",
      spentThisMonth: 175_050,
    },
    {
      id: 12,
      name: "Gwen Le Bihan",
      title: "Magasinier",
      login: "magasinier@voilerie-atlantique.fr",
      canOrder: false,
      isAdmin: false,
      isNamedApprover: false,
      orderLimit: "",
      monthlyBudget: "",
      spentThisMonth: 0,
    },
  ],
  updatedAt: null,
  updatedBy: null,
  readOnly: false,
};

function renderPage(view: RulesView) {
  const Stub = createRemixStub([{ path: "/mon-compte/regles-d-achat", Component: RulesPage, loader: () => view }]);
  render(<Stub initialEntries={["/mon-compte/regles-d-achat"]} />);
}

function renderForm(view: RulesView, refusal?: RulesRefusal) {
  const Stub = createRemixStub([{ path: "/mon-compte/regles-d-achat", Component: () => <RulesForm view={view} refusal={refusal} /> }]);
  render(<Stub initialEntries={["/mon-compte/regles-d-achat"]} />);
}

const inputNamed = (name: string) => {
  const input = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  return input;
};

describe("the rules form", () => {
  it("shows the threshold, who approves, and each person's limit, budget and month, in one POST form", async () => {
    renderPage(VIEW);
    const threshold = await screen.findByLabelText("Toute commande au-dessus de ce montant doit être validée (€ HT)");
    expect((threshold as HTMLInputElement).value).toBe("5000,00");
    expect((screen.getByRole("radio", { name: "Les administrateurs" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Des personnes désignées" }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Limite par commande de Maël Kerjean, en euros HT") as HTMLInputElement).value).toBe("2000,00");
    expect((screen.getByLabelText("Budget mensuel de Maël Kerjean, en euros HT") as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("checkbox", { name: "Maël Kerjean valide les demandes" }) as HTMLInputElement).checked).toBe(false);
    const form = threshold.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(Object.fromEntries(new FormData(form ?? undefined).entries())).toMatchObject({
      personnes: "11,12",
      seuil: "5000,00",
      valideurs: "administrateurs",
      "limite-11": "2000,00",
      "budget-11": "",
      "limite-12": "",
    });
    expect((screen.getByRole("button", { name: "Enregistrer les règles" }) as HTMLButtonElement).type).toBe("submit");
  });

  it("names every cell on a phone and says who may not order", async () => {
    renderPage(VIEW);
    const buyer = await screen.findByTestId("rules-person-11");
    const labels = [...buyer.querySelectorAll("td")].map((cell) => cell.getAttribute("data-label"));
    expect(labels).toEqual([
      "Droit de commander",
      "Limite par commande (€ HT)",
      "Budget mensuel (€ HT)",
      "Dépensé ce mois-ci (HT)",
      "Valide les demandes",
    ]);
    expect(buyer.textContent).toContain(formatEuros(175_050));
    const storekeeper = screen.getByTestId("rules-person-12");
    expect(storekeeper.textContent).toContain("Non : toute commande de sa part est envoyée pour validation");
  });

  it("without the `prices` right, no amount spent is shown", async () => {
    renderPage({ ...VIEW, people: VIEW.people.map((person) => ({ ...person, spentThisMonth: null })) });
    const buyer = await screen.findByTestId("rules-person-11");
    expect(buyer.querySelector('[data-label="Dépensé ce mois-ci (HT)"]')?.textContent).toBe("—");
  });

  it("a refused form comes back as typed, each message next to its field", async () => {
    const refusal: RulesRefusal = {
      ok: false,
      message: "Vérifiez les champs signalés : rien n'a été enregistré.",
      errors: {
        "limite-11": "Limite par commande de Maël Kerjean : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00).",
      },
      values: {
        personnes: "11,12",
        seuil: "7 500",
        valideurs: "designes",
        "limite-11": "deux mille",
        "budget-11": "3 000",
        "valideur-12": "on",
      },
    };
    renderForm(VIEW, refusal);
    expect((await screen.findByRole("alert")).textContent).toBe(refusal.message);
    expect(inputNamed("seuil").value).toBe("7 500");
    expect(inputNamed("budget-11").value).toBe("3 000");
    const limit = inputNamed("limite-11");
    expect(limit.value).toBe("deux mille");
    expect(limit.getAttribute("aria-invalid")).toBe("true");
    const described = document.getElementById(limit.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(refusal.errors["limite-11"]);
    expect((screen.getByRole("radio", { name: "Des personnes désignées" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Gwen Le Bihan valide les demandes" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Maël Kerjean valide les demandes" }) as HTMLInputElement).checked).toBe(false);
  });

  it("says who approves went wrong beside the choice", async () => {
    const message = "Cochez au moins une personne qui valide, ou choisissez « Les administrateurs ».";
    renderForm(VIEW, { ok: false, message: "Vérifiez", errors: { valideurs: message }, values: { valideurs: "designes" } });
    const group = await screen.findByRole("group", { name: "Qui valide les demandes" });
    expect(within(group).getByText(message).id).toBe("valideurs-erreur");
    expect(group.getAttribute("aria-describedby")).toBe("valideurs-erreur");
  });

  it("is read-only for a representative acting for the client: every field disabled, no button, and it says why", async () => {
    renderPage({ ...VIEW, readOnly: true });
    expect((await screen.findByRole("note")).textContent).toBe(RULES_READ_ONLY);
    const fields = [...document.querySelectorAll<HTMLInputElement>("form input:not([type=hidden])")];
    expect(fields.length).toBe(1 + 2 + 2 * 3);
    expect(fields.every((field) => field.disabled)).toBe(true);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says when and by whom the rules were last changed", async () => {
    renderPage({ ...VIEW, updatedAt: "2026-11-20T10:15:00+01:00", updatedBy: "Voilerie Atlantique" });
    expect((await screen.findByText(/Dernière modification le/)).textContent).toMatch(/20 novembre 2026.*par Voilerie Atlantique\.$/);
  });
});
