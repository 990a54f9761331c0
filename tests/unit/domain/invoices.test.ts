import { describe, expect, it } from "vitest";
import {
  addDaysTo,
  belgianVatNumber,
  daysBetween,
  discountPercent,
  dueDate,
  endOfMonth,
  frenchVatNumber,
  invoiceNumberOf,
  invoiceStatusOn,
  invoiceTotals,
  luhnValid,
  paymentTermsLabel,
  vatExemptionOf,
  vatPercentOf,
  withLuhnDigit,
} from "@shared/domain/index";

describe("due dates from payment terms", () => {
  it("adds the days, then goes to the end of that month for « fin de mois »", () => {
    expect(dueDate("2026-11-20", { days: 30, endOfMonth: false })).toBe("2026-12-20");
    expect(dueDate("2026-11-20", { days: 60, endOfMonth: false })).toBe("2027-01-19");
    // 45 days after 20 November is 4 January, then the end of January.
    expect(dueDate("2026-11-20", { days: 45, endOfMonth: true })).toBe("2027-01-31");
    expect(dueDate("2026-01-15", { days: 30, endOfMonth: true })).toBe("2026-02-28");
    expect(dueDate("2028-01-30", { days: 30, endOfMonth: true })).toBe("2028-02-29");
    expect(dueDate("2026-11-20", { days: 0, endOfMonth: false })).toBe("2026-11-20");
  });

  it("names the terms in French", () => {
    expect(paymentTermsLabel({ days: 0, endOfMonth: false })).toBe("comptant");
    expect(paymentTermsLabel({ days: 30, endOfMonth: false })).toBe("30 jours");
    expect(paymentTermsLabel({ days: 45, endOfMonth: true })).toBe("45 jours fin de mois");
    expect(paymentTermsLabel({ days: 0, endOfMonth: true })).toBe("fin de mois");
  });

  it("counts days across months and years", () => {
    expect(addDaysTo("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysTo("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-20", "2026-12-20")).toBe(30);
    expect(daysBetween("2026-12-20", "2026-11-20")).toBe(-30);
    expect(endOfMonth("2026-02-10")).toBe("2026-02-28");
    expect(() => addDaysTo("2026-02-30", 1)).toThrow("Date invalide");
  });
});

describe("an invoice's status on a day", () => {
  const invoice = { kind: "facture" as const, total_ttc: 12_000, due_on: "2026-12-20" };
  it("is « à payer », « payée partiellement », « payée » before its due date", () => {
    expect(invoiceStatusOn({ ...invoice, paid: 0 }, "2026-11-20")).toEqual({ status: "à payer", days_overdue: null });
    expect(invoiceStatusOn({ ...invoice, paid: 5_000 }, "2026-11-20")).toEqual({ status: "payée partiellement", days_overdue: null });
    expect(invoiceStatusOn({ ...invoice, paid: 12_000 }, "2026-11-20")).toEqual({ status: "payée", days_overdue: null });
  });

  it("is « en retard » the day after its due date, with the days counted, paid in part or not", () => {
    expect(invoiceStatusOn({ ...invoice, paid: 0 }, "2026-12-20").status).toBe("à payer");
    expect(invoiceStatusOn({ ...invoice, paid: 0 }, "2026-12-21")).toEqual({ status: "en retard", days_overdue: 1 });
    expect(invoiceStatusOn({ ...invoice, paid: 100 }, "2027-01-19")).toEqual({ status: "en retard", days_overdue: 30 });
    expect(invoiceStatusOn({ ...invoice, paid: 12_000 }, "2027-01-19")).toEqual({ status: "payée", days_overdue: null });
  });

  it("is « à imputer » for a credit note until used in full, then « imputé »", () => {
    const credit = { kind: "avoir" as const, total_ttc: 2_400, due_on: "2026-11-01" };
    expect(invoiceStatusOn({ ...credit, paid: 0 }, "2026-11-20")).toEqual({ status: "à imputer", days_overdue: null });
    expect(invoiceStatusOn({ ...credit, paid: 1_000 }, "2026-11-20").status).toBe("à imputer");
    expect(invoiceStatusOn({ ...credit, paid: 2_400 }, "2026-11-20").status).toBe("imputé");
  });
});

describe("VAT and totals", () => {
  it("rounds the VAT once per rate on the base, ecotax included in the base", () => {
    const totals = invoiceTotals([
      { qty: 3, unit_ecotax: 17, line_total_ht: 3 * (1_333 + 17), vat_rate: 20 },
      { qty: 1, unit_ecotax: 0, line_total_ht: 1_001, vat_rate: 20 },
    ]);
    // Base 4,050 + 1,001 = 5,051 cents; VAT 1,010.2 → 1,010 (per line it would have been 810 + 200.2).
    expect(totals).toEqual({
      total_ht: 5_051,
      total_ecotax: 51,
      total_vat: 1_010,
      total_ttc: 6_061,
      vat: [{ rate: 20, base_ht: 5_051, vat: 1_010 }],
    });
  });

  it("lists each rate, highest first, and 0 % for an exempt account", () => {
    const totals = invoiceTotals([
      { qty: 1, unit_ecotax: 0, line_total_ht: 1_000, vat_rate: 0 },
      { qty: 1, unit_ecotax: 0, line_total_ht: 2_000, vat_rate: 20 },
      { qty: 1, unit_ecotax: 0, line_total_ht: 1_000, vat_rate: 5.5 },
    ]);
    expect(totals.vat).toEqual([
      { rate: 20, base_ht: 2_000, vat: 400 },
      { rate: 5.5, base_ht: 1_000, vat: 55 },
      { rate: 0, base_ht: 1_000, vat: 0 },
    ]);
    expect(totals.total_ttc).toBe(4_455);
  });

  it("takes the exemption from the account's tax category, as the cart's totals do", () => {
    expect(vatExemptionOf("Ventes CEE")).toBe("intra_eu");
    expect(vatExemptionOf(" Ventes CEE ")).toBe("intra_eu");
    expect(vatExemptionOf("Ventes export")).toBe("export");
    expect(vatExemptionOf(" Ventes en suspension de taxe ")).toBe("suspension");
    expect(vatExemptionOf("Ventes France")).toBeNull();
    expect(vatExemptionOf(null)).toBeNull();
    expect(vatPercentOf("Ventes CEE")).toBe(0);
    expect(vatPercentOf("Ventes France")).toBe(20);
  });

  it("computes a discount in percent with two decimals", () => {
    expect(discountPercent(10_000, 7_500)).toBe(25);
    expect(discountPercent(3_000, 2_000)).toBe(33.33);
    expect(discountPercent(3_000, 3_000)).toBe(0);
    expect(discountPercent(3_000, 3_500)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    // No list price, no discount to speak of, whatever the net price.
    expect(discountPercent(0, -500)).toBe(0);
  });
});

describe("numbers and company identifiers", () => {
  it("numbers invoices and credit notes per year on six digits", () => {
    expect(invoiceNumberOf("facture", 2026, 123)).toBe("FA-2026-000123");
    expect(invoiceNumberOf("avoir", 2027, 4)).toBe("AV-2027-000004");
  });

  it("checks SIREN and SIRET keys and derives the French and Belgian VAT numbers", () => {
    expect(luhnValid("812345676")).toBe(true);
    expect(luhnValid("812345677")).toBe(false);
    expect(luhnValid("81234567600017")).toBe(true);
    // A blank is not a digit, even where a 0 would pass (« 8123456710 » does).
    expect(luhnValid(" 812345676")).toBe(false);
    expect(luhnValid("812345671 ")).toBe(false);
    expect(withLuhnDigit("81234567")).toBe("812345676");
    // Only digits have a Luhn key: anything else is a programming error, said loudly.
    expect(() => withLuhnDigit("8123-456")).toThrow("no Luhn digit for 8123-456");
    expect(frenchVatNumber("812345676")).toBe("FR19812345676");
    // The published example: SIREN 404 833 048 → FR83 404 833 048.
    expect(frenchVatNumber("404833048")).toBe("FR83404833048");
    expect(belgianVatNumber("04567891")).toBe("BE0456789133");
    // Keys under 10 keep their leading zero.
    expect(frenchVatNumber("100000207")).toBe("FR03100000207");
    expect(belgianVatNumber("10000012")).toBe("BE1000001209");
  });
});
