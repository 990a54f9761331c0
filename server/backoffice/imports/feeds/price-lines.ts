import { priceImportRow, type PriceImportRow } from "@shared/contracts/imports";
import { discountedPrice } from "@shared/domain/customer-price";
import type { FeedRecord, LineIssue } from "../reader/table";

/**
 * What a line of the `prices` feed means, checked against the portal's customers, groups,
 * products and brands (docs/integration.md): a condition (a net price or a discount of a
 * customer or a group, on a product or a brand) or a promotion. Pure: the plan (prices.ts)
 * gives the look-ups and writes what comes out.
 */

/** The four tables of conditions, by owner (customer or group) and target (product or brand). */
export type ConditionTable = "org_product_prices" | "org_brand_discounts" | "price_group_product_prices" | "price_group_brand_discounts";

export interface ConditionLine {
  kind: "condition";
  line: number;
  table: ConditionTable;
  /** The organization's or the group's id. */
  ownerId: number;
  /** The product's or the brand's id. */
  targetId: number;
  price: number | null;
  discount: number | null;
  starts_on: string | null;
  ends_on: string | null;
}

export interface PromotionLine {
  kind: "promotion";
  line: number;
  orgId: number | null;
  productId: number;
  name: string;
  promoPrice: number;
  starts_on: string;
  ends_on: string;
}

export type PriceLine = ConditionLine | PromotionLine;

export interface PricedProductRef {
  id: number;
  price_selling: number;
  is_port: boolean;
}

/** The portal's rows by the references a file names them with (upper-cased, as the reader reads them). */
export interface PriceLookups {
  customers: ReadonlyMap<string, number>;
  groups: ReadonlyMap<string, number>;
  products: ReadonlyMap<string, PricedProductRef>;
  brands: ReadonlyMap<string, number>;
}

/** The highest price taken: 10 million euros, far below what an integer column holds. */
export const MAX_PRICE_CENTS = 1_000_000_000;

const COLUMN = {
  customer: "Référence client",
  group: "Groupe de prix",
  product: "Référence produit",
  brand: "Référence marque",
  promotion: "Promotion",
  price: "Prix net HT",
  discount: "Remise (%)",
  start: "Date de début",
  end: "Date de fin",
} as const;

/** 2026-12-31 → 31/12/2026, as the file likely wrote it. */
const frenchDay = (iso: string) => iso.split("-").reverse().join("/");

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** The problems of a line's shape, before any look-up: which columns go together. */
function shapeIssues(row: PriceImportRow, line: number): LineIssue[] {
  const issues: LineIssue[] = [];
  const issue = (column: string, value: string, message: string) => issues.push({ line, column, value, message });
  if (row.promotion !== null) {
    if (row.price_group !== null)
      issue(COLUMN.group, row.price_group, "une promotion vaut pour tous les clients ou pour un client, pas pour un groupe de prix");
    if (row.brand_reference !== null) issue(COLUMN.brand, row.brand_reference, "une promotion vaut pour un produit, pas pour une marque");
    else if (row.product_reference === null) issue(COLUMN.product, "", "est obligatoire pour une promotion");
    if (row.starts_on === null) issue(COLUMN.start, "", "est obligatoire pour une promotion");
    if (row.ends_on === null) issue(COLUMN.end, "", "est obligatoire pour une promotion");
  } else {
    if (row.customer_reference !== null && row.price_group !== null)
      issue(COLUMN.group, row.price_group, "une ligne vaut pour un client ou pour un groupe de prix, pas les deux");
    if (row.customer_reference === null && row.price_group === null)
      issue(COLUMN.customer, "", "est obligatoire, ou le Groupe de prix, ou le nom de la Promotion");
    if (row.product_reference !== null && row.brand_reference !== null)
      issue(COLUMN.brand, row.brand_reference, "une ligne vaut pour un produit ou pour une marque, pas les deux");
    if (row.product_reference === null && row.brand_reference === null)
      issue(COLUMN.product, "", "est obligatoire, ou la Référence marque pour une remise sur la marque");
    if (row.brand_reference !== null && row.product_reference === null && row.price !== null)
      issue(COLUMN.price, euros(row.price), "un prix net vaut pour un produit : pour une marque, donnez une Remise (%)");
  }
  if (row.price !== null && row.discount !== null)
    issue(COLUMN.discount, String(row.discount).replace(".", ","), "une ligne donne un prix ou une remise, pas les deux");
  if (row.price === null && row.discount === null) issue(COLUMN.price, "", "est obligatoire, ou la Remise (%)");
  if (row.price !== null && row.price < 0) issue(COLUMN.price, euros(row.price), "est négatif");
  if (row.price !== null && row.price > MAX_PRICE_CENTS) issue(COLUMN.price, euros(row.price), "dépasse 10 000 000,00 €");
  if (row.starts_on !== null && row.ends_on !== null && row.ends_on < row.starts_on)
    issue(COLUMN.end, frenchDay(row.ends_on), `précède la Date de début (${frenchDay(row.starts_on)})`);
  return issues;
}

/** The line's references looked up; each unknown one is an issue. */
function resolve(row: PriceImportRow, line: number, lookups: PriceLookups) {
  const issues: LineIssue[] = [];
  const find = <T>(map: ReadonlyMap<string, T>, reference: string | null, column: string, unknown: string): T | null => {
    if (reference === null) return null;
    const found = map.get(reference);
    if (found === undefined) issues.push({ line, column, value: reference, message: unknown });
    return found ?? null;
  };
  const customerId = find(lookups.customers, row.customer_reference, COLUMN.customer, "n'est pas un client connu");
  const groupId = find(lookups.groups, row.price_group, COLUMN.group, "n'est pas un groupe de prix connu (flux price-groups)");
  const product = find(lookups.products, row.product_reference, COLUMN.product, "n'est pas un produit connu");
  const brandId = find(lookups.brands, row.brand_reference, COLUMN.brand, "n'est pas une marque connue (flux brands)");
  if (product?.is_port)
    issues.push({
      line,
      column: COLUMN.product,
      value: row.product_reference ?? "",
      message: "est un port : son prix suit les règles de livraison",
    });
  return { issues, customerId, groupId, product, brandId };
}

/** The line as it will be written, or the reasons it is refused. */
export function readPriceLine(record: FeedRecord, lookups: PriceLookups): { line: PriceLine } | { issues: LineIssue[] } {
  const row = priceImportRow.parse(record.values);
  const shape = shapeIssues(row, record.line);
  if (shape.length > 0) return { issues: shape };
  const { issues, customerId, groupId, product, brandId } = resolve(row, record.line, lookups);
  if (issues.length > 0) return { issues };
  if (row.promotion !== null && product && row.starts_on !== null && row.ends_on !== null) {
    const promoPrice = row.price ?? discountedPrice(product.price_selling, row.discount ?? 0);
    return {
      line: {
        kind: "promotion",
        line: record.line,
        orgId: customerId,
        productId: product.id,
        name: row.promotion,
        promoPrice,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
      },
    };
  }
  const ownerId = customerId ?? groupId;
  const targetId = product?.id ?? brandId;
  if (ownerId === null || targetId === null) throw new Error(`line ${record.line} passed its checks without an owner or a target`);
  const table: ConditionTable =
    customerId !== null
      ? product
        ? "org_product_prices"
        : "org_brand_discounts"
      : product
        ? "price_group_product_prices"
        : "price_group_brand_discounts";
  return {
    line: {
      kind: "condition",
      line: record.line,
      table,
      ownerId,
      targetId,
      price: row.price,
      discount: row.discount,
      starts_on: row.starts_on,
      ends_on: row.ends_on,
    },
  };
}

/** A condition's key: one per owner, target and start date. */
export function conditionKey(line: Pick<ConditionLine, "table" | "ownerId" | "targetId" | "starts_on">): string {
  return `${line.table}:${line.ownerId}:${line.targetId}:${line.starts_on ?? ""}`;
}

/** A promotion's key: one per customer (or everyone), product and name (case aside). */
export function promotionKey(orgId: number | null, productId: number, name: string): string {
  return `promotion:${orgId ?? ""}:${productId}:${name.toLocaleLowerCase("fr")}`;
}

/** What a file may say once, and what a stored row is matched by. */
export function lineKey(line: PriceLine): string {
  return line.kind === "condition" ? conditionKey(line) : promotionKey(line.orgId, line.productId, line.name);
}

/** The column and value a repeated line is named by in the report. */
export function keyCell(record: FeedRecord, line: PriceLine): { column: string; value: string } {
  const value = (field: string) => {
    const cell = record.values[field];
    return typeof cell === "string" ? cell : "";
  };
  if (line.kind === "promotion") return { column: COLUMN.promotion, value: line.name };
  return line.table.endsWith("brand_discounts")
    ? { column: COLUMN.brand, value: value("brand_reference") }
    : { column: COLUMN.product, value: value("product_reference") };
}
