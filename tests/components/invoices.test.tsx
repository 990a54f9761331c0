// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { INVOICE_STATUSES } from "@shared/contracts/invoices";
import { InvoiceFilters } from "~/components/invoices/InvoiceFilters";
import { InvoiceOrderList } from "~/components/invoices/InvoiceOrderList";
import { InvoiceSummaryBlock } from "~/components/invoices/InvoiceSummaryBlock";
import { InvoiceTable } from "~/components/invoices/InvoiceTable";
import type { InvoiceFilterValues, InvoiceRow } from "~/services/invoices/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

/** Intl's French money has no-break spaces: compared with plain ones. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const late: InvoiceRow = {
  id: 41,
  number: "FA-2026-000041",
  kind: "facture",
  issuedOn: "2026-09-15",
  dueOn: "2026-10-31",
  orderId: 7,
  orderRef: "CMD-0007",
  customerRef: "Chantier Hiver",
  creditsNumber: null,
  totalHt: 102880,
  totalTtc: 123456,
  remaining: 23456,
  status: "en retard",
  daysOverdue: 20,
  platformStatus: { code: 207, label: "en litige", at: "2026-10-20T08:30:00.000Z" },
};

const credit: InvoiceRow = {
  ...late,
  id: 42,
  number: "AV-2026-000003",
  kind: "avoir",
  customerRef: "",
  creditsNumber: "FA-2026-000041",
  totalHt: 1000,
  totalTtc: 1200,
  remaining: 1200,
  status: "à imputer",
  daysOverdue: null,
  platformStatus: null,
};

const empty: InvoiceFilterValues = { du: "", au: "", statut: "", numero: "", commande: "", montant_min: "", montant_max: "" };

describe("the account's invoice components", () => {
  it("lists invoices in a captioned table: number, dates in words, order link, French amounts, the status in words", () => {
    renderAt(<InvoiceTable rows={[late, credit]} caption="Factures, page 1 sur 1" listQuery="statut=en+retard" />);
    const table = screen.getByRole("table", { name: "Factures, page 1 sur 1" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = rows[1]!;
    expect(within(first).getByRole("rowheader").textContent).toBe("FA-2026-000041");
    // The number opens the invoice's page; the platform's latest status is under the status.
    expect(within(first).getByRole("link", { name: "FA-2026-000041" }).getAttribute("href")).toBe("/mon-compte/factures/41");
    expect(first.textContent).toContain("Plateforme : en litige le 20 octobre 2026");
    expect(rows[2]!.textContent).not.toContain("Plateforme :");
    expect(first.textContent).toContain("15 septembre 2026");
    expect(first.textContent).toContain("31 octobre 2026");
    expect(within(first).getByRole("link", { name: "CMD-0007" }).getAttribute("href")).toBe("/mon-compte/commandes/7");
    expect(plain(first.textContent)).toContain("1 234,56 €");
    expect(plain(first.textContent)).toContain("234,56 €");
    expect(first.textContent).toContain("en retard de 20 jours");
    expect(within(first).getByRole("link", { name: "PDF de FA-2026-000041" }).getAttribute("href")).toBe("/mon-compte/factures/41.pdf");
    expect(rows[2]!.textContent).toContain("avoir sur FA-2026-000041");
    expect(rows[2]!.textContent).toContain("à imputer");
    for (const name of ["Numéro", "Date", "Échéance", "Commande", "Votre référence", "Total HT", "Total TTC", "Reste dû", "Statut"]) {
      expect(within(table).getByRole("columnheader", { name })).toBeInstanceOf(HTMLElement);
    }
  });

  it("selects invoices with labelled checkboxes inside a plain POST form to the ZIP route, the list's query kept", () => {
    const { container } = renderAt(<InvoiceTable rows={[late, credit]} caption="Factures" listQuery="statut=en+retard&page=2" />);
    const box = screen.getByRole("checkbox", { name: "Sélectionner la facture FA-2026-000041" }) as HTMLInputElement;
    expect(box.name).toBe("facture");
    expect(box.value).toBe("41");
    expect(screen.getByRole("checkbox", { name: "Sélectionner l'avoir AV-2026-000003" })).toBeInstanceOf(HTMLInputElement);
    const form = container.querySelector("form.invoice-selection") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/mon-compte/factures/archive.zip");
    expect((form.querySelector("input[name=filtres]") as HTMLInputElement).value).toBe("statut=en+retard&page=2");
    expect(within(form).getByRole("button", { name: "Télécharger la sélection (ZIP)" }).getAttribute("type")).toBe("submit");
  });

  it("sums up what remains owed and what is late, with counts", () => {
    renderAt(<InvoiceSummaryBlock summary={{ outstanding: 523456, overdue: 23456, overdueCount: 1, openCount: 3 }} />);
    const block = screen.getByRole("region", { name: "Votre situation" });
    expect(plain(block.textContent)).toContain("Montant restant dû5 234,56 € (3 factures à régler)");
    expect(plain(block.textContent)).toContain("Dont en retard234,56 € (1 facture en retard)");
  });

  it("filters with a GET form (no JavaScript needed), amounts typed in euros, showing what was ignored and why", () => {
    renderAt(
      <InvoiceFilters
        values={{ ...empty, statut: "perdue", montant_min: "150,50" }}
        notices={[{ field: "statut", message: "Statut inconnu : ce filtre est ignoré." }]}
        statuses={INVOICE_STATUSES}
      />,
    );
    const form = screen.getByRole("form", { name: "Filtrer les factures" });
    expect(form.getAttribute("method")).toBe("get");
    expect(within(form).getByRole("status").textContent).toContain("Statut inconnu");
    expect((screen.getByLabelText("Statut") as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Montant TTC minimum (€)") as HTMLInputElement).value).toBe("150,50");
    for (const [label, name] of [
      ["Du", "du"],
      ["Au", "au"],
      ["Numéro de facture", "numero"],
      ["Commande ou votre référence", "commande"],
      ["Montant TTC maximum (€)", "montant_max"],
    ] as const) {
      expect((screen.getByLabelText(label) as HTMLInputElement).name).toBe(name);
    }
    expect(within(screen.getByLabelText("Statut")).getAllByRole("option")).toHaveLength(INVOICE_STATUSES.length + 1);
  });

  it("lists an order's invoices linked to their pages, with their PDFs, or says there is none yet", () => {
    renderAt(
      <InvoiceOrderList
        invoices={[
          {
            id: 41,
            number: "FA-2026-000041",
            kind: "facture",
            issuedOn: "2026-09-15",
            totalTtc: 123456,
            status: "payée",
            daysOverdue: null,
          },
        ]}
        unavailable={false}
      />,
    );
    expect(screen.getByRole("link", { name: "Facture FA-2026-000041" }).getAttribute("href")).toBe("/mon-compte/factures/41");
    expect(screen.getByRole("link", { name: "PDF de FA-2026-000041" }).getAttribute("href")).toBe("/mon-compte/factures/41.pdf");
    expect(screen.getByRole("listitem").textContent).toContain("15 septembre 2026");
    cleanup();
    renderAt(<InvoiceOrderList invoices={[]} unavailable={false} />);
    expect(screen.getByText(/Aucune facture pour cette commande/)).toBeInstanceOf(HTMLElement);
  });
});
