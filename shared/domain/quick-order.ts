import { MAX_LINE_QTY } from "./cart";
import { isShippingReference, normalizeReference } from "./references";

/**
 * Quick order (spec sections 2 and 5): reference + quantity lines typed in a grid, pasted from
 * a spreadsheet (REF;QTY, REF<TAB>QTY, REF QTY, REF,QTY) or read from a CSV/XLSX file. Each line
 * is checked on its own, so the good lines go on while the bad ones get a French reason.
 * Whether a reference exists is for the catalogue to say: this module only reads the input.
 */

/** A line worth looking up in the catalogue. `lines` are the 1-based input lines merged into it. */
export interface QuickOrderEntry {
  ref: string;
  qty: number;
  lines: number[];
}

export interface QuickOrderIssue {
  line: number;
  /** The input as the user gave it, trimmed and shortened, to show beside the reason. */
  input: string;
  message: string;
}

export interface QuickOrderParse {
  entries: QuickOrderEntry[];
  issues: QuickOrderIssue[];
}

/** More lines than this in one quick order is an import job, not a cart change. */
export const QUICK_ORDER_MAX_LINES = 200;
const REFERENCE_PATTERN = /^[A-Z0-9][A-Z0-9._+\-/]{0,59}$/;
const HEADER_WORDS = /^(r[ée]f|reference|référence|code|article)/i;

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"').trim() : trimmed;
}

/** Splits one pasted or CSV line into cells: ; tab or , when present, otherwise blanks. */
export function splitQuickOrderLine(line: string): string[] {
  const separator = [";", "\t", ","].find((candidate) => line.includes(candidate));
  const cells = separator === undefined ? line.trim().split(/\s+/) : line.split(separator);
  return cells.map(unquote);
}

type CellCheck = { ok: true; ref: string; qty: number } | { ok: false; message: string };

function checkQuantity(raw: string): number | string {
  if (raw === "") return 1;
  if (!/^\d+$/.test(raw)) return `Quantité invalide « ${raw.slice(0, 20)} » : un nombre entier est attendu.`;
  const qty = Number(raw);
  if (qty < 1) return "La quantité doit être au moins 1.";
  if (qty > MAX_LINE_QTY) return `La quantité ne peut pas dépasser ${MAX_LINE_QTY}.`;
  return qty;
}

function checkCells(rawRef: string, rawQty: string): CellCheck {
  const ref = normalizeReference(rawRef);
  if (!REFERENCE_PATTERN.test(ref)) return { ok: false, message: `Référence invalide « ${ref.slice(0, 30)} ».` };
  if (isShippingReference(ref)) return { ok: false, message: `${ref} est un frais de port : il est calculé automatiquement.` };
  const qty = checkQuantity(rawQty.trim().replace(/\s/g, ""));
  return typeof qty === "string" ? { ok: false, message: qty } : { ok: true, ref, qty };
}

function isHeaderRow(cells: readonly string[]): boolean {
  const [first = "", second = ""] = cells;
  return HEADER_WORDS.test(first.trim()) && !/^\d+$/.test(second.trim());
}

/**
 * Reads rows of cells (a parsed sheet, split text or the grid). Blank rows are skipped, a
 * header row on line 1 too; a reference given on several lines is ordered once, quantities added.
 */
export function parseQuickOrderRows(rows: readonly (readonly string[])[]): QuickOrderParse {
  const byRef = new Map<string, QuickOrderEntry>();
  const issues: QuickOrderIssue[] = [];
  rows.forEach((cells, index) => {
    const line = index + 1;
    const [rawRef = "", rawQty = ""] = cells.map((cell) => cell.trim());
    if (rawRef === "" && rawQty === "") return;
    if (index === 0 && isHeaderRow(cells)) return;
    const input = cells.filter((cell) => cell.trim() !== "").join(" ; ").slice(0, 80);
    if (byRef.size >= QUICK_ORDER_MAX_LINES && !byRef.has(normalizeReference(rawRef))) {
      issues.push({ line, input, message: `Au plus ${QUICK_ORDER_MAX_LINES} références par commande rapide.` });
      return;
    }
    const checked = checkCells(rawRef, rawQty);
    if (!checked.ok) {
      issues.push({ line, input, message: checked.message });
      return;
    }
    const existing = byRef.get(checked.ref);
    if (existing === undefined) {
      byRef.set(checked.ref, { ref: checked.ref, qty: checked.qty, lines: [line] });
    } else if (existing.qty + checked.qty > MAX_LINE_QTY) {
      issues.push({ line, input, message: `Quantité totale de ${checked.ref} supérieure à ${MAX_LINE_QTY}.` });
    } else {
      existing.qty += checked.qty;
      existing.lines.push(line);
    }
  });
  return { entries: [...byRef.values()], issues };
}

/** Pasted text or a CSV file: a UTF-8 byte-order mark and Windows line ends are welcome. */
export function parseQuickOrderText(text: string): QuickOrderParse {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  return parseQuickOrderRows(lines.map((line) => (line.trim() === "" ? [] : splitQuickOrderLine(line))));
}
