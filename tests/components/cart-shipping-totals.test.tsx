// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AddToCartModal } from "~/components/cart/AddToCartModal";
import CartPage from "~/routes/_app.mon-panier._index";
import SummaryStep from "~/routes/_app.commander.recapitulatif";
import FinishStep from "~/routes/_app.commander.terminer";
import DeliveryStep from "~/routes/_app.commander.livraison";
import type { Order } from "@shared/contracts/api";
import type { CartView } from "~/services/cart/types";
import type { SummaryView } from "~/services/checkout/types";
import { CART_LINE, CART_VIEW, SHIPPING_LINE } from "./cart-view-fixtures";

/**
 * Issue 24, « honest shipping lines »: every amount that makes a total is a visible line, in
 * French words, on the cart, the delivery step, the summary and the confirmation; the options
 * say what they add; stock shortfalls are said before the order; tables read as tables.
 */

afterEach(cleanup);

/** "1 234,56 €" (narrow no-break spaces and all) → 123456. */
const cents = (text: string | null | undefined) => Number((text ?? "").replace(/[^\d-]/g, ""));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The cells of one column of a table, found by its header's text, for every body row. */
function column(table: HTMLElement, header: string): string[] {
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent?.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(" | ")}`);
  return [...table.querySelectorAll("tbody tr")].map((row) => row.children[index]?.textContent ?? "");
}

// A cart with direct delivery on: its lines and its fee; totals as computeTotals gives them.
const LDD_VIEW: CartView = {
  ...CART_VIEW,
  lddActive: true,
  lddPrice: 2000,
  lines: [
    CART_LINE,
    {
      ...CART_LINE,
      lineId: "l-2",
      ref: "ANT00001",
      title: "Antenne VHF",
      qty: 1,
      unitPrice: 7702,
      listPrice: 7702,
      lineTotal: 7702,
      ecotaxe: 0,
    },
  ],
  shippingLines: [
    { ...SHIPPING_LINE, lineId: "port-PORT_DS_AUTRE", ref: "PORT_DS_AUTRE", title: "PORT_DS_AUTRE", unitPrice: 2500, lineTotal: 2500 },
    {
      ...SHIPPING_LINE,
      lineId: "port-PORT_DS_ANTENNE",
      ref: "PORT_DS_ANTENNE",
      title: "Livraison directe antenne",
      unitPrice: 4500,
      lineTotal: 4500,
    },
  ],
  totals: { productsHt: 50_462, shippingHt: 9000, totalHt: 59_462, ecotaxe: 24, tva: 11_892, ttc: 71_354 },
  optionCosts: { ldd: 6500, saturday: 0 },
};

function renderCart(view: CartView) {
  const Stub = createRemixStub([
    { path: "/mon-panier", Component: CartPage, loader: () => ({ view, confirmingClear: false, canRequestQuote: false }) },
  ]);
  render(<Stub initialEntries={["/mon-panier"]} />);
}

describe("the cart's lines add up to its totals", () => {
  it("lists the direct-delivery fee among the shipping lines, so the lines make the HT total", async () => {
    renderCart(LDD_VIEW);
    const table = await screen.findByRole("table");
    expect(screen.getByTestId("shipping-line-LDD").textContent).toContain("Forfait livraison directe (express)");
    const totals = column(table, "Total HT").map(cents);
    expect(sum(totals)).toBe(cents(screen.getByTestId("total-ht").textContent));
    expect(cents(screen.getByTestId("total-products").textContent) + cents(screen.getByTestId("total-shipping").textContent)).toBe(
      cents(screen.getByTestId("total-ht").textContent),
    );
    // The ecotax is inside the HT total (decision 0161): HT + VAT = TTC, and « dont éco-participation » under the HT.
    const taxes = ["total-ht", "total-tva"].map((id) => cents(screen.getByTestId(id).textContent));
    expect(sum(taxes)).toBe(cents(screen.getByTestId("total-ttc").textContent));
    expect(screen.getByTestId("total-ecotaxe").previousElementSibling?.textContent).toBe("dont éco-participation");
    // The ecotax column holds the part of each line total that is ecotax: they add up to the ecotax total.
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers.indexOf("Dont éco-participation")).toBe(headers.indexOf("Total HT") + 1);
    expect(sum(column(table, "Dont éco-participation").map(cents))).toBe(cents(screen.getByTestId("total-ecotaxe").textContent));
  });

  it("names shipping lines in French, never by their codes", async () => {
    renderCart(LDD_VIEW);
    await screen.findByRole("table");
    expect(screen.getByTestId("shipping-line-PORT_DS_AUTRE").textContent).toContain("Livraison directe : colis");
    expect(document.body.textContent).not.toMatch(/PORT_/);
  });

  it("says free shipping in words beside paid lines, not « 0,00 € »", async () => {
    renderCart({
      ...CART_VIEW,
      shippingLines: [
        { ...SHIPPING_LINE, ref: "PORT_FRANCO", lineId: "port-PORT_FRANCO", unitPrice: 0, lineTotal: 0 },
        { ...SHIPPING_LINE, ref: "PORT_SUPP_CORSE", lineId: "port-PORT_SUPP_CORSE", unitPrice: 1500, lineTotal: 1500 },
      ],
      totals: { productsHt: 42_760, shippingHt: 1500, totalHt: 44_260, ecotaxe: 24, tva: 8852, ttc: 53_112 },
    });
    await screen.findByRole("table");
    expect(screen.queryByTestId("shipping-line-PORT_FRANCO")).toBeNull();
    expect(screen.getByTestId("franco-note").textContent).toMatch(/Franco de port atteint pour les colis/);
    expect(document.body.textContent).not.toMatch(/Franco de port\s*0,00/);
  });

  it("says what each option adds to the shipping, computed, not the fee alone", async () => {
    renderCart({ ...LDD_VIEW, todayIsFriday: true, optionCosts: { ldd: 6500, saturday: 3000 } });
    const ldd = await screen.findByRole("checkbox", { name: /Livraison directe/ });
    expect(ldd.closest("label")?.textContent?.replace(/\s/g, " ")).toMatch(
      /ajoute 65,00 € HT aux frais de port, forfait de 20,00 € compris/,
    );
    expect(screen.getByTestId("saturday-cost").textContent?.replace(/\s/g, " ")).toMatch(
      /ajoute 30,00 € HT aux frais de port, facturée pour une commande passée aujourd'hui \(vendredi\)/,
    );
  });

  it("tells an eligible account how far free shipping is", async () => {
    renderCart({ ...CART_VIEW, freeShipping: { missing: 1400, othersCharged: false } });
    expect((await screen.findByTestId("free-shipping")).textContent?.replace(/\s/g, " ")).toBe(
      "Plus que 14,00 € HT d'achats pour la livraison gratuite des colis.",
    );
  });

  it("says what the stock cannot serve now, on the cart's line", async () => {
    const availability = { ordered: 500, availableNow: 3, toFollow: 497, refillDate: "2026-12-04", refillQty: 40, partialDelivery: false };
    renderCart({ ...CART_VIEW, lines: [{ ...CART_LINE, qty: 500, availability }] });
    const notice = within(await screen.findByTestId("cart-line-AVF1500001")).getByTestId("stock-notice");
    expect(notice.textContent).toContain("Seulement 3 disponibles maintenant sur 500 demandées.");
    expect(notice.textContent).toContain("40 attendues au réapprovisionnement prévu le 4 décembre 2026");
    expect(notice.textContent).toContain("Vous pouvez l'accepter à l'étape « Consignes ».");
  });
});

describe("the add-to-cart modal", () => {
  it("says the shortfall and how far free shipping is", () => {
    const availability = { ordered: 500, availableNow: 3, toFollow: 497, refillDate: null, refillQty: null, partialDelivery: true };
    const added = {
      ok: true as const,
      product: { ref: "AVF1500001", title: "Gilet", image: null },
      qtyAdded: 500,
      qtyInCart: 500,
      cartCount: 1,
      totalHt: 4000,
      totalTtc: 4800,
      availability,
      freeShipping: { missing: 1000, othersCharged: true },
    };
    const Stub = createRemixStub([{ path: "/", Component: () => <AddToCartModal added={added} onClose={() => undefined} /> }]);
    render(<Stub />);
    const dialog = screen.getByTestId("add-to-cart-modal");
    const notice = within(dialog).getByTestId("stock-notice");
    expect(notice.textContent).toBe(
      "Seulement 3 disponibles maintenant sur 500 demandées. 497 unités manquantes : date de réapprovisionnement encore inconnue. Livraison partielle acceptée : les 3 disponibles partent d'abord, le reste suit en reliquat.",
    );
    expect(dialog.getAttribute("aria-describedby")).toBe(notice.id);
    expect(within(dialog).getByTestId("free-shipping").textContent?.replace(/\s/g, " ")).toBe(
      "Plus que 10,00 € HT d'achats pour la livraison gratuite des colis (moteurs et antennes restent facturés).",
    );
  });
});

const STEPS = [
  { step: "livraison", label: "Livraison", path: "/commander/livraison", reachable: true },
  { step: "consignes", label: "Consignes", path: "/commander/consignes", reachable: true },
  { step: "recapitulatif", label: "Récapitulatif", path: "/commander/recapitulatif", reachable: true },
  { step: "terminer", label: "Confirmation", path: "/commander/terminer", reachable: false },
];

describe("the delivery step", () => {
  it("lists the fee with the lines, in French, and they make the shipping total", async () => {
    const page = {
      steps: STEPS,
      addresses: [],
      selectedId: null,
      invoicing: null,
      countries: [{ code: "FR", name: "France" }],
      view: LDD_VIEW,
    };
    const Stub = createRemixStub([{ path: "/commander/livraison", Component: DeliveryStep, loader: () => page }]);
    render(<Stub initialEntries={["/commander/livraison"]} />);
    const list = await screen.findByTestId("shipping-lines");
    const amounts = within(list)
      .getAllByRole("listitem")
      .map((item) => cents(item.querySelector(".money")?.textContent));
    expect(sum(amounts)).toBe(cents(screen.getByTestId("total-shipping").textContent));
    expect(screen.getByTestId("shipping-ldd").textContent).toContain("Forfait livraison directe (express)");
    expect(document.body.textContent).not.toMatch(/PORT_/);
  });
});

describe("the summary", () => {
  const availability = { ordered: 4, availableNow: 1, toFollow: 3, refillDate: "2026-12-04", refillQty: null, partialDelivery: true };
  const summary: SummaryView = {
    cart: { ...LDD_VIEW, lines: [{ ...CART_LINE, qty: 4, lineTotal: 85520, ecotaxe: 48, availability }, ...LDD_VIEW.lines.slice(1)] },
    delivery: null,
    invoicing: null,
    ref: "",
    comments: "",
    notes: "",
    partialDelivery: true,
    saturdayCharged: false,
    problems: [],
    budget: null,
    confirm: { version: 4, key: "cmd-key-12345" },
    request: null,
  };
  const withTotals: SummaryView = {
    ...summary,
    cart: { ...summary.cart, totals: { productsHt: 93_222, shippingHt: 9000, totalHt: 102_222, ecotaxe: 48, tva: 20_444, ttc: 122_666 } },
  };

  function renderSummary() {
    const Stub = createRemixStub([
      { path: "/commander/recapitulatif", Component: SummaryStep, loader: () => ({ steps: STEPS, summary: withTotals }) },
    ]);
    render(<Stub initialEntries={["/commander/recapitulatif"]} />);
  }

  it("is a table that reads: a caption, column headers, one cell per figure, figures aligned", async () => {
    renderSummary();
    const table = await screen.findByRole("table", { name: "Produits commandés" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Produit", "Prix unitaire HT", "Quantité", "Total HT", "Dont éco-participation"]);
    const row = within(table).getByTestId("summary-line-AVF1500001");
    expect(within(row).getByRole("rowheader").textContent).toContain("Gilet autogonflant 150 N");
    const cells = within(row).getAllByRole("cell");
    // A reduced unit price shows the public price struck under it, as in the cart (issue 36).
    expect(cells.map((cell) => cell.textContent?.replace(/\s/g, " "))).toEqual(["213,68 €284,90 €", "4", "855,20 €", "0,48 €"]);
    for (const cell of cells) expect(cell.className).toBe("checkout-table__number");
    const css = readFileSync("app/styles/checkout.css", "utf8");
    expect(css).toMatch(/\.checkout-table \.checkout-table__number \{[^}]*text-align: right;[^}]*font-variant-numeric: tabular-nums;/);
  });

  it("has product lines and shipping lines that add up to the HT total", async () => {
    renderSummary();
    const table = await screen.findByRole("table", { name: "Produits commandés" });
    const products = sum(column(table, "Total HT").map(cents));
    const shipping = sum(
      within(screen.getByTestId("shipping-lines"))
        .getAllByRole("listitem")
        .map((item) => cents(item.querySelector(".money")?.textContent)),
    );
    expect(products + shipping).toBe(cents(screen.getByTestId("total-ht").textContent));
  });

  it("says what the stock cannot serve, with the partial delivery chosen", async () => {
    renderSummary();
    const notice = within(await screen.findByTestId("summary-line-AVF1500001")).getByTestId("stock-notice");
    expect(notice.textContent).toBe(
      "Seulement 1 disponible maintenant sur 4 demandées. 3 unités manquantes : réapprovisionnement prévu le 4 décembre 2026. Livraison partielle acceptée : l'unité disponible part d'abord, le reste suit en reliquat.",
    );
  });
});

describe("the confirmation page", () => {
  const line = (ref: string, title: string, qty: number, unit: number, port = false) => ({
    obj_id: 1,
    obj_ref: ref,
    obj_title: title,
    qty,
    prd_is_port: port,
    unit_price: unit,
    prd_ecotaxe: 0,
    line_total_ht: unit * qty,
  });
  // Issue 24's order: 1 377,02 € of lines against 1 397,02 € of total, the express fee missing.
  const order: Order = {
    ord_id: 9,
    ord_ref: "CMD-000009",
    org_id: 1,
    usr_id: 1,
    usr_name: "Maël Kerjean",
    created_at: "2026-11-20T10:00:00.000Z",
    status: "confirmée",
    cart_ref: "",
    comments: "",
    notes: "",
    partialDelivery: false,
    saturday: false,
    ldd_active: true,
    dlv_address: null,
    inv_address: null,
    lines: [
      line("GIL-100", "Gilet", 4, 32_500),
      line("ANT-1", "Antenne", 1, 600),
      line("PORT_DS_AUTRE", "PORT_DS_AUTRE", 1, 2_500, true),
      line("PORT_DS_ANTENNE", "Livraison directe antenne", 1, 4_602, true),
    ],
    ord_total_ht: 139_702,
    ord_total_ecotaxe: 0,
    ord_total_tva: 27_940,
    ord_total_ttc: 167_642,
  };

  function renderFinish(taxExempt: boolean) {
    const Stub = createRemixStub([
      { path: "/commander/terminer", Component: FinishStep, loader: () => ({ steps: STEPS, order, taxExempt, showPrices: true }) },
    ]);
    render(<Stub initialEntries={["/commander/terminer"]} />);
  }

  it("lists every amount of the total, the express fee included, in a table that reads", async () => {
    renderFinish(false);
    const table = await screen.findByRole("table", { name: "Produits et frais de port de la commande" });
    expect(screen.getByTestId("order-shipping-ldd").textContent?.replace(/\s/g, " ")).toBe(
      "Forfait livraison directe (express)20,00 €120,00 €",
    );
    expect(sum(column(table, "Total HT").map(cents))).toBe(cents(screen.getByTestId("order-total-ht").textContent));
    const taxes = ["order-total-ht", "order-total-tva"].map((id) => cents(screen.getByTestId(id).textContent));
    expect(sum(taxes)).toBe(cents(screen.getByTestId("order-total-ttc").textContent));
    expect(document.body.textContent).not.toMatch(/PORT_/);
  });

  it("shows HT amounts only to a tax-exempt account", async () => {
    renderFinish(true);
    await screen.findByTestId("order-total-ht");
    expect(screen.queryByTestId("order-total-ttc")).toBeNull();
    expect(screen.queryByTestId("order-total-tva")).toBeNull();
  });
});
