import type { ImportCounts } from "@shared/contracts/imports";
import type { LineIssue } from "../reader/table";
import { referenceKey } from "./product-plan";

/** A line of the `stock` feed, once read (product-columns.ts). */
export interface StockLine {
  line: number;
  reference: string;
  available: number;
  refillDate: string | null;
  refillQuantity: number | null;
}

/** A stocks row as the table holds it (and as the import writes it). */
export interface StockValues {
  product_id: number;
  sto_disp: number;
  refill_date: string | null;
  refill_qte: number | null;
}

export interface StockPlanInput {
  lines: readonly StockLine[];
  /** Every product by its normalised reference (ref_norm). */
  products: ReadonlyMap<string, { id: number; is_port: boolean }>;
  /** The stored stock rows by product id. */
  stocks: ReadonlyMap<number, StockValues>;
  /** The fields whose column is in the file: an absent refill column keeps the stored refill. */
  present: ReadonlySet<string>;
}

export interface StockPlan {
  issues: LineIssue[];
  /** The rows to insert or overwrite (created and updated ones). */
  writes: StockValues[];
  counts: Omit<ImportCounts, "refused">;
}

/**
 * The upsert of the `stock` feed, one stocks row per product: the figures of the file replace
 * the stored ones (a snapshot of the ERP's stock, not an arrival added to it). A reference
 * that is no product, or a shipping line, is refused.
 */
export function planStock(input: StockPlanInput): StockPlan {
  const issues: LineIssue[] = [];
  const writes: StockValues[] = [];
  const seen = new Map<string, number>();
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const line of input.lines) {
    const key = referenceKey(line.reference);
    const first = seen.get(key);
    const product = input.products.get(key);
    const refuse = (message: string) => issues.push({ line: line.line, column: "Référence", value: line.reference, message });
    if (first !== undefined) {
      refuse(`désigne le même produit que la ligne ${first} (les espaces ne comptent pas)`);
      continue;
    }
    seen.set(key, line.line);
    if (!product) {
      refuse("n'est pas un produit connu (importez-le d'abord avec le flux products)");
      continue;
    }
    if (product.is_port) {
      refuse("est un article de frais de port du portail : il n'a pas de stock");
      continue;
    }
    const stored = input.stocks.get(product.id);
    const next: StockValues = {
      product_id: product.id,
      sto_disp: line.available,
      refill_date: input.present.has("refill_date") ? line.refillDate : (stored?.refill_date ?? null),
      refill_qte: input.present.has("refill_quantity") ? line.refillQuantity : (stored?.refill_qte ?? null),
    };
    if (!stored) counts.created++;
    else if (stored.sto_disp === next.sto_disp && stored.refill_date === next.refill_date && stored.refill_qte === next.refill_qte) {
      counts.unchanged++;
      continue;
    } else counts.updated++;
    writes.push(next);
  }
  return { issues, writes, counts };
}
