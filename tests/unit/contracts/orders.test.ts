import { describe, expect, it } from "vitest";
import { cancellationRequestBody, orderListQuery, shipmentRequest } from "@shared/contracts/orders";

describe("the orders' contract", () => {
  it("reads an order list's query from strings, with defaults and a period in order", () => {
    expect(orderListQuery.parse({ org_id: "12", page: "2", author: "7" })).toEqual({ org_id: 12, page: 2, size: 20, author: 7 });
    expect(orderListQuery.parse({ org_id: "12", from: "2026-01-01", to: "2026-01-01" })).toMatchObject({
      from: "2026-01-01",
      to: "2026-01-01",
    });
    expect(orderListQuery.safeParse({ org_id: "12", from: "2026-02-01", to: "2026-01-01" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["to"], message: "La date de fin précède la date de début." }),
    ]);
    expect(orderListQuery.safeParse({ org_id: "12", status: "perdue" }).error?.issues[0]?.message).toMatch(
      /^Statut inconnu : choisissez parmi « confirmée »/,
    );
  });

  it("lets a reason span lines but refuses other control characters", () => {
    expect(cancellationRequestBody.parse({ obj_id: 1, reason: "  Plus besoin.\nMerci  " }).reason).toBe("Plus besoin.\nMerci");
    expect(cancellationRequestBody.safeParse({ obj_id: 1, reason: "Plus\u0000besoin" }).error?.issues[0]?.message).toBe(
      "Le texte ne doit pas contenir de caractères de contrôle.",
    );
    expect(cancellationRequestBody.safeParse({ obj_id: 1, reason: "ok" }).error?.issues[0]?.message).toBe("Écrivez au moins 3 caractères.");
  });

  it("needs a carrier and http(s) tracking links", () => {
    const lines = [{ obj_ref: "MOT-1", qty: 1 }];
    expect(shipmentRequest.safeParse({ carrier: "DPD", lines, tracking_url: "https://trace.dpd.fr/x" }).success).toBe(true);
    expect(shipmentRequest.safeParse({ carrier: "DPD", lines, tracking_url: "ftp://x.fr" }).success).toBe(false);
    expect(shipmentRequest.safeParse({ carrier: " ", lines }).error?.issues[0]?.message).toBe("Le transporteur est obligatoire.");
  });
});
