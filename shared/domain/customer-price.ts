/**
 * Which negotiated condition sets a customer's net price of a product
 * (docs/decisions/0177-prices-feed-and-price-groups.md). The back-office's SQL
 * (server/backoffice/pim/pricing.ts) computes the same, and a test compares the two.
 *
 * For one customer, product and day, the first of these that applies wins:
 * 1. the customer's own net price for the product,
 * 2. its own discount on the product,
 * 3. its own discount on the product's brand,
 * 4. its price group's net price for the product,
 * 5. the group's discount on the product,
 * 6. the group's discount on the brand,
 * 7. the list price.
 * A condition applies from its start to its end day inclusive (either may be open); among the
 * conditions of one rank that apply, the latest started wins (an undated one comes last).
 * Promotions are not conditions: the lowest running one applies when it is below this price.
 */

/** A net price (cents HT) or a discount (percent, two decimals): exactly one is set. */
export interface PriceCondition {
  price: number | null;
  discount: number | null;
  /** YYYY-MM-DD, inclusive; null: open. */
  starts_on: string | null;
  ends_on: string | null;
}

/** The conditions of a customer, or of a price group, per product id and per brand id. */
export interface PriceConditions {
  products: ReadonlyMap<number, readonly PriceCondition[]>;
  brands: ReadonlyMap<number, readonly PriceCondition[]>;
}

export interface PriceableProduct {
  id: number;
  brand_id: number | null;
  /** The list price, cents HT. */
  price_selling: number;
}

export interface NetPrice {
  /** What the customer pays before promotion, cents HT. */
  price: number;
  /** The discount shown: the condition's, or the one a net price makes off the list price (two decimals, never negative). */
  discount: number;
}

export const NO_CONDITIONS: PriceConditions = { products: new Map(), brands: new Map() };

export function conditionRunsOn(condition: PriceCondition, today: string): boolean {
  return (condition.starts_on === null || condition.starts_on <= today) && (condition.ends_on === null || condition.ends_on >= today);
}

/** Net prices before discounts, then the latest start (SQL: `order by price is null, starts_on desc nulls last`). */
function outranks(candidate: PriceCondition, best: PriceCondition): boolean {
  const candidateIsPrice = candidate.price !== null;
  if (candidateIsPrice !== (best.price !== null)) return candidateIsPrice;
  if (candidate.starts_on === null) return false;
  return best.starts_on === null || candidate.starts_on > best.starts_on;
}

/** The condition of `list` that applies on `today`, if any. */
export function applicableCondition(list: readonly PriceCondition[] | undefined, today: string): PriceCondition | null {
  let best: PriceCondition | null = null;
  for (const condition of list ?? []) {
    if (conditionRunsOn(condition, today) && (!best || outranks(condition, best))) best = condition;
  }
  return best;
}

/** PostgreSQL's round() of a non-negative numeric n / d: half away from zero, in integers. */
function roundedQuotient(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The list price less `percent` (two decimals), rounded half away from zero to the cent, in integers. */
export function discountedPrice(listPrice: number, percent: number): number {
  return roundedQuotient(listPrice * (10000 - Math.round(percent * 100)), 10000);
}

/** The discount a net price makes off the list price, two decimals, never negative; 0 without a list price. */
export function impliedDiscount(listPrice: number, netPrice: number): number {
  if (listPrice <= 0 || netPrice >= listPrice) return 0;
  return roundedQuotient((listPrice - netPrice) * 10000, listPrice) / 100;
}

/** The condition that sets the price at one level (the customer's own, or its group's). */
function levelCondition(product: PriceableProduct, conditions: PriceConditions, today: string): PriceCondition | null {
  const onProduct = applicableCondition(conditions.products.get(product.id), today);
  if (onProduct) return onProduct;
  return product.brand_id === null ? null : applicableCondition(conditions.brands.get(product.brand_id), today);
}

/** The customer's net price of `product` on `today`: its own conditions, else its group's, else the list price. */
export function customerNetPrice(product: PriceableProduct, own: PriceConditions, group: PriceConditions | null, today: string): NetPrice {
  const listed = product.price_selling;
  const condition = levelCondition(product, own, today) ?? (group ? levelCondition(product, group, today) : null);
  if (condition && condition.price !== null) return { price: condition.price, discount: impliedDiscount(listed, condition.price) };
  const discount = condition?.discount ?? 0;
  return { price: discountedPrice(listed, discount), discount };
}
