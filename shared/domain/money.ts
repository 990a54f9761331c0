/**
 * Money is integer cents everywhere (docs/decisions/0003). Rounding to the cent happens only
 * where a rule multiplies by a rate: a percentage discount and the VAT (docs/decisions/0004).
 */

/** French VAT rate applied to products, ecotax and shipping lines. */
export const VAT_RATE = 0.2;

/**
 * Rounds an amount of (possibly fractional) cents to a whole cent, halves away from zero,
 * as French invoices do. The value is first trimmed to 6 decimals so that binary noise such
 * as 997.4999999999 (for an exact 997.5) does not flip the rounding.
 */
export function roundCents(amount: number): number {
  const magnitude = Math.round(Number(Math.abs(amount).toFixed(6)));
  return amount < 0 ? -magnitude : magnitude;
}

/** 12.5 (euros) → 1250 (cents). */
export function eurosToCents(euros: number): number {
  return roundCents(euros * 100);
}

/** Applies a percentage discount (0-100) to a price in cents, rounded to the cent. */
export function applyPercentOff(priceCents: number, percentOff: number): number {
  // (100 - p) / 100 keeps the product exact for whole percentages.
  return roundCents((priceCents * (100 - percentOff)) / 100);
}

/** VAT on a base in cents at a given rate, rounded once. */
export function vatOn(baseCents: number, rate: number = VAT_RATE): number {
  return roundCents(baseCents * rate);
}
