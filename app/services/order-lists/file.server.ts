import { MAX_LIST_LINES, MAX_LIST_QTY, type ImportListLinesRequest } from "@shared/contracts/order-lists";
import { countOf } from "@shared/domain/plural";
import type { ImportRefusalView } from "./types";

/**
 * A list's file (docs/order-lists.md « From a file »): the quick order's reader gives rows of
 * cells (CSV or XLSX, same encodings and separators); here each row becomes a line with a
 * reference or the organization's own code, a quantity (1 when empty, as the quick order) and
 * an optional note. Each row is checked on its own, so the good ones go on and the bad ones
 * get a French reason; whether a reference or a code exists is the back-office's to say.
 *
 * Columns: A the reference or own code, B the quantity, C the note. A first row of titles is
 * skipped, and read to find the columns: the list's own export (« Référence », « Votre code »,
 * « Désignation », « Quantité », « Note ») imports back as it is.
 */

/** Refused rows listed one by one; the rest are counted (as the quick order). */
export const IMPORT_MAX_LISTED = 100;
const REF_MAX = 60;
const NOTE_MAX = 200;
const HEADER_START = /^(r[ée]f|code|votre code|article)/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

interface Columns {
  ref: number;
  /** The own-code column of the list's export: read when the reference cell is empty. */
  code: number | null;
  qty: number;
  note: number | null;
}

const POSITIONAL: Columns = { ref: 0, code: null, qty: 1, note: 2 };

function findColumn(header: readonly string[], pattern: RegExp): number | null {
  const index = header.findIndex((cell) => pattern.test(cell.trim()));
  return index === -1 ? null : index;
}

/** The columns named by a first row of titles, or null when row 1 is a line like the others. */
function headerColumns(cells: readonly string[]): Columns | null {
  const [first = "", second = ""] = cells.map((cell) => cell.trim());
  if (!HEADER_START.test(first) || /^\d+$/.test(second)) return null;
  const ref = findColumn(cells, /^r[ée]f/i);
  const code = findColumn(cells, /code/i);
  const qty = findColumn(cells, /^(quantit|qt)/i);
  const note = findColumn(cells, /^(note|commentaire|remarque)/i);
  if (qty === null) return POSITIONAL;
  return { ref: ref ?? code ?? 0, code: ref !== null && code !== null && code !== ref ? code : null, qty, note };
}

function inputOf(cells: readonly string[]): string {
  return cells
    .filter((cell) => cell.trim() !== "")
    .join(" ; ")
    .slice(0, 80);
}

type RowCheck = { ok: true; ref: string; qty: number; note: string } | { ok: false; message: string };

function checkQuantity(raw: string): number | string {
  const compact = raw.replace(/\s/g, "");
  if (compact === "") return 1;
  if (!/^\d+$/.test(compact)) return `Quantité invalide « ${compact.slice(0, 20)} » : un nombre entier est attendu.`;
  const qty = Number(compact);
  if (qty < 1) return "La quantité doit être d'au moins 1.";
  if (qty > MAX_LIST_QTY) return `La quantité ne peut pas dépasser ${MAX_LIST_QTY}.`;
  return qty;
}

function checkRow(cells: readonly string[], columns: Columns): RowCheck {
  const cell = (index: number | null) => (index === null ? "" : (cells[index] ?? "").trim());
  const ref = cell(columns.ref) || cell(columns.code);
  if (ref === "") return { ok: false, message: "Indiquez une référence ou votre code en première colonne." };
  if (ref.length > REF_MAX) return { ok: false, message: `Référence ou code trop long : ${REF_MAX} caractères au plus.` };
  if (CONTROL.test(ref)) return { ok: false, message: "La référence ne doit pas contenir de caractères de contrôle." };
  const qty = checkQuantity(cell(columns.qty));
  if (typeof qty === "string") return { ok: false, message: qty };
  const note = cell(columns.note);
  if (note.length > NOTE_MAX) return { ok: false, message: `La note compte au plus ${NOTE_MAX} caractères.` };
  if (CONTROL.test(note)) return { ok: false, message: "La note ne doit pas contenir de caractères de contrôle." };
  return { ok: true, ref, qty, note };
}

export interface ListFileParse {
  entries: ImportListLinesRequest["entries"];
  refused: ImportRefusalView[];
}

/** A row without reference nor quantity (a note alone does not make a line). */
function isBlank(cells: readonly string[], columns: Columns): boolean {
  return [columns.ref, columns.code, columns.qty].every((index) => index === null || (cells[index] ?? "").trim() === "");
}

/** The file's rows as the lines to send the back-office, and the rows refused here (with their 1-based line). */
export function parseListFile(rows: readonly (readonly string[])[]): ListFileParse {
  const header = rows[0] ? headerColumns(rows[0]) : null;
  const columns = header ?? POSITIONAL;
  const entries: ListFileParse["entries"] = [];
  const refused: ImportRefusalView[] = [];
  for (let index = header ? 1 : 0; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    if (isBlank(cells, columns)) continue;
    const line = index + 1;
    if (entries.length >= MAX_LIST_LINES) {
      const rest = rows.slice(index).filter((row) => !isBlank(row, columns)).length;
      refused.push({
        line,
        input: inputOf(cells),
        message: `Fichier tronqué : une liste compte au plus ${MAX_LIST_LINES} lignes, ${countOf(rest, "ligne ignorée", "lignes ignorées")} à partir de celle-ci.`,
      });
      break;
    }
    const checked = checkRow(cells, columns);
    if (checked.ok) entries.push({ line, ref: checked.ref, qty: checked.qty, note: checked.note });
    else refused.push({ line, input: inputOf(cells), message: checked.message });
  }
  return { entries, refused };
}

/** Every refusal (the reader's and the back-office's) by line; the first IMPORT_MAX_LISTED listed, the rest counted. */
export function listRefusals(refusals: readonly ImportRefusalView[]): { refused: ImportRefusalView[]; unlisted: number } {
  const sorted = [...refusals].sort((a, b) => a.line - b.line);
  return { refused: sorted.slice(0, IMPORT_MAX_LISTED), unlisted: Math.max(0, sorted.length - IMPORT_MAX_LISTED) };
}
