import { describe, expect, it } from "vitest";
import { parisDate } from "@shared/domain/index";

describe("parisDate", () => {
  it("gives the French calendar date, not the server's (UTC+1 in winter)", () => {
    expect(parisDate(new Date("2026-11-20T22:59:59Z"))).toBe("2026-11-20");
    expect(parisDate(new Date("2026-11-20T23:00:00Z"))).toBe("2026-11-21");
  });

  it("follows summer time (UTC+2)", () => {
    expect(parisDate(new Date("2026-07-01T21:59:59Z"))).toBe("2026-07-01");
    expect(parisDate(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });

  it("crosses a year end at midnight in Paris", () => {
    expect(parisDate(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});
