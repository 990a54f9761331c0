// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ScheduleRun, ScheduleSummary } from "@shared/contracts/replenishment";
import { OrderScheduleFact } from "~/components/replenishment/OrderScheduleFact";
import { ScheduleForm } from "~/components/replenishment/ScheduleForm";
import SchedulePage from "~/routes/_app.mon-compte.commandes-programmees.$id";
import SchedulesPage from "~/routes/_app.mon-compte.commandes-programmees._index";
import { RUNS_GO_TO_APPROVAL, type ScheduleDetailView, type ScheduleListView, type ScheduleRefusal } from "~/services/replenishment/types";
import { currentFormValues, runView, scheduleRow } from "~/services/replenishment/views.server";

/**
 * The scheduled replenishment pages (docs/replenishment-portal.md): the rhythm in words, the
 * next date in French with the one a skip passes over, the status, each run's outcome with
 * its link or reason, the confirmation step of a deletion, the read-only page of a schedule
 * the caller may not change, the form's messages next to their fields.
 */

afterEach(cleanup);

const spaced = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

const RUN: ScheduleRun = {
  run_date: "2026-10-31",
  outcome: "placed",
  at: "2026-10-31T05:00:00.000Z",
  reason: null,
  order_id: 77,
  order_ref: "CMD-000077",
  approval_id: null,
  approval_number: null,
};

const SUMMARY: ScheduleSummary = {
  id: 5,
  name: "Réassort mensuel atelier",
  list_id: 3,
  list_name: "Consommables atelier",
  rhythm: { every: 1, unit: "months", day: 31 },
  status: "active",
  next_run: "2026-11-30",
  skipped_date: null,
  dlv_address_id: 9,
  dlv_address_label: "Atelier — 12 quai Ouest, 17000 La Rochelle",
  max_price_increase_pct: 10,
  owner_id: 2,
  owner_name: "Maël Kerjean",
  last_run: RUN,
  can_edit: true,
};

const CHOICES = {
  lists: [{ id: 3, label: "Consommables atelier" }],
  addresses: [{ id: 9, label: "Atelier — 12 quai Ouest, 17000 La Rochelle" }],
  runsGoToApproval: false,
  canMakeLists: true,
  today: "2026-11-20",
};

function listView(rows: ScheduleSummary[], changes: Partial<ScheduleListView> = {}): ScheduleListView {
  const row = scheduleRow(SUMMARY);
  return { ...CHOICES, rows: rows.map(scheduleRow), defaults: currentFormValues(row, "2026-11-20"), ...changes };
}

function detailView(summary: ScheduleSummary, changes: Partial<ScheduleDetailView> = {}): ScheduleDetailView {
  const schedule = scheduleRow(summary);
  return {
    ...CHOICES,
    schedule,
    upcoming: ["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"],
    runs: [],
    current: currentFormValues(schedule, "2026-11-20"),
    confirmDelete: false,
    ...changes,
  };
}

function renderList(view: ScheduleListView) {
  const Stub = createRemixStub([{ path: "/mon-compte/commandes-programmees", Component: SchedulesPage, loader: () => view }]);
  return render(<Stub initialEntries={["/mon-compte/commandes-programmees"]} />);
}

function renderDetail(view: ScheduleDetailView) {
  const Stub = createRemixStub([{ path: "/mon-compte/commandes-programmees/:id", Component: SchedulePage, loader: () => view }]);
  return render(<Stub initialEntries={[`/mon-compte/commandes-programmees/${view.schedule.id}`]} />);
}

describe("the schedules' list", () => {
  it("says each schedule's rhythm in words, its next date in French, its status and its last run", async () => {
    renderList(
      listView([
        SUMMARY,
        { ...SUMMARY, id: 6, name: "Hebdo", rhythm: { every: 2, unit: "weeks", day: 4 }, status: "paused", next_run: null, last_run: null },
        { ...SUMMARY, id: 7, name: "Sauté", next_run: "2026-12-31", skipped_date: "2026-11-30" },
      ]),
    );
    const table = await screen.findByRole("table", { name: "Vos commandes programmées" });
    const monthly = within(table).getByTestId("schedule-5");
    const cells = within(monthly)
      .getAllByRole("cell")
      .map((cell) => spaced(cell.textContent));
    expect(cells).toEqual([
      "Consommables atelier",
      "Tous les mois, le 31 (ou le dernier jour du mois)",
      "lundi 30 novembre 2026",
      "Active",
      "samedi 31 octobre 2026 — Commande passée : commande CMD-000077",
    ]);
    expect(within(monthly).getByRole("link", { name: "Réassort mensuel atelier" }).getAttribute("href")).toBe(
      "/mon-compte/commandes-programmees/5",
    );
    expect(within(monthly).getByRole("link", { name: "commande CMD-000077" }).getAttribute("href")).toBe("/mon-compte/commandes/77");

    const paused = within(table)
      .getAllByRole("cell")
      .filter((cell) => cell.closest("tr") === within(table).getByTestId("schedule-6"))
      .map((cell) => spaced(cell.textContent));
    expect(paused.slice(1)).toEqual(["Toutes les 2 semaines, le jeudi", "Aucune : en pause", "En pause", "Aucune pour l'instant"]);
    expect(spaced(within(within(table).getByTestId("schedule-7")).getAllByRole("cell")[2]?.textContent ?? "")).toBe(
      "jeudi 31 décembre 2026 (celle du lundi 30 novembre 2026 est sautée)",
    );
  });

  it("points to the lists' page when the caller sees no list, instead of a form", async () => {
    renderList(listView([], { lists: [] }));
    const link = await screen.findByRole("link", { name: "vos listes de commande" });
    expect(link.getAttribute("href")).toBe("/mon-compte/listes");
    expect(screen.queryByRole("button", { name: "Programmer la commande" })).toBeNull();
    expect(screen.getByText("Aucune commande n'est programmée pour l'instant.").tagName).toBe("P");
  });

  it("says, without `cart` (no lists), who can help instead of pointing to a page it cannot use", async () => {
    renderList(listView([], { lists: [], canMakeLists: false }));
    expect((await screen.findByText(/votre compte ne permet pas d'en préparer/)).textContent).toContain("Demandez à un administrateur");
    expect(screen.queryByRole("link", { name: "vos listes de commande" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Programmer la commande" })).toBeNull();
  });

  it("says, without `orders`, that each run goes for approval", async () => {
    renderList(listView([SUMMARY], { runsGoToApproval: true }));
    expect((await screen.findByRole("note")).textContent).toBe(RUNS_GO_TO_APPROVAL);
  });

  it("offers both day selects, the month's hint on the 29th to 31st, the first date from today", async () => {
    renderList(listView([]));
    const form = await screen.findByRole("form", { name: "Programmer une commande" });
    const monthDay = within(form).getByLabelText("Jour du mois (rythme en mois)");
    expect(monthDay.getAttribute("aria-describedby")).toBe("programmation-nouvelle-jour-mois-aide");
    expect(document.getElementById("programmation-nouvelle-jour-mois-aide")?.textContent).toBe(
      "Les 29, 30 et 31 tombent le dernier jour du mois quand le mois est plus court.",
    );
    expect(within(monthDay).getAllByRole("option")).toHaveLength(31);
    expect(within(within(form).getByLabelText("Jour de la semaine (rythme en semaines)")).getAllByRole("option")).toHaveLength(7);
    expect(within(form).getByLabelText("Première commande à partir du").getAttribute("min")).toBe("2026-11-20");
    expect(within(form).getByRole("button", { name: "Programmer la commande" }).getAttribute("type")).toBe("submit");
  });
});

describe("one schedule's page", () => {
  it("lists the next dates after the next one, and the skip names the date it passes over", async () => {
    renderDetail(detailView(SUMMARY));
    const section = await screen.findByRole("region", { name: "Les dates suivantes" });
    const dates = within(section).getAllByRole("listitem");
    expect(dates.map((item) => item.textContent)).toEqual([
      "jeudi 31 décembre 2026",
      "dimanche 31 janvier 2027",
      "dimanche 28 février 2027",
      "mercredi 31 mars 2027",
      "vendredi 30 avril 2027",
    ]);
    const skip = screen.getByRole("form", { name: "Sauter la prochaine commande" });
    expect(spaced(skip.textContent)).toContain("La commande du lundi 30 novembre 2026 ne partira pas");
    expect(screen.getByRole("button", { name: "Mettre en pause" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Reprendre" })).toBeNull();
    expect(screen.getByRole("link", { name: "Supprimer…" }).getAttribute("href")).toBe(
      "/mon-compte/commandes-programmees/5?supprimer=1#suppression",
    );
  });

  it("says each run's outcome in French, with the order or the request it became", async () => {
    const runs = [
      RUN,
      {
        ...RUN,
        run_date: "2026-09-30",
        outcome: "approval",
        order_id: null,
        order_ref: null,
        approval_id: 12,
        approval_number: "VAL-000012",
      },
      {
        ...RUN,
        run_date: "2026-08-31",
        outcome: "failed",
        order_id: null,
        order_ref: null,
        reason: "Le prix de GIL-150 a augmenté de 14 %.",
      },
      { ...RUN, run_date: "2026-07-31", outcome: "skipped", order_id: null, order_ref: null, reason: "Sautée par Maël Kerjean." },
      { ...RUN, run_date: "2026-06-30", outcome: "missed", order_id: null, order_ref: null },
    ] satisfies ScheduleRun[];
    renderDetail(detailView(SUMMARY, { runs: runs.map(runView) }));
    const table = await screen.findByRole("table", { name: "Commandes de cette programmation" });
    const outcomes = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => spaced(row.textContent));
    expect(outcomes).toEqual([
      "samedi 31 octobre 2026Commande passée : commande CMD-000077",
      "mercredi 30 septembre 2026Envoyée pour validation : demande VAL-000012",
      "lundi 31 août 2026Non passée : Le prix de GIL-150 a augmenté de 14 %.",
      "vendredi 31 juillet 2026Sautée par Maël Kerjean.",
      "mardi 30 juin 2026Manquée",
    ]);
    expect(within(table).getByRole("link", { name: "demande VAL-000012" }).getAttribute("href")).toBe("/mon-compte/validations/12");
    expect(within(table).getByRole("link", { name: "commande CMD-000077" }).getAttribute("href")).toBe("/mon-compte/commandes/77");
  });

  it("asks for confirmation before deleting: a form with the delete intent and a way back", async () => {
    renderDetail(detailView(SUMMARY, { confirmDelete: true }));
    const confirm = await screen.findByRole("form", { name: "Supprimer « Réassort mensuel atelier » ?" });
    const hidden = Object.fromEntries(
      Array.from(confirm.querySelectorAll<HTMLInputElement>("input[type=hidden]")).map((input) => [input.name, input.value]),
    );
    expect(hidden).toEqual({ intent: "delete", confirmation: "oui" });
    expect(within(confirm).getByRole("link", { name: "Non, garder la programmation" }).getAttribute("href")).toBe(
      "/mon-compte/commandes-programmees/5",
    );
    expect(screen.queryByRole("form", { name: "Sauter la prochaine commande" })).toBeNull();
  });

  it("offers « Reprendre » and no skip for a paused schedule", async () => {
    renderDetail(detailView({ ...SUMMARY, status: "paused", next_run: null }));
    expect(await screen.findByRole("button", { name: "Reprendre" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Sauter la prochaine commande" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Les dates suivantes" })).toBeNull();
  });

  it("is read-only when the caller may not change it: no action, no form, who it belongs to", async () => {
    renderDetail(detailView({ ...SUMMARY, can_edit: false }));
    expect(spaced((await screen.findByRole("note")).textContent)).toBe(
      "Cette programmation est celle de Maël Kerjean : vous la consultez, seuls son auteur et les administrateurs de votre organisation peuvent la modifier.",
    );
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("form")).toBeNull();
  });
});

describe("a refused form", () => {
  it("draws each message under its field, tied to it, with what was typed", async () => {
    const view = listView([]);
    const refusal: ScheduleRefusal = {
      ok: false,
      form: "create",
      message: "Vérifiez les champs signalés : rien n'a été enregistré.",
      errors: { "tous-les": "Indiquez un nombre entier de 1 à 52.", liste: "Cette liste n'existe pas ou n'est pas partagée avec vous." },
      values: { ...view.defaults, nom: "Mon réassort", "tous-les": "60" },
    };
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <ScheduleForm mode="create" idPrefix="p" values={view.defaults} choices={view} refusal={refusal} />,
      },
    ]);
    render(<Stub />);
    expect((await screen.findByRole("alert")).textContent).toBe(refusal.message);
    const every = screen.getByLabelText("Toutes les");
    expect(every.getAttribute("aria-invalid")).toBe("true");
    expect(every.getAttribute("aria-describedby")).toBe("p-tous-les-erreur");
    expect(document.getElementById("p-tous-les-erreur")?.textContent).toBe("Indiquez un nombre entier de 1 à 52.");
    expect((every as HTMLInputElement).value).toBe("60");
    expect((screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Mon réassort");
    expect(screen.getByLabelText("Nom").getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById("p-liste-erreur")?.textContent).toBe("Cette liste n'existe pas ou n'est pas partagée avec vous.");
  });
});

describe("the order placed by a run", () => {
  it("names the schedule and links to it", async () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <dl>
            <OrderScheduleFact schedule={{ id: 5, name: "Réassort mensuel atelier" }} />
          </dl>
        ),
      },
    ]);
    render(<Stub />);
    const link = await screen.findByRole("link");
    expect(link.textContent).toBe("Commande programmée « Réassort mensuel atelier »");
    expect(link.getAttribute("href")).toBe("/mon-compte/commandes-programmees/5");
  });
});
