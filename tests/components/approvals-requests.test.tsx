// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApprovalSummary } from "@shared/contracts/approvals";
import { ApprovalActionForms } from "~/components/approvals/ApprovalActionForms";
import { OrderApprovalFact } from "~/components/orders/OrderApproval";
import ApprovalsPage from "~/routes/_app.mon-compte.validations._index";
import ApprovalRequestPage from "~/routes/_app.mon-compte.validations.$id";
import type { ApprovalListSection, ApprovalListView, ApprovalPageView } from "~/services/approvals/request-types";
import { approvalPage, approvalRow } from "~/services/approvals/request-views.server";
import { APPROVER_ID, DETAIL, DETAIL_WITHOUT_PRICES, REQUESTER_ID, SUMMARY } from "./approvals-requests-fixtures";

/**
 * The approval requests' pages (docs/approvals.md): the list with « À valider » first for an
 * approver and the caller's own requests with their statuses in French; one request with its
 * lines then and now, what changed flagged in words, and only the actions the back-office
 * offers. Amounts only with `prices`. The views are built from contract fixtures by the
 * service's own mapping.
 */

afterEach(cleanup);

const normalized = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

function section(rows: ApprovalSummary[], reader: "approver" | "requester", page = 1, total = rows.length): ApprovalListSection {
  return { rows: rows.map((row) => approvalRow(row, reader)), total, page, pageCount: Math.max(1, Math.ceil(total / 20)), query: "" };
}

function renderList(view: ApprovalListView) {
  const Stub = createRemixStub([{ path: "/mon-compte/validations", Component: ApprovalsPage, loader: () => view }]);
  return render(<Stub initialEntries={["/mon-compte/validations"]} />);
}

function renderRequest(view: ApprovalPageView) {
  const Stub = createRemixStub([{ path: "/mon-compte/validations/:id", Component: ApprovalRequestPage, loader: () => view }]);
  return render(<Stub initialEntries={[`/mon-compte/validations/${view.id}`]} />);
}

const APPROVED: ApprovalSummary = {
  ...SUMMARY,
  id: 11,
  number: "VAL-000011",
  status: "approved",
  decided_at: "2026-11-19T10:00:00.000Z",
  decided_by_name: "Maël Kerjean",
  order_id: 77,
  order_ref: "CMD-000077",
};
const REFUSED: ApprovalSummary = {
  ...SUMMARY,
  id: 10,
  number: "VAL-000010",
  status: "refused",
  decided_at: "2026-11-18T10:00:00.000Z",
  decided_by_name: "Maël Kerjean",
  refusal_reason: "Budget du trimestre atteint",
};
const WITHDRAWN: ApprovalSummary = { ...SUMMARY, id: 9, number: "VAL-000009", status: "withdrawn" };

describe("the approvals list", () => {
  it("shows an approver « À valider » first, with who asked and why, then their own requests with French statuses", async () => {
    renderList({
      toDecide: section([SUMMARY], "approver"),
      mine: section([SUMMARY, APPROVED, REFUSED, WITHDRAWN], "requester"),
      showPrices: true,
    });
    const headings = await screen.findAllByRole("heading", { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(["À valider", "Mes demandes"]);

    const toDecide = screen.getByRole("table", { name: /Demandes à valider/ });
    const asked = within(toDecide).getByTestId("request-VAL-000012");
    expect(within(asked).getByRole("link", { name: "VAL-000012" }).getAttribute("href")).toBe("/mon-compte/validations/12");
    expect(asked.textContent).toContain("Gwen Le Bihan");
    expect(asked.textContent).toContain("Le demandeur n'a pas le droit de passer commande.");
    expect(normalized(asked.textContent)).toContain("Au-dessus de sa limite de 2 000,00 € HT par commande.");
    expect(normalized(asked.textContent)).toContain("3 lignes");
    expect(normalized(asked.textContent)).toContain("2 543,00 €");

    const mine = screen.getByRole("table", { name: /Mes demandes de validation/ });
    const row = (number: string) => normalized(within(mine).getByTestId(`request-${number}`).textContent);
    expect(row("VAL-000012")).toContain("en attente de validation");
    // To the requester, the rule is said in the second person.
    expect(row("VAL-000012")).toContain("La commande dépasse votre limite de 2 000,00 € HT par commande.");
    expect(row("VAL-000011")).toContain("validée par Maël Kerjean le 19 novembre 2026");
    expect(within(mine).getByRole("link", { name: "commande CMD-000077" }).getAttribute("href")).toBe("/mon-compte/commandes/77");
    expect(row("VAL-000010")).toContain("refusée");
    expect(row("VAL-000010")).toContain("Motif : « Budget du trimestre atteint »");
    expect(row("VAL-000009")).toContain("retirée");
  });

  it("shows no amount without prices, and no « À valider » to a person who approves nothing", async () => {
    const hidden = { ...SUMMARY, total_ht: null };
    renderList({ toDecide: null, mine: section([hidden], "requester"), showPrices: false });
    const mine = await screen.findByRole("table", { name: /Mes demandes de validation/ });
    expect(within(mine).queryByRole("columnheader", { name: "Total HT" })).toBeNull();
    expect(mine.textContent).not.toContain("—");
    expect(screen.queryByRole("heading", { name: "À valider" })).toBeNull();
  });

  it("says in French when there is nothing, and pages each list on its own parameter", async () => {
    renderList({
      toDecide: { ...section([], "approver"), query: "page=2" },
      mine: { ...section([SUMMARY], "requester", 2, 45), query: "" },
      showPrices: true,
    });
    expect(await screen.findByText("Aucune demande n'attend votre validation.")).toBeInstanceOf(HTMLElement);
    const pages = screen.getByRole("navigation", { name: "Pages de mes demandes" });
    expect(within(pages).getByRole("link", { name: "Page précédente" }).getAttribute("href")).toBe("/mon-compte/validations");
    expect(within(pages).getByRole("link", { name: "Page suivante" }).getAttribute("href")).toBe("/mon-compte/validations?page=3");
    cleanup();
    renderList({ toDecide: null, mine: section([], "requester"), showPrices: true });
    expect(normalized((await screen.findByRole("heading", { name: "Mes demandes" })).parentElement?.textContent)).toContain(
      "Vous n'avez envoyé aucune demande de validation.",
    );
  });
});

describe("one request", () => {
  const asApprover = approvalPage(DETAIL, { showPrices: true, callerId: APPROVER_ID });

  it("flags in words each line that changed since the request, and leaves the others alone", async () => {
    renderRequest(asApprover);
    const changed = await screen.findByTestId("request-line-GIL-150");
    expect(normalized(changed.textContent)).toContain("Prix modifié depuis la demande : 12,40 € → 13,10 €");
    expect(changed.textContent).toContain("Stock insuffisant aujourd'hui");
    expect(changed.className).toContain("request-lines__changed");
    const gone = screen.getByTestId("request-line-OLD-9");
    expect(gone.textContent).toContain("N'est plus commercialisé");
    expect(gone.textContent).not.toContain("Stock insuffisant");
    const same = screen.getByTestId("request-line-ANT-1");
    expect(same.className).toBe("");
    expect(within(same).queryByRole("list")).toBeNull();
    // The totals then and now (HT with its ecotax), and the change said.
    const totals = screen.getByTestId("request-totals");
    expect(normalized(totals.textContent)).toContain("2 544,20 €");
    expect(normalized(totals.textContent)).toContain("2 547,00 €");
    expect(normalized(screen.getByTestId("request-total-changed").textContent)).toBe(
      "Le total HT a changé depuis la demande : 2 544,20 € → 2 547,00 €.",
    );
    expect(screen.getByTestId("request-problems").textContent).toContain("OLD-9");
  });

  it("says who asked, when, their message, why, and where it goes", async () => {
    renderRequest(asApprover);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Demande de validation VAL-000012");
    const facts = normalized(screen.getByText("Demandée par").parentElement?.parentElement?.textContent);
    expect(facts).toContain("Gwen Le Bihan");
    expect(facts).toContain("20 novembre 2026");
    expect(facts).toContain("« Pour le chantier de la semaine prochaine. »");
    expect(screen.getByRole("heading", { name: "Pourquoi cette commande doit être validée" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText("Le demandeur n'a pas le droit de passer commande.")).toBeInstanceOf(HTMLElement);
    expect(screen.getByTestId("request-delivery").textContent).toContain("12 quai de la Fosse");
    expect(screen.getByTestId("request-invoicing").textContent).toContain("BP 42");
    expect(screen.getByText("Livrer au quai 3")).toBeInstanceOf(HTMLElement);
  });

  it("draws only the actions offered: approve (sending the total shown) and refuse to an approver", async () => {
    renderRequest(asApprover);
    const approve = (await screen.findByRole("button", { name: "Approuver" })).closest("form")!;
    expect(approve.getAttribute("method")).toBe("post");
    expect((approve.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe("approve");
    expect((approve.querySelector('input[name="total_ht"]') as HTMLInputElement).value).toBe("254580");
    const refuse = screen.getByRole("button", { name: "Refuser" }).closest("form")!;
    expect((within(refuse).getByLabelText(/Motif du refus/) as HTMLTextAreaElement).required).toBe(true);
    expect(screen.queryByRole("button", { name: "Retirer la demande" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remettre dans le panier" })).toBeNull();
  });

  it("offers the requester to withdraw a pending request, or to put a refused one back into the cart", async () => {
    const pending = approvalPage(
      { ...DETAIL, actions: { approve: false, refuse: false, withdraw: true, restore: false } },
      { showPrices: true, callerId: REQUESTER_ID },
    );
    renderRequest(pending);
    expect(await screen.findByRole("button", { name: "Retirer la demande" })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole("button", { name: "Approuver" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Pourquoi votre commande doit être validée" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText("Votre compte ne permet pas de passer commande : la commande doit être validée.")).toBeInstanceOf(HTMLElement);
    cleanup();
    const refused = approvalPage(
      {
        ...DETAIL,
        ...REFUSED,
        id: DETAIL.id,
        number: DETAIL.number,
        actions: { approve: false, refuse: false, withdraw: false, restore: true },
      },
      { showPrices: true, callerId: REQUESTER_ID },
    );
    renderRequest(refused);
    const restore = (await screen.findByRole("button", { name: "Remettre dans le panier" })).closest("form")!;
    expect((restore.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe("restore");
    expect(normalized(screen.getByText("Statut").nextElementSibling?.textContent)).toContain("Motif : « Budget du trimestre atteint »");
  });

  it("shows no action section when none is offered", async () => {
    renderRequest(
      approvalPage(
        { ...DETAIL, actions: { approve: false, refuse: false, withdraw: false, restore: false } },
        {
          showPrices: true,
          callerId: APPROVER_ID,
        },
      ),
    );
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("heading", { name: "Vos actions" })).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows no amount at all without prices, the flags that are not prices kept", async () => {
    const view = approvalPage(DETAIL_WITHOUT_PRICES, { showPrices: false, callerId: APPROVER_ID });
    renderRequest(view);
    const line = await screen.findByTestId("request-line-GIL-150");
    expect(line.textContent).toContain("Stock insuffisant aujourd'hui");
    expect(line.textContent).not.toContain("Prix modifié");
    const table = line.closest("table")!;
    expect(table.textContent).not.toContain("€");
    expect(within(table).queryByRole("columnheader", { name: /Prix unitaire/ })).toBeNull();
    expect(screen.queryByTestId("request-totals")).toBeNull();
    // Approving sends no total: none was shown.
    const approve = screen.getByRole("button", { name: "Approuver" }).closest("form")!;
    expect((approve.querySelector('input[name="total_ht"]') as HTMLInputElement).value).toBe("");
    // Even if the back-office sent amounts, a caller without `prices` is shown none.
    expect(approvalPage(DETAIL, { showPrices: false, callerId: APPROVER_ID }).lines.every((l) => l.unitPriceNow === null)).toBe(true);
  });
});

describe("the refusal form drawn again", () => {
  it("says why under the reason and keeps what was typed", () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <ApprovalActionForms
            number="VAL-000012"
            actions={{ approve: true, refuse: true, withdraw: false, restore: false }}
            approveTotalHt={254_580}
            answer={{
              ok: false,
              message: "Écrivez au moins 3 caractères.",
              errors: { motif: "Écrivez au moins 3 caractères." },
              values: { intent: "refuse", motif: "no" },
            }}
          />
        ),
      },
    ]);
    render(<Stub />);
    const reason = screen.getByLabelText(/Motif du refus/) as HTMLTextAreaElement;
    expect(reason.value).toBe("no");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(reason.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Écrivez au moins 3 caractères.");
  });
});

describe("an order placed by approval", () => {
  it("names the request, who asked and who approved", () => {
    render(
      <dl>
        <OrderApprovalFact
          approval={{
            number: "VAL-000012",
            requested_by: "Gwen Le Bihan",
            approved_by: "Maël Kerjean",
            approved_at: "2026-11-21T08:00:00.000Z",
          }}
        />
      </dl>,
    );
    expect(normalized(screen.getByTestId("order-approval").querySelector("dd")?.textContent)).toBe(
      "Demande VAL-000012 de Gwen Le Bihan, validée par Maël Kerjean le 21 novembre 2026",
    );
  });
});
