import { MAX_LIST_LINES, MAX_LIST_QTY, type ListLineInput } from "@shared/contracts/order-lists";

/** A list's line as stored, without its position (the order of the array is the list's). */
export interface StoredLine {
  product_id: number;
  qty: number;
  note: string;
}

export interface Merged {
  lines: StoredLine[];
  /** Indexes of the added lines that found no room (the list already had MAX_LIST_LINES products). */
  overflow: number[];
}

/**
 * Adds lines to a list's lines, merged by product (decision 0194): the quantities add up (at
 * most MAX_LIST_QTY), a note given replaces the line's, a new product comes last. Past
 * MAX_LIST_LINES products an added line finds no room: the caller refuses it.
 */
export function mergeLines(existing: readonly StoredLine[], added: readonly ListLineInput[]): Merged {
  const lines = existing.map((line) => ({ ...line }));
  const byProduct = new Map(lines.map((line) => [line.product_id, line]));
  const overflow: number[] = [];
  added.forEach((input, index) => {
    const line = byProduct.get(input.product_id);
    if (line) {
      line.qty = Math.min(MAX_LIST_QTY, line.qty + input.qty);
      if (input.note !== "") line.note = input.note;
      return;
    }
    if (lines.length >= MAX_LIST_LINES) {
      overflow.push(index);
      return;
    }
    const fresh = { product_id: input.product_id, qty: input.qty, note: input.note };
    lines.push(fresh);
    byProduct.set(fresh.product_id, fresh);
  });
  return { lines, overflow };
}
