import type { NotReturnableReason, ReturnStatus, ReturnStepKind } from "../contracts/returns";
import { addDaysTo } from "./invoices";
import { roundCents } from "./money";
import { normalizeReference } from "./references";

/**
 * Returns' rules (docs/returns.md, decisions 0203–0206): the window after delivery, which products
 * may come back, how many units a return holds against what was delivered, which step may follow
 * which, the restocking fee per VAT rate, and how returned units are spread over the order's
 * invoices for the credit notes. Pure: today is a parameter.
 */

/** RET-2026-000012. */
export function returnNumberOf(year: number, sequence: number): string {
  return `RET-${year}-${String(sequence).padStart(6, "0")}`;
}

/** The last day a request is accepted: the delivery's date plus the window's days. */
export function returnDeadline(deliveredOn: string, windowDays: number): string {
  return addDaysTo(deliveredOn, windowDays);
}

/** True while `today` (YYYY-MM-DD, France) is on or before the deadline. */
export function returnWindowOpen(deliveredOn: string, windowDays: number, today: string): boolean {
  return today <= returnDeadline(deliveredOn, windowDays);
}

export interface ReturnableFlags {
  is_mmsi: boolean;
  is_hazardous: boolean;
  /** The products feed's flag. */
  returnable: boolean;
}

/**
 * Why a product cannot come back, or null. MMSI equipment is programmed with the buyer's
 * identifier and hazardous goods cannot travel back by an ordinary carrier, whatever the feed
 * says; any other product follows the feed's flag.
 */
export function notReturnableReasonOf(product: ReturnableFlags): NotReturnableReason | null {
  if (product.is_mmsi) return "mmsi";
  if (product.is_hazardous) return "hazardous";
  return product.returnable ? null : "flagged";
}

/**
 * Units a return line holds against the delivered quantity: what was asked while the return is
 * open, what was received once received (the rest never came back and may be asked again), none
 * once refused or withdrawn.
 */
export function heldUnits(status: ReturnStatus, qty: number, received: number | null): number {
  switch (status) {
    case "refusé":
    case "annulé":
      return 0;
    case "demandé":
    case "accepté":
      return qty;
    case "reçu":
    case "avoir émis":
    case "échange expédié":
      return received ?? qty;
  }
}

/** What may still be asked of a line: delivered less what returns hold; none when not returnable. */
export function returnableUnits(delivered: number, held: number, notReturnable: NotReturnableReason | null): number {
  if (notReturnable) return 0;
  return Math.max(0, delivered - held);
}

/** The statuses each step starts from, and the status it leads to. */
const STEPS: Readonly<Record<Exclude<ReturnStepKind, "requested">, { from: readonly ReturnStatus[]; to: ReturnStatus }>> = {
  accepted: { from: ["demandé"], to: "accepté" },
  refused: { from: ["demandé", "accepté"], to: "refusé" },
  received: { from: ["accepté"], to: "reçu" },
  credited: { from: ["reçu"], to: "avoir émis" },
  exchanged: { from: ["reçu"], to: "échange expédié" },
  withdrawn: { from: ["demandé"], to: "annulé" },
};

export function statusAfter(step: Exclude<ReturnStepKind, "requested">): ReturnStatus {
  return STEPS[step].to;
}

const STEP_VERBS: Readonly<Record<Exclude<ReturnStepKind, "requested">, string>> = {
  accepted: "accepté",
  refused: "refusé",
  received: "réceptionné",
  credited: "crédité",
  exchanged: "échangé",
  withdrawn: "annulé",
};

/** Why `step` is impossible from `status` (a French sentence naming the return), or null. */
export function stepRefusal(number: string, status: ReturnStatus, step: Exclude<ReturnStepKind, "requested">): string | null {
  if (STEPS[step].from.includes(status)) return null;
  const subject = `Le retour ${number}`;
  if (status === "refusé" || status === "annulé" || status === "avoir émis" || status === "échange expédié") {
    return `${subject} est « ${status} » : il ne peut plus changer.`;
  }
  if (step === "received") return `${subject} est « ${status} » : il doit être accepté avant d'être réceptionné.`;
  if (step === "credited" || step === "exchanged")
    return `${subject} est « ${status} » : il doit être réceptionné avant d'être ${STEP_VERBS[step]}.`;
  if (step === "withdrawn") return `${subject} est « ${status} » : seule une demande pas encore traitée peut être annulée.`;
  return `${subject} est déjà « ${status} » : il ne peut plus être ${STEP_VERBS[step]}.`;
}

export interface FeeBase {
  vat_rate: number;
  /** The credited line's net amount HT, ecotax apart. */
  net_ht: number;
}

/**
 * The restocking fee per VAT rate: `pct` % of the returned lines' net amount at that rate,
 * rounded to the cent, highest rate first; rates with no fee are left out. The ecotax is
 * refunded whole: it is a contribution collected for the recycling body, not the seller's price.
 */
export function restockingFees(lines: readonly FeeBase[], pct: number): { vat_rate: number; fee: number }[] {
  if (pct <= 0) return [];
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.vat_rate, (bases.get(line.vat_rate) ?? 0) + line.net_ht);
  return [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vat_rate, base]) => ({ vat_rate, fee: roundCents((base * pct) / 100) }))
    .filter((entry) => entry.fee > 0);
}

export interface CreditableInvoice {
  id: number;
  number: string;
  /** What remains creditable per reference on this invoice. */
  lines: readonly { obj_ref: string; creditable: number }[];
}

/**
 * Spreads the returned units over the order's invoices, the latest first (the units returned
 * are the last delivered), never more of a reference than an invoice has left to credit.
 * Returns one entry per invoice touched, and the units no invoice could take (none when the
 * order was invoiced as delivered).
 */
export function allocateCredit(
  returned: readonly { obj_ref: string; qty: number }[],
  invoices: readonly CreditableInvoice[],
): {
  allocations: { invoice_id: number; number: string; lines: { obj_ref: string; qty: number }[] }[];
  unallocated: { obj_ref: string; qty: number }[];
} {
  const left = invoices.map((invoice) => ({
    invoice,
    remaining: new Map(invoice.lines.map((line) => [normalizeReference(line.obj_ref), { ref: line.obj_ref, qty: line.creditable }])),
    taken: [] as { obj_ref: string; qty: number }[],
  }));
  const unallocated: { obj_ref: string; qty: number }[] = [];
  for (const item of returned) {
    let qty = item.qty;
    const key = normalizeReference(item.obj_ref);
    for (const entry of left) {
      if (qty === 0) break;
      const line = entry.remaining.get(key);
      if (!line || line.qty <= 0) continue;
      const take = Math.min(qty, line.qty);
      line.qty -= take;
      qty -= take;
      entry.taken.push({ obj_ref: line.ref, qty: take });
    }
    if (qty > 0) unallocated.push({ obj_ref: item.obj_ref, qty });
  }
  return {
    allocations: left
      .filter((entry) => entry.taken.length > 0)
      .map((entry) => ({ invoice_id: entry.invoice.id, number: entry.invoice.number, lines: entry.taken })),
    unallocated,
  };
}
