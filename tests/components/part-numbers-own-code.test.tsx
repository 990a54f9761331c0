// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Order } from "@shared/contracts/api";
import { OrderReceipt } from "~/components/checkout/OrderReceipt";
import { SummaryLines } from "~/components/checkout/SummaryLines";
import { QuickOrderReport } from "~/components/quick-order/QuickOrderReport";
import CartPage from "~/routes/_app.mon-panier._index";
import type { CartLineView, CartView } from "~/services/cart/types";
import { CART_LINE, CART_VIEW } from "./cart-view-fixtures";

/**
 * The organization's own code beside the reference (docs/part-numbers-portal.md): « Réf. X ·
 * votre code Y » on a cart line and a summary line, nothing more for a product without one;
 * the quick order's report names a product typed as its code by both.
 */

afterEach(cleanup);

function renderCart(lines: CartLineView[]) {
  const view: CartView = { ...CART_VIEW, lines };
  const Stub = createRemixStub([{ path: "/mon-panier", Component: CartPage, loader: () => ({ view, confirmingClear: false }) }]);
  render(<Stub initialEntries={["/mon-panier"]} />);
}

const referenceText = (row: HTMLElement) => row.querySelector(".cart-line__product .muted")?.textContent;

describe("the own code on a cart line", () => {
  it("follows the reference, and is absent for a line without one", async () => {
    renderCart([
      { ...CART_LINE, ownCode: "VA-CORD-08" },
      { ...CART_LINE, lineId: "l-2", productId: 2, ref: "MAN00002", ownCode: null },
    ]);
    const coded = await screen.findByTestId("cart-line-AVF1500001");
    expect(referenceText(coded)).toBe("Réf. AVF1500001 · votre code VA-CORD-08");
    expect(coded.querySelector(".own-code__value")?.textContent).toBe("VA-CORD-08");
    const plain = screen.getByTestId("cart-line-MAN00002");
    expect(referenceText(plain)).toBe("Réf. MAN00002");
    expect(plain.querySelector(".own-code")).toBeNull();
  });
});

describe("the own code elsewhere", () => {
  it("follows the reference on a summary line", () => {
    render(<SummaryLines lines={[{ ...CART_LINE, ownCode: "VA-CORD-08" }]} />);
    const header = screen.getByRole("rowheader");
    expect(header.querySelector(".muted")?.textContent).toBe("Réf. AVF1500001 · votre code VA-CORD-08");
  });

  it("follows the reference on the confirmation page's lines, as the line was ordered", async () => {
    const line = { qty: 1, prd_is_port: false, unit_price: 1_000, prd_ecotaxe: 0, line_total_ht: 1_000 };
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
      ldd_active: false,
      dlv_address: null,
      inv_address: null,
      lines: [
        { ...line, obj_id: 1, obj_ref: "AVF1500001", obj_title: "Gilet", customer_code: "VA GIL #4" },
        { ...line, obj_id: 2, obj_ref: "MAN00002", obj_title: "Manille", customer_code: null },
      ],
      ord_total_ht: 2_000,
      ord_total_ecotaxe: 0,
      ord_total_tva: 400,
      ord_total_ttc: 2_400,
    };
    const Stub = createRemixStub([{ path: "/", Component: () => <OrderReceipt order={order} taxExempt={false} showPrices /> }]);
    render(<Stub />);
    const coded = await screen.findByTestId("order-line-AVF1500001");
    expect(coded.querySelector("th .muted")?.textContent).toBe("Réf. AVF1500001 · votre code VA GIL #4");
    const plain = screen.getByTestId("order-line-MAN00002");
    expect(plain.querySelector("th .muted")?.textContent).toBe("Réf. MAN00002");
    expect(plain.querySelector(".own-code")).toBeNull();
  });

  it("names a product the quick order added from its own code by its reference and the code", async () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <QuickOrderReport
            report={{
              added: [
                { ref: "AVF1500001", title: "Gilet", qty: 2, ownCode: "VA-CORD-08" },
                { ref: "MAN00002", title: "Manille", qty: 1, ownCode: null },
              ],
              refused: [],
              unlisted: 0,
            }}
          />
        ),
      },
    ]);
    render(<Stub />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Gilet (AVF1500001 · votre code VA-CORD-08) : 2", "Manille (MAN00002) : 1"]);
  });
});
