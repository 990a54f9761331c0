import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "@shared/contracts/orders";
import {
  backorderState,
  backorderUnits,
  eventLabel,
  moveRefusal,
  planShipment,
  remainingOf,
  shortfall,
  statusAfterQuantities,
  type OrderMove,
} from "@shared/domain/index";

const REF = "CMD-000042";

describe("moveRefusal", () => {
  const allowed: Record<OrderMove, OrderStatus[]> = {
    accept: ["confirmée"],
    prepare: ["confirmée", "acceptée"],
    ship: ["confirmée", "acceptée", "en préparation", "expédiée partiellement"],
    deliver: ["expédiée"],
    cancel: ["confirmée", "acceptée", "en préparation"],
    cancel_line: ["confirmée", "acceptée", "en préparation", "expédiée partiellement"],
  };

  it.each(Object.entries(allowed))("allows %s from exactly its statuses", (move, statuses) => {
    for (const status of ORDER_STATUSES) {
      const refusal = moveRefusal(REF, status, move as OrderMove);
      if (statuses.includes(status)) expect(refusal, status).toBeNull();
      else expect(refusal, status).toMatch(new RegExp(`^La commande ${REF} `));
    }
  });

  it("says a delivered or cancelled order is final, whatever the move", () => {
    for (const move of Object.keys(allowed) as OrderMove[]) {
      expect(moveRefusal(REF, "livrée", move)).toBe(`La commande ${REF} est livrée : elle ne peut plus changer.`);
      expect(moveRefusal(REF, "annulée", move)).toBe(`La commande ${REF} est annulée : elle ne peut plus changer.`);
    }
  });

  it("explains each other refusal in French", () => {
    expect(moveRefusal(REF, "acceptée", "accept")).toBe(`La commande ${REF} est déjà acceptée.`);
    expect(moveRefusal(REF, "expédiée", "accept")).toBe(`La commande ${REF} est déjà « expédiée » : elle ne peut plus être acceptée.`);
    expect(moveRefusal(REF, "en préparation", "prepare")).toBe(`La commande ${REF} est déjà en préparation.`);
    expect(moveRefusal(REF, "expédiée partiellement", "prepare")).toBe(
      `La commande ${REF} est déjà « expédiée partiellement » : elle ne peut plus passer en préparation.`,
    );
    expect(moveRefusal(REF, "expédiée", "ship")).toBe(`La commande ${REF} est entièrement expédiée : il ne reste rien à expédier.`);
    expect(moveRefusal(REF, "expédiée", "cancel_line")).toBe(`La commande ${REF} est entièrement expédiée : il ne reste rien à annuler.`);
    expect(moveRefusal(REF, "expédiée partiellement", "deliver")).toBe(
      `La commande ${REF} n'est pas entièrement expédiée : expédiez ou annulez d'abord ses reliquats.`,
    );
    expect(moveRefusal(REF, "acceptée", "deliver")).toBe(
      `La commande ${REF} n'a encore fait l'objet d'aucune expédition : elle ne peut pas être livrée.`,
    );
    expect(moveRefusal(REF, "expédiée partiellement", "cancel")).toBe(
      `La commande ${REF} est partiellement expédiée : annulez ses reliquats ligne par ligne.`,
    );
    expect(moveRefusal(REF, "expédiée", "cancel")).toBe(`La commande ${REF} est déjà expédiée : elle ne peut plus être annulée.`);
  });
});

describe("quantities", () => {
  it("counts what remains to send", () => {
    expect(remainingOf({ qty: 10, shipped: 4, cancelled: 2 })).toBe(4);
  });

  it("puts on back-order what the stock on hand cannot serve", () => {
    expect(shortfall(10, 4)).toBe(6);
    expect(shortfall(3, 10)).toBe(0);
    expect(shortfall(3, -2)).toBe(3);
    expect(shortfall(3, null)).toBe(3);
  });

  it("counts on back-order what the buyer waits for beyond what ships now (decision 0160)", () => {
    // 5 ordered, 2 in stock at the confirmation: 3 wait, the 2 in stock leave first.
    expect(backorderUnits({ qty: 5, shipped: 0, cancelled: 0, backorder: 3 })).toBe(3);
    // After a shipment of 2, everything still to send waits; then a second one of 1.
    expect(backorderUnits({ qty: 5, shipped: 2, cancelled: 0, backorder: 3 })).toBe(3);
    expect(backorderUnits({ qty: 5, shipped: 3, cancelled: 0, backorder: 2 })).toBe(2);
    // All sent, or the remainder cancelled: nothing waits.
    expect(backorderUnits({ qty: 5, shipped: 5, cancelled: 0, backorder: 0 })).toBe(0);
    expect(backorderUnits({ qty: 5, shipped: 2, cancelled: 3, backorder: 0 })).toBe(0);
    // Never more than the line still has to send, never negative, whatever a row holds.
    expect(backorderUnits({ qty: 5, shipped: 4, cancelled: 0, backorder: 3 })).toBe(1);
    expect(backorderUnits({ qty: 5, shipped: 0, cancelled: 0, backorder: -1 })).toBe(0);
  });

  it("settles the status once the lines' quantities changed", () => {
    const line = (qty: number, shipped: number, cancelled = 0) => ({ qty, shipped, cancelled });
    expect(statusAfterQuantities("acceptée", [line(2, 2), line(3, 0, 3)])).toBe("expédiée");
    expect(statusAfterQuantities("acceptée", [line(2, 0, 2), line(3, 0, 3)])).toBe("annulée");
    expect(statusAfterQuantities("en préparation", [line(2, 2), line(3, 1)])).toBe("expédiée partiellement");
    expect(statusAfterQuantities("en préparation", [line(2, 0, 2), line(3, 0)])).toBe("en préparation");
  });
});

describe("planShipment", () => {
  const lines = [
    { obj_ref: "MOT-1", qty: 3, shipped: 1, cancelled: 0, is_port: false },
    { obj_ref: "ANT-2", qty: 2, shipped: 0, cancelled: 2, is_port: false },
    { obj_ref: "PORT_FRANCO", qty: 1, shipped: 0, cancelled: 0, is_port: true },
  ];

  it("takes references in any case, up to what remains", () => {
    const plan = planShipment(REF, lines, [{ obj_ref: " mot-1 ", qty: 2 }]);
    expect(plan.issues).toEqual([]);
    expect([...plan.quantities]).toEqual([["MOT-1", 2]]);
  });

  it("refuses unknown, shipping, repeated, cancelled and excessive lines, one issue each", () => {
    const plan = planShipment(REF, lines, [
      { obj_ref: "XYZ", qty: 1 },
      { obj_ref: "PORT_FRANCO", qty: 1 },
      { obj_ref: "MOT-1", qty: 1 },
      { obj_ref: "MOT-1", qty: 1 },
      { obj_ref: "ANT-2", qty: 1 },
      { obj_ref: "mot-1", qty: 9 },
    ]);
    expect(plan.issues).toEqual([
      { path: "lines.0", message: `La référence XYZ ne figure pas sur la commande ${REF}.` },
      { path: "lines.1", message: "PORT_FRANCO est une ligne de frais de port : elle ne s'expédie pas." },
      { path: "lines.3", message: "La référence MOT-1 figure deux fois dans l'expédition." },
      { path: "lines.4", message: "La ligne ANT-2 est annulée : elle ne peut plus être expédiée." },
      { path: "lines.5", message: "La référence MOT-1 figure deux fois dans l'expédition." },
    ]);
    expect(planShipment(REF, lines, [{ obj_ref: "MOT-1", qty: 3 }]).issues).toEqual([
      { path: "lines.0", message: "Quantité trop élevée pour MOT-1 : commandé 3, déjà expédié 1, annulé 0 ; il reste 2 à expédier." },
    ]);
  });

  it("ships what remains of a line partly cancelled", () => {
    const partly = [{ obj_ref: "MOT-1", qty: 3, shipped: 0, cancelled: 1, is_port: false }];
    expect(planShipment(REF, partly, [{ obj_ref: "MOT-1", qty: 2 }]).issues).toEqual([]);
  });

  it("refuses a line with nothing left that was not cancelled as too many", () => {
    const sent = [{ obj_ref: "MOT-1", qty: 3, shipped: 3, cancelled: 0, is_port: false }];
    expect(planShipment(REF, sent, [{ obj_ref: "MOT-1", qty: 1 }]).issues[0]?.message).toContain("il reste 0 à expédier");
  });
});

describe("backorderState", () => {
  it("is sent or cancelled once nothing waits", () => {
    expect(backorderState({ backorder: 0, unsent: 0, cancelled: 0, markedAvailable: false, stockOnHand: 0 })).toBe("expédié");
    expect(backorderState({ backorder: 0, unsent: 0, cancelled: 2, markedAvailable: false, stockOnHand: 0 })).toBe("annulé");
  });

  it("is available when an arrival said so or the stock covers it, waiting otherwise", () => {
    expect(backorderState({ backorder: 3, unsent: 3, cancelled: 0, markedAvailable: true, stockOnHand: 0 })).toBe("disponible");
    expect(backorderState({ backorder: 3, unsent: 3, cancelled: 0, markedAvailable: false, stockOnHand: 3 })).toBe("disponible");
    expect(backorderState({ backorder: 3, unsent: 3, cancelled: 0, markedAvailable: false, stockOnHand: 2 })).toBe("en attente");
    expect(backorderState({ backorder: 3, unsent: 3, cancelled: 0, markedAvailable: false, stockOnHand: null })).toBe("en attente");
  });

  it("waits while the stock on hand serves only what the line still has to send besides it", () => {
    // 5 ordered with 3 in stock: 2 on back-order, and the 3 in stock are this order's own.
    expect(backorderState({ backorder: 2, unsent: 5, cancelled: 0, markedAvailable: false, stockOnHand: 3 })).toBe("en attente");
    expect(backorderState({ backorder: 2, unsent: 5, cancelled: 0, markedAvailable: false, stockOnHand: 5 })).toBe("disponible");
  });
});

describe("eventLabel", () => {
  it("says each step in French", () => {
    expect(eventLabel("confirmed", {})).toBe("Commande confirmée");
    expect(eventLabel("accepted", {})).toBe("Commande acceptée");
    expect(eventLabel("preparing", {})).toBe("Commande en préparation");
    expect(eventLabel("shipped", { shipment_number: 2, units: 5, carrier: "DPD", tracking_number: "250123" })).toBe(
      "Expédition n° 2 : 5 articles (DPD, suivi 250123)",
    );
    expect(eventLabel("shipped", { shipment_number: 1, units: 1, carrier: "Geodis", tracking_number: null })).toBe(
      "Expédition n° 1 : 1 article (Geodis)",
    );
    expect(eventLabel("shipped", {})).toBe("Expédition n° 1 : 0 article (transporteur)");
    expect(eventLabel("delivered", {})).toBe("Commande livrée");
    expect(eventLabel("cancelled", {})).toBe("Commande annulée");
    expect(eventLabel("line_cancelled", { obj_ref: "MOT-1", qty: 2 })).toBe("Reliquat annulé : MOT-1 (2)");
    expect(eventLabel("backorder_available", { obj_ref: "MOT-1", qty: 2 })).toBe("Reliquat disponible : MOT-1 (2)");
    expect(eventLabel("cancellation_requested", { obj_ref: "MOT-1", qty: 2 })).toBe("Demande d'annulation du reliquat MOT-1 (2)");
    expect(eventLabel("cancellation_refused", { obj_ref: "MOT-1" })).toBe("Demande d'annulation du reliquat MOT-1 refusée");
    expect(eventLabel("cancellation_refused", {})).toBe("Demande d'annulation du reliquat ? refusée");
    expect(eventLabel("line_cancelled", {})).toBe("Reliquat annulé : ? (0)");
  });
});
