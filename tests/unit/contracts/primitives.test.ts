import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PERIOD_ORDER_ISSUE, calendarDate, emailAddress, eventInstant, idParam, pageOf, periodInOrder } from "@shared/contracts/primitives";

describe("the contracts' primitives", () => {
  it("takes calendar dates that exist", () => {
    expect(calendarDate.safeParse("2028-02-29").success).toBe(true);
    expect(calendarDate.safeParse("2026-02-29").error?.issues[0]?.message).toBe("Date invalide (format attendu AAAA-MM-JJ).");
    expect(calendarDate.safeParse("2026-13-01").success).toBe(false);
  });

  it("takes an instant with its offset or a date alone", () => {
    expect(eventInstant.safeParse("2026-11-20T10:00:00+01:00").success).toBe(true);
    expect(eventInstant.safeParse("2026-11-20").success).toBe(true);
    expect(eventInstant.safeParse("20/11/2026").success).toBe(false);
  });

  it("reads an id from a query string", () => {
    expect(idParam.parse("12")).toBe(12);
    expect(idParam.safeParse("0").success).toBe(false);
    expect(idParam.safeParse("1.5").success).toBe(false);
  });

  it("refuses a period whose end precedes its start, either end may be missing", () => {
    const period = z.object({ from: calendarDate.optional(), to: calendarDate.optional() }).refine(periodInOrder, PERIOD_ORDER_ISSUE);
    expect(period.safeParse({ from: "2026-01-01", to: "2026-01-01" }).success).toBe(true);
    expect(period.safeParse({ to: "2026-01-01" }).success).toBe(true);
    expect(period.safeParse({ from: "2026-02-01", to: "2026-01-01" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["to"], message: "La date de fin précède la date de début." }),
    ]);
  });

  it("answers a page of a list, strictly, and lets a list say more", () => {
    const rows = pageOf(z.object({ id: z.number() }).strict());
    expect(rows.parse({ items: [{ id: 1 }], total: 1, page: 1, size: 20 })).toEqual({ items: [{ id: 1 }], total: 1, page: 1, size: 20 });
    expect(rows.safeParse({ items: [], total: 0, page: 1, size: 20, extra: true }).success).toBe(false);
    const withSince = rows.extend({ since: z.string() }).strict();
    expect(withSince.parse({ items: [], total: 0, page: 1, size: 20, since: "2026-01-01" }).since).toBe("2026-01-01");
  });

  it("takes an e-mail address as typed, with the form's word for an empty one", () => {
    expect(emailAddress().parse("  Prenom.Nom@Exemple.FR ")).toBe("prenom.nom@exemple.fr");
    expect(emailAddress("Indiquez votre adresse e-mail.").safeParse("").error?.issues[0]?.message).toBe("Indiquez votre adresse e-mail.");
    expect(emailAddress().safeParse("").error?.issues[0]?.message).toMatch(/^Adresse e-mail invalide/);
    expect(emailAddress().safeParse(`${"a".repeat(116)}@x.fr`).error?.issues[0]?.message).toBe(
      "L'adresse e-mail est trop longue (120 caractères au plus).",
    );
  });
});
