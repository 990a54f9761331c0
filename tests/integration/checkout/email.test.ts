import { describe, expect, it } from "vitest";
import type { Order } from "@shared/contracts/api";
import { orderConfirmationEmail } from "~/services/checkout/email.server";

/**
 * The confirmation e-mail lists every amount its totals are made of, the direct-delivery fee
 * included, under French names (issue 24: 1 377,02 € of lines against 1 397,02 € of total).
 */

const line = (ref: string, title: string, qty: number, unit: number | null, port = false) => ({
  obj_id: 1,
  obj_ref: ref,
  obj_title: title,
  qty,
  prd_is_port: port,
  unit_price: unit,
  prd_ecotaxe: 0,
  line_total_ht: unit === null ? null : unit * qty,
});

const ORDER: Order = {
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

const cents = (text: string) => Number(text.replace(/[^\d-]/g, ""));
/** The text with the formatter's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the order confirmation e-mail", () => {
  it("lists the express fee, so that its lines add up to its HT total", () => {
    const text = plain(orderConfirmationEmail(ORDER, ["client@voilerie-atlantique.fr"], { taxExempt: false, showPrices: true }).text);
    expect(text).toContain("- Forfait livraison directe (express) : 20,00 €");
    expect(text).toContain("- Livraison directe : colis : 25,00 €");
    expect(text).not.toMatch(/PORT_/);
    const listed = text
      .split("\n")
      .filter((row) => row.startsWith("- "))
      .map((row) => cents(row.slice(row.lastIndexOf(" : "))));
    const total = (label: string) => cents(text.split("\n").find((row) => row.startsWith(`${label} : `)) ?? "");
    expect(listed.reduce((sum, amount) => sum + amount, 0)).toBe(total("Total HT"));
    expect(total("Produits HT") + total("Frais de port HT")).toBe(total("Total HT"));
    expect(total("Total HT") + total("TVA")).toBe(total("Total TTC"));
  });

  it("draws the lines as a table with headers, figures right-aligned", () => {
    const { html } = orderConfirmationEmail(ORDER, ["client@voilerie-atlantique.fr"], { taxExempt: false, showPrices: true });
    expect(html).toContain("<caption");
    expect(html).toContain('<th scope="col" style="text-align:right;white-space:nowrap">Quantité</th>');
    expect(html).toContain('<th scope="row" style="text-align:left;font-weight:normal">Forfait livraison directe (express)</th>');
    expect(html).not.toMatch(/PORT_/);
  });

  it("gives HT amounts only to a tax-exempt account, and no amount without prices", () => {
    const exempt = plain(orderConfirmationEmail(ORDER, ["a@b.fr"], { taxExempt: true, showPrices: true }).text);
    expect(exempt).toContain("Total HT (compte exonéré de TVA) : 1 397,02 €");
    expect(exempt).not.toContain("Total TTC");
    const hidden = orderConfirmationEmail(ORDER, ["a@b.fr"], { taxExempt: false, showPrices: false }).text;
    expect(hidden).not.toMatch(/€/);
    expect(hidden).toContain("- Forfait livraison directe (express)\n");
  });

  it("names the own code a line was ordered under beside its reference, in the text and the HTML", () => {
    const [jacket, antenna, ...shipping] = ORDER.lines;
    const coded: Order = {
      ...ORDER,
      lines: [{ ...jacket!, customer_code: "VA GIL #4 <é>" }, { ...antenna!, customer_code: null }, ...shipping],
    };
    const { text, html } = orderConfirmationEmail(coded, ["a@b.fr"], { taxExempt: false, showPrices: true });
    const productRows = plain(text)
      .split("\n")
      .filter((row) => row.startsWith("- ") && row.includes("réf."));
    expect(productRows).toEqual([
      "- Gilet (réf. GIL-100 · votre code : VA GIL #4 <é>) × 4 : 1 300,00 €",
      "- Antenne (réf. ANT-1) × 1 : 6,00 €",
    ]);
    expect(html).toContain(">Gilet (réf. GIL-100 · votre code : VA GIL #4 &#60;é&#62;)</th>");
    expect(html).toContain(">Antenne (réf. ANT-1)</th>");
    expect(html.match(/votre code/g)).toHaveLength(1);
  });

  it("has no own code when the order answer names none", () => {
    const { text, html } = orderConfirmationEmail(ORDER, ["a@b.fr"], { taxExempt: false, showPrices: false });
    expect(text).toContain("- Gilet (réf. GIL-100) × 4\n");
    expect(text).not.toContain("votre code");
    expect(html).not.toContain("votre code");
  });
});
