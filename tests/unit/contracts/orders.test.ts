import { describe, expect, it } from "vitest";
import {
  calendarDate,
  cancellationRequestBody,
  eventInstant,
  orderListQuery,
  shipmentRequest,
} from "@shared/contracts/orders";

describe("the orders' contract", () => {
  it("takes calendar dates that exist", () => {
    expect(calendarDate.safeParse("2028-02-29").success).toBe(true);
    expect(calendarDate.safeParse("2026-02-29").error?.issues[0]?.message).toBe("Date invalide (format attendu AAAA-MM-JJ).");
    expect(calendarDate.safeParse("2026-13-01").success).toBe(false);
  });

  it("reads an order list's query from strings, with defaults and a period in order", () => {
    expect(orderListQuery.parse({ org_id: "12", page: "2", author: "7" })).toEqual({ org_id: 12, page: 2, size: 20, author: 7 });
    expect(orderListQuery.parse({ org_id: "12", from: "2026-01-01", to: "2026-01-01" })).toMatchObject({ from: "2026-01-01", to: "2026-01-01" });
    expect(orderListQuery.safeParse({ org_id: "12", from: "2026-02-01", to: "2026-01-01" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["to"], message: "La date de fin précède la date de début." }),
    ]);
    expect(orderListQuery.safeParse({ org_id: "12", status: "perdue" }).error?.issues[0]?.message).toMatch(/^Statut inconnu : choisissez parmi « confirmée »/);
  });

  it("takes an instant with its offset or a date alone", () => {
    expect(eventInstant.safeParse("2026-11-20T10:00:00+01:00").success).toBe(true);
    expect(eventInstant.safeParse("2026-11-20").success).toBe(true);
    expect(eventInstant.safeParse("20/11/2026").success).toBe(false);
  });

  it("lets a reason span lines but refuses other control characters", () => {
    expect(cancellationRequestBody.parse({ obj_id: 1, reason: "  Plus besoin.\nMerci  " }).reason).toBe("Plus besoin.\nMerci");
    expect(cancellationRequestBody.safeParse({ obj_id: 1, reason: "Plus\u0000besoin" }).error?.issues[0]?.message).toBe("Le texte ne doit pas contenir de caractères de contrôle.");
    expect(cancellationRequestBody.safeParse({ obj_id: 1, reason: "ok" }).error?.issues[0]?.message).toBe("Écrivez au moins 3 caractères.");
  });

  it("needs a carrier and http(s) tracking links", () => {
    const lines = [{ obj_ref: "MOT-1", qty: 1 }];
    expect(shipmentRequest.safeParse({ carrier: "DPD", lines, tracking_url: "https://trace.dpd.fr/x" }).success).toBe(true);
    expect(shipmentRequest.safeParse({ carrier: "DPD", lines, tracking_url: "ftp://x.fr" }).success).toBe(false);
    expect(shipmentRequest.safeParse({ carrier: " ", lines }).error?.issues[0]?.message).toBe("Le transporteur est obligatoire.");
  });
});
