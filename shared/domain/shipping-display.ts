import { normalizeReference } from "./references";
import { LDD_FEE_LABEL, shippingLabel } from "./shipping-labels";

/**
 * The shipping amounts as a buyer reads them: one row per amount that makes the shipping total,
 * the direct-delivery fee included (it is not a cart line, docs/shipping.md, but it is paid),
 * each with its French name (decision 0129). Used by the cart, the checkout steps, the
 * confirmation page and its e-mail, so that their lines add up to their totals alike.
 */

/** A shipping line of a cart or an order, as far as showing it goes. */
export interface ShippingAmountLine {
  ref: string;
  title: string;
  qty: number;
  /** Cents; null when this user may not see prices. */
  unitPrice: number | null;
  /** The line's amount (qty × price) in cents; null when this user may not see prices. */
  amount: number | null;
}

export interface ShippingRow {
  /** The line's reference (a stable key and test id), or "LDD" for the direct-delivery fee. */
  key: string;
  label: string;
  qty: number;
  unitPrice: number | null;
  amount: number | null;
}

export interface ShippingDisplay {
  rows: ShippingRow[];
  /** Free shipping of the parcels, said in words when other charges remain (no « 0,00 € » row among them). */
  francoNote: string | null;
}

export const LDD_ROW_KEY = "LDD";
export const FRANCO_BESIDE_CHARGES = "Franco de port atteint pour les colis : seuls les frais ci-dessus restent facturés.";

/** The free-shipping line, when it costs nothing: it says something only when it stands alone. */
function isFreeFranco(line: ShippingAmountLine): boolean {
  return normalizeReference(line.ref) === "PORT_FRANCO" && (line.amount === null || line.amount === 0);
}

function rowOf(line: ShippingAmountLine): ShippingRow {
  return {
    key: normalizeReference(line.ref),
    label: shippingLabel(line.ref, line.title),
    qty: line.qty,
    unitPrice: line.unitPrice,
    amount: line.amount,
  };
}

/**
 * The rows to show for these shipping lines and the direct-delivery fee (null: not charged).
 * « Franco de port 0,00 € » beside paid lines reads as a contradiction: it becomes a note.
 */
export function shippingDisplay(lines: readonly ShippingAmountLine[], lddFee: number | null): ShippingDisplay {
  const franco = lines.filter(isFreeFranco);
  const charged = lines.filter((line) => !isFreeFranco(line)).map(rowOf);
  if (lddFee !== null) charged.push({ key: LDD_ROW_KEY, label: LDD_FEE_LABEL, qty: 1, unitPrice: lddFee, amount: lddFee });
  if (charged.length === 0) return { rows: franco.map(rowOf), francoNote: null };
  return { rows: charged, francoNote: franco.length > 0 ? FRANCO_BESIDE_CHARGES : null };
}

/**
 * The direct-delivery fee of a stored order: an order keeps its lines and totals, not the fee,
 * which is what its HT total has beyond its lines (as its invoice computes it). Null when the
 * option was off or an amount is hidden.
 */
export function orderLddFee(lddActive: boolean, totalHt: number | null, lineTotals: readonly (number | null)[]): number | null {
  const lines = sumOfAmounts(lineTotals);
  if (!lddActive || totalHt === null || lines === null) return null;
  return Math.max(0, totalHt - lines);
}

/** The sum of amounts in cents, or null when one is hidden (no partial sums: decision 0107). */
export function sumOfAmounts(amounts: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const amount of amounts) {
    if (amount === null) return null;
    sum += amount;
  }
  return sum;
}
