import { describe, expect, it } from "vitest";
import { RETURN_STATUSES, type ReturnStatus, type ReturnStepKind } from "@shared/contracts/returns";
import {
  allocateCredit,
  heldUnits,
  notReturnableReasonOf,
  restockingFees,
  returnableUnits,
  returnDeadline,
  returnNumberOf,
  returnWindowOpen,
  statusAfter,
  stepRefusal,
} from "@shared/domain/returns";

/** Returns' pure rules (docs/returns.md, decision 0203): no clock, no database. */

describe("a return's number and window", () => {
  it("numbers RET-YYYY-NNNNNN", () => {
    expect(returnNumberOf(2026, 12)).toBe("RET-2026-000012");
    expect(returnNumberOf(2027, 123456)).toBe("RET-2027-123456");
  });

  it("accepts a request up to the window's last day included, across months and years", () => {
    expect(returnDeadline("2026-11-20", 30)).toBe("2026-12-20");
    expect(returnDeadline("2026-12-15", 30)).toBe("2027-01-14");
    expect(returnWindowOpen("2026-11-20", 30, "2026-11-20")).toBe(true);
    expect(returnWindowOpen("2026-11-20", 30, "2026-12-20")).toBe(true);
    expect(returnWindowOpen("2026-11-20", 30, "2026-12-21")).toBe(false);
    expect(returnWindowOpen("2026-02-27", 1, "2026-02-28")).toBe(true);
    expect(returnWindowOpen("2026-02-27", 1, "2026-03-01")).toBe(false);
  });
});

describe("which products may come back", () => {
  const product = (flags: Partial<{ is_mmsi: boolean; is_hazardous: boolean; returnable: boolean }>) => ({
    is_mmsi: false,
    is_hazardous: false,
    returnable: true,
    ...flags,
  });

  it("refuses MMSI equipment and hazardous goods whatever the feed says, then follows the feed", () => {
    expect(notReturnableReasonOf(product({}))).toBeNull();
    expect(notReturnableReasonOf(product({ is_mmsi: true }))).toBe("mmsi");
    expect(notReturnableReasonOf(product({ is_mmsi: true, is_hazardous: true, returnable: false }))).toBe("mmsi");
    expect(notReturnableReasonOf(product({ is_hazardous: true }))).toBe("hazardous");
    expect(notReturnableReasonOf(product({ is_hazardous: true, returnable: false }))).toBe("hazardous");
    expect(notReturnableReasonOf(product({ returnable: false }))).toBe("flagged");
  });
});

describe("the units a return holds", () => {
  it("holds what was asked while open, what was received once received, nothing once refused or withdrawn", () => {
    const held = Object.fromEntries(RETURN_STATUSES.map((status) => [status, heldUnits(status, 5, 3)]));
    expect(held).toEqual({ demandé: 5, accepté: 5, refusé: 0, reçu: 3, "avoir émis": 3, "échange expédié": 3, annulé: 0 });
    // A received return without its quantities (never: the reception sets them) holds what was asked.
    expect(heldUnits("reçu", 5, null)).toBe(5);
    expect(heldUnits("avoir émis", 4, 0)).toBe(0);
  });

  it("leaves delivered less held to return, never below zero, none of a product that may not come back", () => {
    expect(returnableUnits(5, 0, null)).toBe(5);
    expect(returnableUnits(5, 2, null)).toBe(3);
    expect(returnableUnits(5, 5, null)).toBe(0);
    expect(returnableUnits(5, 7, null)).toBe(0);
    expect(returnableUnits(5, 0, "flagged")).toBe(0);
  });
});

describe("which step follows which", () => {
  const steps: Exclude<ReturnStepKind, "requested">[] = ["accepted", "refused", "received", "credited", "exchanged", "withdrawn"];
  const allowed = (status: ReturnStatus) => steps.filter((step) => stepRefusal("RET-2026-000001", status, step) === null);

  it("moves demandé → accepté or refusé → reçu → avoir émis or échange expédié; withdrawn while demandé", () => {
    expect(allowed("demandé")).toEqual(["accepted", "refused", "withdrawn"]);
    expect(allowed("accepté")).toEqual(["refused", "received"]);
    expect(allowed("reçu")).toEqual(["credited", "exchanged"]);
    for (const final of ["refusé", "avoir émis", "échange expédié", "annulé"] as const) expect(allowed(final)).toEqual([]);
    expect(steps.map(statusAfter)).toEqual(["accepté", "refusé", "reçu", "avoir émis", "échange expédié", "annulé"]);
  });

  it("says in French why a step is impossible", () => {
    const refusal = (status: ReturnStatus, step: Exclude<ReturnStepKind, "requested">) => stepRefusal("RET-2026-000007", status, step);
    expect(refusal("annulé", "accepted")).toBe("Le retour RET-2026-000007 est « annulé » : il ne peut plus changer.");
    expect(refusal("refusé", "withdrawn")).toBe("Le retour RET-2026-000007 est « refusé » : il ne peut plus changer.");
    expect(refusal("avoir émis", "credited")).toBe("Le retour RET-2026-000007 est « avoir émis » : il ne peut plus changer.");
    expect(refusal("échange expédié", "exchanged")).toBe("Le retour RET-2026-000007 est « échange expédié » : il ne peut plus changer.");
    expect(refusal("demandé", "received")).toBe(
      "Le retour RET-2026-000007 est « demandé » : il doit être accepté avant d'être réceptionné.",
    );
    expect(refusal("accepté", "credited")).toBe(
      "Le retour RET-2026-000007 est « accepté » : il doit être réceptionné avant d'être crédité.",
    );
    expect(refusal("demandé", "exchanged")).toBe(
      "Le retour RET-2026-000007 est « demandé » : il doit être réceptionné avant d'être échangé.",
    );
    expect(refusal("accepté", "withdrawn")).toBe(
      "Le retour RET-2026-000007 est « accepté » : seule une demande pas encore traitée peut être annulée.",
    );
    expect(refusal("accepté", "accepted")).toBe("Le retour RET-2026-000007 est déjà « accepté » : il ne peut plus être accepté.");
    expect(refusal("reçu", "refused")).toBe("Le retour RET-2026-000007 est déjà « reçu » : il ne peut plus être refusé.");
  });
});

describe("the restocking fee", () => {
  it("takes the percentage of each VAT rate's net amount, highest rate first, rounded to the cent", () => {
    const lines = [
      { vat_rate: 20, net_ht: 10_000 },
      { vat_rate: 5.5, net_ht: 3_333 },
      { vat_rate: 20, net_ht: 2_345 },
      { vat_rate: 0, net_ht: 1 },
    ];
    expect(restockingFees(lines, 15)).toEqual([
      { vat_rate: 20, fee: 1852 },
      { vat_rate: 5.5, fee: 500 },
    ]);
  });

  it("charges nothing at 0 % and leaves out a rate whose fee rounds to nothing", () => {
    expect(restockingFees([{ vat_rate: 20, net_ht: 10_000 }], 0)).toEqual([]);
    expect(restockingFees([{ vat_rate: 20, net_ht: 2 }], 10)).toEqual([]);
    expect(restockingFees([], 10)).toEqual([]);
  });
});

describe("spreading returned units over the order's invoices", () => {
  const invoices = [
    { id: 2, number: "FA-2026-000020", lines: [{ obj_ref: "abc-1", creditable: 2 }] },
    {
      id: 1,
      number: "FA-2026-000010",
      lines: [
        { obj_ref: "ABC-1", creditable: 3 },
        { obj_ref: "XYZ", creditable: 0 },
      ],
    },
  ];

  it("credits the latest invoice first, never more than it has left, whatever the reference's case", () => {
    expect(allocateCredit([{ obj_ref: "ABC-1", qty: 4 }], invoices)).toEqual({
      allocations: [
        { invoice_id: 2, number: "FA-2026-000020", lines: [{ obj_ref: "abc-1", qty: 2 }] },
        { invoice_id: 1, number: "FA-2026-000010", lines: [{ obj_ref: "ABC-1", qty: 2 }] },
      ],
      unallocated: [],
    });
  });

  it("stops once a line is credited and reports what no invoice could take", () => {
    expect(
      allocateCredit(
        [
          { obj_ref: "ABC-1", qty: 1 },
          { obj_ref: "XYZ", qty: 2 },
          { obj_ref: "NEW", qty: 1 },
          { obj_ref: "ABC-1", qty: 6 },
        ],
        invoices,
      ),
    ).toEqual({
      allocations: [
        {
          invoice_id: 2,
          number: "FA-2026-000020",
          lines: [
            { obj_ref: "abc-1", qty: 1 },
            { obj_ref: "abc-1", qty: 1 },
          ],
        },
        { invoice_id: 1, number: "FA-2026-000010", lines: [{ obj_ref: "ABC-1", qty: 3 }] },
      ],
      unallocated: [
        { obj_ref: "XYZ", qty: 2 },
        { obj_ref: "NEW", qty: 1 },
        { obj_ref: "ABC-1", qty: 2 },
      ],
    });
    expect(allocateCredit([], invoices)).toEqual({ allocations: [], unallocated: [] });
  });
});
