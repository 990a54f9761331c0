import type { ImportCounts } from "@shared/contracts/imports";
import { isShippingReference } from "@shared/domain/index";
import type { LineIssue } from "../reader/table";
import type { ShippingFamily } from "./product-values";

/** A product line of the file, once read (product-columns.ts); null: an empty or absent optional cell. */
export interface ProductLine {
  line: number;
  reference: string;
  title: string;
  description: string | null;
  brandReference: string | null;
  categoryReference: string;
  price: number;
  ecotax: number | null;
  weightGross: number | null;
  weightNet: number | null;
  mmsi: boolean;
  shippingFamilies: readonly ShippingFamily[] | null;
  discontinued: boolean;
  images: readonly string[] | null;
  /** The « Retournable » cell; null when empty: the stored flag stays (true for a new product). */
  returnable: boolean | null;
}

/** What an import writes of a product: every column it decides. */
export interface ProductValues {
  ref: string;
  title: string;
  name: string;
  description: string;
  brand_id: number | null;
  category_id: number;
  price_selling: number;
  ecotaxe: number;
  weight_gross: number;
  weight_net: number;
  is_mmsi: boolean;
  is_motor: boolean;
  is_antenna: boolean;
  is_tag: boolean;
  is_hazardous: boolean;
  discontinued: boolean;
  images: readonly string[];
  /** May be asked back (docs/returns.md); MMSI and hazardous goods never are, whatever it says. */
  returnable: boolean;
}

/** A product as the table holds it, with what an import compares and keeps. */
export interface StoredProduct extends Omit<ProductValues, "category_id"> {
  id: number;
  ref_norm: string;
  category_id: number | null;
  is_port: boolean;
}

export interface ProductPlanInput {
  lines: readonly ProductLine[];
  stored: readonly StoredProduct[];
  /** Brand and category ids by their ERP reference (erp_ref). */
  brands: ReadonlyMap<string, number>;
  categories: ReadonlyMap<string, number>;
  /** The fields whose column is in the file: an absent optional column keeps what is stored. */
  present: ReadonlySet<string>;
  full: boolean;
  /** The reader refused lines: `full` then marks nothing (a refused line's product is in the file). */
  refusedLines: boolean;
}

/** A changed product; `searched`: a column of its search document changed too (migration 0018). */
export interface ProductUpdate {
  id: number;
  values: ProductValues;
  searched: boolean;
}

export interface ProductPlan {
  issues: LineIssue[];
  creates: ProductValues[];
  updates: ProductUpdate[];
  /** Ids of the products missing from a `full` file, to be marked discontinued. */
  discontinue: number[];
  counts: Omit<ImportCounts, "refused">;
}

/** As the database normalises a reference (ref_norm, migration 0001): upper case, no spaces. */
export function referenceKey(reference: string): string {
  return reference.toUpperCase().replaceAll(" ", "");
}

const FAMILY_FLAGS = { motor: "is_motor", antenna: "is_antenna", tag: "is_tag", hazardous: "is_hazardous" } as const;
const COMPARED = [
  "ref",
  "title",
  "name",
  "description",
  "brand_id",
  "category_id",
  "price_selling",
  "ecotaxe",
  "weight_gross",
  "weight_net",
  "is_mmsi",
  "is_motor",
  "is_antenna",
  "is_tag",
  "is_hazardous",
  "discontinued",
  "returnable",
] as const satisfies readonly (keyof ProductValues)[];

/** The columns the search document is made of: the trigger that rebuilds it fires when one is written. */
export const SEARCHED = ["ref", "title", "description", "brand_id", "category_id"] as const satisfies readonly (keyof ProductValues)[];

function sameProduct(stored: StoredProduct, next: ProductValues): boolean {
  return COMPARED.every((key) => stored[key] === next[key]) && JSON.stringify(stored.images) === JSON.stringify(next.images);
}

/**
 * The product a line makes, over the stored one if any. An optional column absent from the
 * file keeps the stored value (a new product takes the default); with `full` the file says
 * every product's state, so « Arrêté » absent reads « non ». The short name (`name`, shown
 * beside the reference) follows the title unless the portal's own data gave it another one.
 */
export function nextProduct(
  line: ProductLine,
  stored: StoredProduct | undefined,
  ids: { brandId: number | null; categoryId: number },
  present: ReadonlySet<string>,
  full: boolean,
): ProductValues {
  const has = (field: string) => present.has(field);
  const families = line.shippingFamilies ?? [];
  const flag = (family: ShippingFamily) =>
    has("shipping_families") ? families.includes(family) : (stored?.[FAMILY_FLAGS[family]] ?? false);
  return {
    ref: line.reference,
    title: line.title,
    name: stored && stored.name !== stored.title ? stored.name : line.title,
    description: has("description") ? (line.description ?? "") : (stored?.description ?? ""),
    brand_id: has("brand_reference") ? ids.brandId : (stored?.brand_id ?? null),
    category_id: ids.categoryId,
    price_selling: line.price,
    ecotaxe: has("ecotax") ? (line.ecotax ?? 0) : (stored?.ecotaxe ?? 0),
    weight_gross: has("weight_gross") ? (line.weightGross ?? 0) : (stored?.weight_gross ?? 0),
    weight_net: has("weight_net") ? (line.weightNet ?? 0) : (stored?.weight_net ?? 0),
    is_mmsi: has("mmsi") ? line.mmsi : (stored?.is_mmsi ?? false),
    is_motor: flag("motor"),
    is_antenna: flag("antenna"),
    is_tag: flag("tag"),
    is_hazardous: flag("hazardous"),
    discontinued: has("discontinued") || full ? line.discontinued : (stored?.discontinued ?? false),
    images: has("images") ? (line.images ?? []) : (stored?.images ?? []),
    returnable: has("returnable") && line.returnable !== null ? line.returnable : (stored?.returnable ?? true),
  };
}

/**
 * The upsert of the `products` feed, by reference as the database normalises it: which lines
 * are refused (unknown brand or category, a shipping line, one product named twice), which
 * products are created, updated or unchanged, and with `full` which ones the file no longer
 * lists (shipping lines never: they are the portal's own).
 */
export function planProducts(input: ProductPlanInput): ProductPlan {
  const byKey = new Map(input.stored.map((product) => [product.ref_norm, product]));
  const issues: LineIssue[] = [];
  const seen = new Map<string, number>();
  const creates: ProductValues[] = [];
  const updates: ProductUpdate[] = [];
  let unchanged = 0;
  for (const line of input.lines) {
    const key = referenceKey(line.reference);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line.line);
    const stored = byKey.get(key);
    const lineIssues: LineIssue[] = [];
    const refuse = (column: string, value: string, message: string) => lineIssues.push({ line: line.line, column, value, message });
    if (first !== undefined)
      refuse("Référence", line.reference, `désigne le même produit que la ligne ${first} (les espaces ne comptent pas)`);
    if (stored?.is_port || isShippingReference(key))
      refuse("Référence", line.reference, "est un article de frais de port du portail : il ne s'importe pas");
    const brandId = line.brandReference === null ? null : input.brands.get(line.brandReference);
    if (brandId === undefined)
      refuse("Référence marque", line.brandReference ?? "", "n'est pas une marque connue (importez-la d'abord avec le flux brands)");
    const categoryId = input.categories.get(line.categoryReference);
    if (categoryId === undefined)
      refuse("Référence catégorie", line.categoryReference, "n'est pas une catégorie connue (importez-la d'abord avec le flux categories)");
    if (lineIssues.length > 0 || brandId === undefined || categoryId === undefined) {
      issues.push(...lineIssues);
      continue;
    }
    const values = nextProduct(line, stored, { brandId, categoryId }, input.present, input.full);
    if (!stored) creates.push(values);
    else if (sameProduct(stored, values)) unchanged++;
    else updates.push({ id: stored.id, values, searched: SEARCHED.some((key) => stored[key] !== values[key]) });
  }
  const discontinue =
    input.full && !input.refusedLines && issues.length === 0
      ? input.stored
          .filter((product) => !product.is_port && !product.discontinued && !seen.has(product.ref_norm))
          .map((product) => product.id)
      : [];
  const counts = { created: creates.length, updated: updates.length, unchanged };
  return { issues, creates, updates, discontinue, counts: input.full ? { ...counts, discontinued: discontinue.length } : counts };
}
