// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderDetail } from "@shared/contracts/orders";
import { orderPageAmounts } from "@shared/domain/order-amounts";
import { BackorderTable } from "~/components/orders/BackorderTable";
import { OrderFilters } from "~/components/orders/OrderFilters";
import { OrderLines } from "~/components/orders/OrderFollowUp";
import { OrderTable } from "~/components/orders/OrderTable";
import type { BackorderRow, OrderFilterValues, OrderRow } from "~/services/orders/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const row: OrderRow = {
  id: 7,
  number: "CMD-0007",
  createdAt: "2026-11-18T09:30:00.000Z",
  customerRef: "Chantier Hiver",
  placedBy: "par Yann Le Gall pour Voilerie Atlantique",
  status: "expédiée partiellement",
  lineCount: 3,
  backorderCount: 1,
  totalHt: 123456,
  ecotaxe: 0,
  tva: 24691,
  totalTtc: 148147,
};

const empty: OrderFilterValues = { du: "", au: "", statut: "", reference: "", produit: "", auteur: "" };

const backorder: BackorderRow = {
  orderId: 7,
  orderNumber: "CMD-0007",
  orderDate: "2026-11-18T09:30:00.000Z",
  customerRef: "",
  productId: 42,
  productRef: "ANT-1",
  productTitle: "Antenne VHF",
  ordered: 5,
  shipped: 2,
  backorder: 3,
  state: "en attente",
  expectedDate: "2026-12-03",
  unitPrice: 1999,
  request: null,
  canRequestCancellation: true,
};

describe("the account's order components", () => {
  it("lists an order with its link, « par X pour Y » and amounts; no amount column without prices", () => {
    renderAt(<OrderTable rows={[row]} showPrices caption="Commandes" />);
    expect(screen.getByRole("link", { name: "CMD-0007" }).getAttribute("href")).toBe("/mon-compte/commandes/7");
    expect(screen.getByText("par Yann Le Gall pour Voilerie Atlantique")).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole("columnheader", { name: "Total TTC" })).toBeInstanceOf(HTMLElement);
    cleanup();
    renderAt(<OrderTable rows={[{ ...row, totalHt: null, totalTtc: null }]} showPrices={false} caption="Commandes" />);
    expect(screen.queryByRole("columnheader", { name: "Total TTC" })).toBeNull();
    expect(screen.queryByText("—")).toBeNull();
  });

  it("filters with a GET form (no JavaScript needed), showing what was ignored and why", () => {
    renderAt(
      <OrderFilters
        values={{ ...empty, statut: "perdue", du: "2026-02-30" }}
        notices={[{ field: "statut", message: "Statut inconnu : ce filtre est ignoré." }]}
        statuses={ORDER_STATUSES}
        authors={[{ id: 3, name: "Yann Le Gall" }]}
      />,
    );
    const form = screen.getByRole("form", { name: "Filtrer les commandes" });
    expect(form.getAttribute("method")).toBe("get");
    expect(within(form).getByRole("status").textContent).toContain("Statut inconnu");
    expect((screen.getByLabelText("Statut") as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Du") as HTMLInputElement).getAttribute("name")).toBe("du");
    expect(within(screen.getByLabelText("Passée par")).getByRole("option", { name: "Yann Le Gall" }).getAttribute("value")).toBe("3");
  });

  it("offers the cancellation request as a plain POST form, with the expected date", () => {
    renderAt(<BackorderTable rows={[backorder]} caption="Reliquats" showPrices grouping="produit" />);
    expect(screen.getByText("3 décembre 2026")).toBeInstanceOf(HTMLElement);
    const reason = screen.getByLabelText("Raison de la demande");
    const form = reason.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/mon-compte/reliquats");
    const data = new FormData(form);
    expect(data.get("ord_id")).toBe("7");
    expect(data.get("obj_id")).toBe("42");
    cleanup();
    // Drawn again after a refusal: this row's form open, with the reason and what was typed.
    const refusal = {
      ok: false,
      message: "Raison trop courte.",
      errors: { reason: "Indiquez la raison de votre demande (au moins 3 caractères)." },
      values: { ord_id: "7", obj_id: "42", reason: "x" },
    };
    renderAt(
      <BackorderTable
        rows={[backorder, { ...backorder, productId: 43, productRef: "ANT-2" }]}
        caption="Reliquats"
        showPrices
        grouping="commande"
        refusal={refusal}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Indiquez la raison de votre demande (au moins 3 caractères).");
    const fields = screen.getAllByLabelText("Raison de la demande") as HTMLTextAreaElement[];
    expect(fields.map((field) => field.value)).toEqual(["x", ""]);
    expect(fields[0]!.getAttribute("aria-invalid")).toBe("true");
    expect(fields[0]!.closest("details")!.open).toBe(true);
    expect(fields[1]!.closest("details")!.open).toBe(false);
    cleanup();
    renderAt(
      <BackorderTable
        rows={[
          {
            ...backorder,
            canRequestCancellation: false,
            request: { status: "en attente", requestedAt: "2026-11-19T10:00:00.000Z", requestedBy: "Voilerie Atlantique", answer: null },
          },
        ]}
        caption="Reliquats"
        showPrices={false}
        grouping="commande"
      />,
    );
    expect(screen.queryByLabelText("Raison de la demande")).toBeNull();
    expect(screen.getByText(/en attente de réponse/)).toBeInstanceOf(HTMLElement);
  });

  it("names the MMSI certificates a line was ordered with", () => {
    const line: OrderDetail["lines"][number] = {
      obj_id: 42,
      obj_ref: "BAL-AIS-1",
      obj_title: "Balise AIS de détresse",
      ordered: 2,
      shipped: 2,
      cancelled: 0,
      remaining: 0,
      backorder: null,
      unit_price: 24900,
      prd_ecotaxe: 0,
      line_total_ht: 49800,
      certificates: [
        { cer_id: "c1", mmsi: "227123450", file_name: "licence-1.pdf" },
        { cer_id: "c2", mmsi: "227123460", file_name: "licence-2.pdf" },
      ],
      cancellation_request: null,
    };
    const order = {
      lines: [line, { ...line, obj_id: 43, obj_ref: "GIL-1", obj_title: "Gilet", certificates: [] }],
      shipping_lines: [],
      options: { partialDelivery: true, saturday: false, ldd_active: false },
      ord_total_ht: 99600,
    } as unknown as OrderDetail;
    renderAt(<OrderLines order={order} amounts={orderPageAmounts(order)} showPrices={false} />);
    expect(screen.getByRole("rowheader", { name: /BAL-AIS-1/ }).textContent).toContain("certificats MMSI : 227123450, 227123460");
    expect(screen.getByRole("rowheader", { name: /GIL-1/ }).textContent).not.toContain("certificats");
  });

  it("shows every amount of the HT total as a line, the express fee included, shipping under French names", () => {
    const line = {
      obj_id: 7,
      obj_ref: "TRC00004",
      obj_title: "Traceur",
      ordered: 1,
      shipped: 0,
      cancelled: 0,
      remaining: 1,
      backorder: null,
      unit_price: 100000,
      prd_ecotaxe: 0,
      line_total_ht: 100000,
      certificates: [],
      cancellation_request: null,
    };
    const order = {
      lines: [line],
      shipping_lines: [{ obj_ref: "PORT_DS_AUTRE", obj_title: "PORT_DS_AUTRE", amount_ht: 3700 }],
      options: { partialDelivery: true, saturday: false, ldd_active: true },
      ord_total_ht: 105700,
    } as unknown as OrderDetail;
    renderAt(<OrderLines order={order} amounts={orderPageAmounts(order)} showPrices />);
    expect(screen.queryByText("PORT_DS_AUTRE")).toBeNull();
    const fee = screen.getByTestId("order-shipping-ldd");
    expect(fee.textContent).toContain("Forfait livraison directe (express)");
    expect(fee.textContent).toContain("20,00");
    cleanup();
    renderAt(<OrderLines order={order} amounts={orderPageAmounts(order)} showPrices={false} />);
    expect(screen.queryByTestId("order-shipping-ldd")).toBeNull();
  });
});
