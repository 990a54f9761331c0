import { MAX_LINE_QTY } from "./cart";
import { countOf } from "./plural";
import { isShippingReference, normalizeReference } from "./references";

/**
 * Quick order (docs/specification.md §2 and §5): reference + quantity lines typed in a grid, pasted from
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
  /** Only on the one issue of a list cut at the limit: how many non-blank lines it stands for. */
  ignored?: number;
}

export interface QuickOrderParse {
  entries: QuickOrderEntry[];
  /** At most QUICK_ORDER_MAX_ISSUES refused lines, plus the cut at the limit when there is one. */
  issues: QuickOrderIssue[];
  /** Refused lines past QUICK_ORDER_MAX_ISSUES: counted, not listed. */
  unlisted: number;
}

/** More lines than this in one quick order is an import job, not a cart change. */
export const QUICK_ORDER_MAX_LINES = 200;
/**
 * Refused lines listed one by one; the rest are only counted. A 2 MB export sent by mistake
 * would otherwise answer hundreds of thousands of reasons (tens of MB of HTML and JSON).
 */
export const QUICK_ORDER_MAX_ISSUES = 100;
/**
 * What a typed reference may hold: the distributor's references (A-Z, digits, . _ + - /) and
 * everything the organization's own codes may (`ownCode` in shared/contracts/part-numbers.ts:
 * letters with their accents, digits, spaces, #), so a code is typed where a reference is.
 * Nothing else: no control character, no other punctuation; 60 characters at most.
 */
const REFERENCE_PATTERN = /^[\p{L}\p{N}._+\-/#][\p{L}\p{N} ._+\-/#]{0,59}$/u;
const HEADER_WORDS = /^(r[ée]f|reference|référence|code|article)/i;

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replace(/""/g, '"').trim()
    : trimmed;
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

export type ReferenceCheck = { ok: true; ref: string } | { ok: false; message: string };

/** One typed reference, normalized, or why no quick order takes it (the preview asks it too). */
export function checkQuickOrderReference(rawRef: string): ReferenceCheck {
  const ref = normalizeReference(rawRef);
  if (!REFERENCE_PATTERN.test(ref)) return { ok: false, message: `Référence invalide « ${ref.slice(0, 30)} ».` };
  if (isShippingReference(ref)) return { ok: false, message: `${ref} est un frais de port : il est calculé automatiquement.` };
  return { ok: true, ref };
}

function checkCells(rawRef: string, rawQty: string): CellCheck {
  const checked = checkQuickOrderReference(rawRef);
  if (!checked.ok) return checked;
  const qty = checkQuantity(rawQty.trim().replace(/\s/g, ""));
  return typeof qty === "string" ? { ok: false, message: qty } : { ok: true, ref: checked.ref, qty };
}

function isHeaderRow(cells: readonly string[]): boolean {
  const [first = "", second = ""] = cells;
  return HEADER_WORDS.test(first.trim()) && !/^\d+$/.test(second.trim());
}

/** The message of the one issue that stands for every line past the limit. */
export function truncatedMessage(ignored: number): string {
  return `Liste tronquée : seules les ${QUICK_ORDER_MAX_LINES} premières références sont prises en compte, ${countOf(ignored, "ligne ignorée", "lignes ignorées")} à partir de celle-ci.`;
}

/** Rows read one at a time, so that nothing past the limit is checked or kept. */
interface Rows {
  readonly length: number;
  cellsAt(index: number): readonly string[];
}

/** A row without reference nor quantity (extra columns alone do not count). */
function isBlankRow(cells: readonly string[]): boolean {
  const [rawRef = "", rawQty = ""] = cells;
  return rawRef.trim() === "" && rawQty.trim() === "";
}

function countNonBlank(rows: Rows, from: number): number {
  let count = 0;
  for (let index = from; index < rows.length; index++) if (!isBlankRow(rows.cellsAt(index))) count++;
  return count;
}

function inputOf(cells: readonly string[]): string {
  return cells
    .filter((cell) => cell.trim() !== "")
    .join(" ; ")
    .slice(0, 80);
}

/** Collects refused lines: the first QUICK_ORDER_MAX_ISSUES are listed, the others only counted. */
class IssueList {
  readonly issues: QuickOrderIssue[] = [];
  unlisted = 0;

  add(line: number, cells: readonly string[], message: string): void {
    if (this.issues.length < QUICK_ORDER_MAX_ISSUES) this.issues.push({ line, input: inputOf(cells), message });
    else this.unlisted++;
  }
}

function parseRows(rows: Rows): QuickOrderParse {
  const byRef = new Map<string, QuickOrderEntry>();
  const refused = new IssueList();
  for (let index = 0; index < rows.length; index++) {
    const cells = rows.cellsAt(index);
    if (isBlankRow(cells)) continue;
    if (index === 0 && isHeaderRow(cells)) continue;
    const line = index + 1;
    const [rawRef = "", rawQty = ""] = cells.map((cell) => cell.trim());
    const checked = checkCells(rawRef, rawQty);
    if (!checked.ok) {
      refused.add(line, cells, checked.message);
      continue;
    }
    const existing = byRef.get(checked.ref);
    if (existing === undefined && byRef.size >= QUICK_ORDER_MAX_LINES) {
      // One issue for the rest, listed whatever the count so far: the user must know it was cut.
      const ignored = countNonBlank(rows, index);
      refused.issues.push({ line, input: inputOf(cells), message: truncatedMessage(ignored), ignored });
      break;
    }
    if (existing === undefined) {
      byRef.set(checked.ref, { ref: checked.ref, qty: checked.qty, lines: [line] });
    } else if (existing.qty + checked.qty > MAX_LINE_QTY) {
      refused.add(line, cells, `Quantité totale de ${checked.ref} supérieure à ${MAX_LINE_QTY}.`);
    } else {
      existing.qty += checked.qty;
      existing.lines.push(line);
    }
  }
  return { entries: [...byRef.values()], issues: refused.issues, unlisted: refused.unlisted };
}

/**
 * Reads rows of cells (a parsed sheet or the grid). Blank rows are skipped, a header row on
 * line 1 too; a reference given on several lines is ordered once, quantities added. Reading
 * stops at the first line that would make QUICK_ORDER_MAX_LINES + 1 references.
 */
export function parseQuickOrderRows(rows: readonly (readonly string[])[]): QuickOrderParse {
  return parseRows({ length: rows.length, cellsAt: (index) => rows[index] ?? [] });
}

/** Pasted text or a CSV file: a UTF-8 byte-order mark and Windows line ends are welcome. */
export function parseQuickOrderText(text: string): QuickOrderParse {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const cellsAt = (index: number) => {
    const line = lines[index] ?? "";
    return line.trim() === "" ? [] : splitQuickOrderLine(line);
  };
  return parseRows({ length: lines.length, cellsAt });
}
