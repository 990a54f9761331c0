// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { InvoiceFacts, InvoiceLines, InvoicePayments, InvoicePlatformHistory, InvoiceTotals } from "~/components/invoices/InvoiceDetail";
import type { InvoicePageView } from "~/services/invoices/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const invoice: InvoicePageView = {
  id: 41,
  number: "FA-2026-000041",
  kind: "facture",
  issuedOn: "2026-09-15",
  saleOn: "2026-09-14",
  dueOn: "2026-10-31",
  paymentTerms: "45 jours fin de mois",
  orderId: 7,
  orderRef: "CMD-0007",
  customerRef: "Chantier Hiver",
  creditsNumber: null,
  status: "payée",
  daysOverdue: null,
  totalHt: 10350,
  totalEcotax: 150,
  totalVat: 2070,
  totalTtc: 12420,
  paid: 12420,
  remaining: 0,
  vat: [{ rate: 20, baseHt: 10350, vat: 2070 }],
  lines: [
    {
      position: 1,
      ref: "GIL-150",
      title: "Gilet autogonflant 150 N",
      qty: 2,
      unitListPrice: 5000,
      discountPct: 10,
      unitPrice: 4500,
      unitEcotax: 75,
      totalHt: 9150,
      vatRate: 20,
      isPort: false,
    },
    {
      position: 2,
      ref: "PORT",
      title: "Frais de port",
      qty: 1,
      unitListPrice: 1200,
      discountPct: 0,
      unitPrice: 1200,
      unitEcotax: 0,
      totalHt: 1200,
      vatRate: 20,
      isPort: true,
    },
  ],
  payments: [
    { paidOn: "2026-10-02", amount: 5000, method: "virement", reference: "VIR-88" },
    { paidOn: "2026-10-20", amount: 7420, method: "encaissement déclaré", reference: "Plateforme Atlantique" },
  ],
  creditNotes: [{ number: "AV-2026-000003", issuedOn: "2026-10-01", totalTtc: 1200 }],
  platformStatuses: [
    { code: 212, label: "encaissée", at: "2026-10-20T08:30:00.000Z", message: null, platform: "Plateforme Atlantique" },
    { code: 207, label: "en litige", at: "2026-09-20T14:05:00.000Z", message: "Quantité contestée", platform: "Plateforme Atlantique" },
  ],
};

describe("the invoice page's parts", () => {
  it("states kind, dates in words, terms, the order link, the status and the PDF link", () => {
    renderAt(<InvoiceFacts invoice={invoice} />);
    const text = plain(document.body.textContent);
    expect(text).toContain("Facture");
    expect(text).toContain("15 septembre 2026");
    expect(text).toContain("14 septembre 2026");
    expect(text).toContain("31 octobre 2026 (45 jours fin de mois)");
    expect(screen.getByRole("link", { name: "CMD-0007" }).getAttribute("href")).toBe("/mon-compte/commandes/7");
    expect(text).toContain("votre référence Chantier Hiver");
    expect(text).toContain("payée");
    expect(screen.getByRole("link", { name: "Télécharger le PDF de FA-2026-000041" }).getAttribute("href")).toBe(
      "/mon-compte/factures/41.pdf",
    );
  });

  it("names the invoice a credit note corrects, linked to the list on its number", () => {
    renderAt(<InvoiceFacts invoice={{ ...invoice, kind: "avoir", number: "AV-2026-000003", creditsNumber: "FA-2026-000041" }} />);
    expect(document.body.textContent).toContain("Avoir sur la facture FA-2026-000041");
    expect(screen.getByRole("link", { name: "FA-2026-000041" }).getAttribute("href")).toBe("/mon-compte/factures?numero=FA-2026-000041");
  });

  it("lists the lines with their unit price, discount, unit ecotax, total HT and VAT rate; shipping marked", () => {
    renderAt(<InvoiceLines invoice={invoice} />);
    const table = screen.getByRole("table", { name: "Lignes de la facture" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = plain(rows[1]!.textContent);
    expect(first).toContain("GIL-150 · Gilet autogonflant 150 N");
    for (const part of ["45,00 €", "10 %", "0,75 €", "91,50 €", "20 %"]) expect(first).toContain(part);
    expect(rows[2]!.textContent).toContain("frais de port");
    expect(within(table).getByRole("columnheader", { name: "Éco-participation unitaire" })).toBeInstanceOf(HTMLElement);
  });

  it("sums up with the ecotax inside the HT total, the VAT per rate, the TTC, what is paid and what remains", () => {
    renderAt(<InvoiceTotals invoice={invoice} />);
    const text = plain(document.body.textContent);
    expect(text).toContain("Total HT103,50 €");
    expect(text).toContain("dont éco-participation1,50 €");
    expect(text).toContain("TVA 20 % sur 103,50 €20,70 €");
    expect(text).toContain("Total TTC124,20 €");
    expect(text).toContain("Déjà payé124,20 €");
    expect(text).toContain("Reste dû0,00 €");
  });

  it("lists the payments, the declared collection among them, and the credit notes", () => {
    renderAt(<InvoicePayments invoice={invoice} />);
    const text = plain(document.body.textContent);
    expect(text).toContain("2 octobre 2026 · 50,00 € · virement · VIR-88");
    expect(text).toContain("20 octobre 2026 · 74,20 € · encaissement déclaré · Plateforme Atlantique");
    expect(screen.getByRole("link", { name: "Avoir AV-2026-000003" }).getAttribute("href")).toBe(
      "/mon-compte/factures?numero=AV-2026-000003",
    );
    cleanup();
    renderAt(<InvoicePayments invoice={{ ...invoice, payments: [], creditNotes: [] }} />);
    expect(document.body.textContent).toContain("Aucun paiement enregistré pour l'instant.");
  });

  it("shows the platform's statuses newest first, dated, with the platform and its message", () => {
    renderAt(<InvoicePlatformHistory invoice={invoice} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("strong")?.textContent)).toEqual(["encaissée", "en litige"]);
    expect(items[1]!.textContent).toContain("(207)");
    expect(items[1]!.textContent).toContain("20 septembre 2026 à 16:05");
    expect(items[1]!.textContent).toContain("Quantité contestée");
    expect(items[0]!.querySelector("time")?.getAttribute("dateTime")).toBe("2026-10-20T08:30:00.000Z");
    cleanup();
    renderAt(<InvoicePlatformHistory invoice={{ ...invoice, platformStatuses: [] }} />);
    expect(document.body.textContent).toContain("n'a transmis aucun statut");
  });
});
