import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatEuros,
  formatFileSize,
  formatNumericDate,
  formatNumericDateTime,
  formatPercent,
  formatPlainAmount,
  formatPlainNumber,
  formatQuantity,
} from "@shared/domain/french-format";

// 2026-11-24T23:30:00Z is already the 25th in France (UTC+1 in winter); 2026-07-01T22:30Z, the 2nd (UTC+2).
const LATE_EVENING_UTC = "2026-11-24T23:30:00.000Z";

describe("dates on pages and in e-mails", () => {
  it("writes a calendar date in words, never shifted by a time zone", () => {
    expect(formatDate("2026-03-12")).toBe("12 mars 2026");
    expect(formatDate("2026-11-01")).toBe("1 novembre 2026");
    expect(formatDate("2027-01-31")).toBe("31 janvier 2027");
  });

  it("writes an instant's day in France, from text or a Date", () => {
    expect(formatDate(LATE_EVENING_UTC)).toBe("25 novembre 2026");
    expect(formatDate(new Date("2026-07-01T22:30:00Z"))).toBe("2 juillet 2026");
  });

  it("writes an instant with its time in France", () => {
    expect(formatDateTime(LATE_EVENING_UTC)).toBe("25 novembre 2026 à 00:30");
    expect(formatDateTime(new Date("2026-03-12T13:05:00Z"))).toBe("12 mars 2026 à 14:05");
  });

  it("shows what is not a date as it is, never throws", () => {
    expect(formatDate("2026-02-30")).toBe("2 mars 2026"); // Date rolls over; the contracts refuse such a date before
    expect(formatDate("2026-13-45")).toBe("2026-13-45");
    expect(formatDate("bientôt")).toBe("bientôt");
    expect(formatDate(new Date(Number.NaN))).toBe("");
    expect(formatDateTime("bientôt")).toBe("bientôt");
    expect(formatDateTime(new Date(Number.NaN))).toBe("");
  });
});

describe("dates in printed documents and CSV cells", () => {
  it("writes a calendar date as dd/mm/yyyy, as it is", () => {
    expect(formatNumericDate("2026-11-24")).toBe("24/11/2026");
  });

  it("writes an instant's day and time in France", () => {
    expect(formatNumericDate(LATE_EVENING_UTC)).toBe("25/11/2026");
    expect(formatNumericDate(new Date("2026-07-01T22:30:00Z"))).toBe("02/07/2026");
    expect(formatNumericDateTime(LATE_EVENING_UTC)).toBe("25/11/2026 00:30");
    expect(formatNumericDateTime(new Date("2026-03-12T13:05:00Z"))).toBe("12/03/2026 14:05");
  });

  it("shows what is not a date as it is", () => {
    expect(formatNumericDate("")).toBe("");
    expect(formatNumericDate("bientôt")).toBe("bientôt");
    expect(formatNumericDate(new Date(Number.NaN))).toBe("");
    expect(formatNumericDateTime("bientôt")).toBe("bientôt");
    expect(formatNumericDateTime(new Date(Number.NaN))).toBe("");
  });
});

describe("amounts, percentages, quantities", () => {
  it("writes euros from cents that never wrap", () => {
    expect(formatEuros(123456)).toBe("1\u202f234,56\u00a0€");
    expect(formatEuros(-50)).toBe("-0,50\u00a0€");
  });

  it("formats euros the French way with non-breaking spaces", () => {
    const normalizeSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
    expect(normalizeSpaces(formatEuros(123456))).toBe("1 234,56 €");
    expect(normalizeSpaces(formatEuros(5))).toBe("0,05 €");
    expect(normalizeSpaces(formatEuros(-1990))).toBe("-19,90 €");
    expect(formatEuros(123456)).not.toMatch(/ /); // never a breaking space
  });

  it("writes plain amounts and numbers as French Excel and form fields read them", () => {
    expect(formatPlainAmount(123450)).toBe("1234,50");
    expect(formatPlainAmount(-5)).toBe("-0,05");
    expect(formatPlainAmount(0)).toBe("0,00");
    expect(formatPlainNumber(12.5)).toBe("12,5");
    expect(formatPlainNumber(8)).toBe("8");
  });

  it("writes a percentage with a no-break space before the sign", () => {
    expect(formatPercent(20)).toBe("20\u00a0%");
    expect(formatPercent(5.5)).toBe("5,5\u00a0%");
    expect(formatPercent(33.333)).toBe("33,33\u00a0%");
  });

  it("writes quantities and counts with a narrow no-break space between thousands", () => {
    expect(formatQuantity(1250)).toBe("1\u202f250");
    expect(formatQuantity(2.5)).toBe("2,5");
    expect(formatQuantity(0.1234)).toBe("0,123");
  });
});

describe("file sizes", () => {
  it("writes bytes, Ko, Mo and Go as French file managers do", () => {
    expect(formatFileSize(0)).toBe("0 octet");
    expect(formatFileSize(1)).toBe("1 octet");
    expect(formatFileSize(812)).toBe("812 octets");
    expect(formatFileSize(1023)).toBe("1\u202f023 octets");
    expect(formatFileSize(1024)).toBe("1 Ko");
    expect(formatFileSize(1536)).toBe("1,5 Ko");
    expect(formatFileSize(65_323)).toBe("64 Ko");
    expect(formatFileSize(1024 ** 2)).toBe("1 Mo");
    expect(formatFileSize(1_258_291)).toBe("1,2 Mo");
    expect(formatFileSize(52_428_800)).toBe("50 Mo");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 Go");
    expect(formatFileSize(5000 * 1024 ** 3)).toBe("5\u202f000 Go");
  });
});
