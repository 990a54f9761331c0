import { describe, expect, it } from "vitest";
import { analyticsReportQuery, daysBetween, type AnalyticsReport } from "@shared/contracts/analytics";
import { firstKeptDay } from "../../../server/backoffice/analytics/retention";
import { randomSalt, visitorKey } from "../../../server/backoffice/analytics/visitor";
import { normalisePath } from "../../../server/middleware/analytics-path";
import { formatReport, parseReportCommand, UsageError } from "../../../scripts/analytics-report";

/** The pure pieces of the cookieless analytics (docs/analytics.md, decision 0125). */

describe("the path a view is counted under", () => {
  it.each([
    ["/", "/"],
    ["/catalogue/", "/catalogue"],
    ["/catalogue/produit/1234", "/catalogue/produit/:id"],
    ["/catalogue/produit/ANT-VHF-150", "/catalogue/produit/:id"],
    ["/catalogue/electronique/ais/balises", "/catalogue/electronique/ais/balises"],
    ["/mon-compte/commandes/42", "/mon-compte/commandes/:id"],
    ["/mon-compte/commandes/42/commander-a-nouveau", "/mon-compte/commandes/:id/commander-a-nouveau"],
    ["/clients/devis/7", "/clients/devis/:id"],
    ["/invitation/Yk3xQ9s0aB7cD2eF4gH6iJ8kL", "/invitation/:jeton"],
    ["/x/3f2504e0-4f89-11d3-9a0c-0305e82c3301", "/x/:id"],
    ["//actualites//salon-nautic-2026", "/actualites/salon-nautic-2026"],
  ])("%s is counted as %s", (path, expected) => {
    expect(normalisePath(path)).toBe(expected);
  });

  it("keeps words, even long ones, and caps the length", () => {
    expect(normalisePath("/actualites/reglementation/nouvelles-regles-mmsi-balises-ais")).toBe(
      "/actualites/reglementation/nouvelles-regles-mmsi-balises-ais",
    );
    expect(normalisePath(`/${"a".repeat(50)}/`.repeat(10))).toHaveLength(300);
  });
});

describe("the visitor key", () => {
  it("is 16 hex characters, the same for the same salt, address and agent", () => {
    const key = visitorKey("sel", "203.0.113.7", "Mozilla/5.0 Firefox/140");
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(visitorKey("sel", "203.0.113.7", "Mozilla/5.0 Firefox/140")).toBe(key);
  });

  it("changes with the salt (another day), the address or the agent, and shows neither", () => {
    const key = visitorKey("sel", "203.0.113.7", "Firefox");
    expect(visitorKey("autre sel", "203.0.113.7", "Firefox")).not.toBe(key);
    expect(visitorKey("sel", "203.0.113.8", "Firefox")).not.toBe(key);
    expect(visitorKey("sel", "203.0.113.7", "Chrome")).not.toBe(key);
    expect(key).not.toContain("203");
  });

  it("salts are random and long", () => {
    const salts = new Set(Array.from({ length: 20 }, randomSalt));
    expect(salts.size).toBe(20);
    expect([...salts].every((salt) => salt.length >= 43)).toBe(true);
  });
});

describe("25 months at most", () => {
  it.each([
    ["2026-11-20", "2024-10-20"],
    ["2026-03-31", "2024-02-29"],
    ["2027-05-31", "2025-04-30"],
    ["2026-01-15", "2023-12-15"],
  ])("on %s the oldest day kept is %s", (today, expected) => {
    expect(firstKeptDay(today)).toBe(expected);
  });
});

describe("the report's query", () => {
  it("takes a period of at most 800 days, in order", () => {
    expect(analyticsReportQuery.parse({ from: "2026-11-01", to: "2026-11-20" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-20",
      pages: 50,
    });
    expect(daysBetween("2026-11-01", "2026-11-20")).toBe(19);
    const reversed = analyticsReportQuery.safeParse({ from: "2026-11-20", to: "2026-11-01" });
    expect(reversed.error?.issues[0]?.message).toBe("La date de fin précède la date de début.");
    const tooLong = analyticsReportQuery.safeParse({ from: "2024-01-01", to: "2026-11-20" });
    expect(tooLong.error?.issues[0]?.message).toBe("Une période compte au plus 800 jours.");
    expect(analyticsReportQuery.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(analyticsReportQuery.safeParse({ from: "2026-11-01", to: "2026-11-20", org_id: "1" }).success).toBe(false);
  });
});

describe("npm run analytics", () => {
  const today = new Date("2026-11-20T10:00:00+01:00");

  it("defaults to the last 30 days, today included, and 20 pages", () => {
    expect(parseReportCommand([], today)).toEqual({ query: { from: "2026-10-22", to: "2026-11-20", pages: 20 }, json: false });
    expect(parseReportCommand(["--from", "2026-11-01", "--to", "2026-11-10", "--pages", "5", "--json"], today)).toEqual({
      query: { from: "2026-11-01", to: "2026-11-10", pages: 5 },
      json: true,
    });
    expect(parseReportCommand(["--help"], today)).toBe("help");
  });

  it("refuses a wrong command line in French", () => {
    expect(() => parseReportCommand(["--to", "2026-13-01"], today)).toThrow(UsageError);
    expect(() => parseReportCommand(["--from", "2026-11-20", "--to", "2026-11-01"], today)).toThrow(
      "--to : La date de fin précède la date de début.",
    );
    expect(() => parseReportCommand(["--unknown"], today)).toThrow(UsageError);
  });

  it("prints the days and the pages in French", () => {
    const report: AnalyticsReport = {
      from: "2026-11-19",
      to: "2026-11-20",
      retention_months: 25,
      totals: { views: 1234, visitors: 3 },
      days: [
        { day: "2026-11-19", views: 0, visitors: 0 },
        { day: "2026-11-20", views: 1234, visitors: 3 },
      ],
      pages: [{ path: "/catalogue", views: 1000, visitors: 2 }],
      page_count: 7,
    };
    const text = formatReport(report);
    expect(text).toContain("Mesure d'audience du jeu. 19/11/2026 au ven. 20/11/2026 (sans cookie, conservée 25 mois)");
    expect(text).toContain("1\u202f234 pages vues · 3 visiteurs (comptés jour par jour)");
    expect(text).toMatch(/ven\. 20\/11\/2026 +1\u202f234 vues +3 visiteurs/);
    expect(text).toContain("Pages les plus vues (1 sur 7)");
    expect(text).toMatch(/1\u202f000 vues +2 visiteurs +\/catalogue/);
    expect(formatReport({ ...report, pages: [], page_count: 0 })).toContain("Aucune page vue sur la période.");
  });
});
