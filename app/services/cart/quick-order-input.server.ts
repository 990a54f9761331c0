import { randomUUID } from "node:crypto";
import { readSheet } from "read-excel-file/node";
import { parseQuickOrderRows, parseQuickOrderText, splitQuickOrderLine, type QuickOrderParse } from "@shared/domain/quick-order";
import type { GridRow } from "./types";
import { fileField } from "./upload.server";
import { MultipartTooLarge, readMultipartForm } from "~/services/forms/multipart.server";
import { assertZipWithinBounds, ZipTooLarge, type ZipBounds } from "@shared/files/zip-bounds";
import { textFields } from "~/services/forms/parse.server";
import { readForm } from "~/services/forms/read.server";

/**
 * The three ways into a quick order (grid, pasted text, CSV/XLSX file), each read into rows
 * of cells and checked by shared/domain/quick-order. Issues say where they come from.
 */

export const QUICK_ORDER_GRID_ROWS = 10;
export const QUICK_ORDER_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const QUICK_ORDER_TEXT_MAX_CHARS = 20000;
export const GRID_LABEL = "Grille";
export const TEXT_LABEL = "Texte collé";
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const NOT_A_SHEET = "Le fichier n'est ni un CSV ni un classeur XLSX.";
const UNREADABLE_WORKBOOK = "Le classeur Excel est illisible (format XLSX attendu).";
/**
 * What a workbook may inflate to before read-excel-file unpacks it (decision 0164): a quick
 * order reads 200 references, and a 1.9 MB workbook of 60,000 lines inflates to 12 MB.
 */
export const QUICK_ORDER_WORKBOOK_BOUNDS: ZipBounds = { maxEntryBytes: 20 * 1024 * 1024, maxTotalBytes: 40 * 1024 * 1024, maxEntries: 500 };
export const WORKBOOK_TOO_LARGE =
  "Le classeur Excel est trop volumineux une fois décompressé (plus de 40 Mo) : copiez les références et quantités dans un nouveau classeur, ou enregistrez-le en CSV.";

export interface QuickOrderSource {
  label: string;
  parse: QuickOrderParse;
}

export class QuickOrderFileError extends Error {
  override readonly name = "QuickOrderFileError";
}

/** A file over QUICK_ORDER_FILE_MAX_BYTES, with the fields read before it: they are shown again. */
export class QuickOrderTooLarge extends Error {
  override readonly name = "QuickOrderTooLarge";
  constructor(readonly fields: Record<string, string>) {
    super("Le fichier dépasse 2 Mo.");
  }
}

export interface QuickOrderForm {
  fields: Record<string, string>;
  file: File | null;
}

/**
 * The quick-order form, its file kept in memory. The browser sends the grid and the text
 * before the file, so when the file is too big what the user typed is still at hand.
 */
export async function readQuickOrderForm(request: Request): Promise<QuickOrderForm> {
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const form = await readForm(request);
    return { fields: textFields(form), file: fileField(form, "file") };
  }
  try {
    const form = await readMultipartForm(request, QUICK_ORDER_FILE_MAX_BYTES);
    return { fields: textFields(form), file: fileField(form, "file") };
  } catch (error) {
    if (error instanceof MultipartTooLarge) throw new QuickOrderTooLarge(error.fields);
    throw error;
  }
}

export function gridSource(fields: Record<string, string>): QuickOrderSource {
  const rows: string[][] = [];
  for (let index = 0; index < QUICK_ORDER_GRID_ROWS; index++) {
    rows.push([fields[`ref_${index}`] ?? "", fields[`qty_${index}`] ?? ""]);
  }
  // Line 1 of the grid is never a header: prepend an empty row so the header rule skips nothing.
  const parse = parseQuickOrderRows([[], ...rows]);
  return { label: GRID_LABEL, parse: shiftLines(parse, -1) };
}

function shiftLines(parse: QuickOrderParse, delta: number): QuickOrderParse {
  return {
    ...parse,
    entries: parse.entries.map((entry) => ({ ...entry, lines: entry.lines.map((line) => line + delta) })),
    issues: parse.issues.map((issue) => ({ ...issue, line: issue.line + delta })),
  };
}

/** The pasted text, cut where the text area stops. */
export function typedText(fields: Record<string, string>): string {
  return (fields.text ?? "").slice(0, QUICK_ORDER_TEXT_MAX_CHARS);
}

export function textSource(text: string): QuickOrderSource {
  return { label: TEXT_LABEL, parse: parseQuickOrderText(text) };
}

/**
 * The pasted text without its lines that went into the cart (nor blank ones), to show again:
 * sending the form a second time then adds only what was fixed. Untouched when nothing was added.
 */
export function textLeft(text: string, addedLines: ReadonlySet<number>): string {
  if (addedLines.size === 0) return text;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  return lines.filter((line, index) => !addedLines.has(index + 1) && line.trim() !== "").join("\n");
}

const FORM_KEY = /^[\w-]{1,40}$/;

/**
 * The React key of the quick-order form (sent back in `form_key`). A new one once lines went
 * into the cart, so the form is drawn anew with only what is left; otherwise the one it was
 * sent with (null: the first one), so that with JavaScript nothing typed or chosen (the file)
 * is redrawn away.
 */
export function formKeyAfter(fields: Record<string, string>, someAdded: boolean): string | null {
  if (someAdded) return randomUUID();
  const sent = fields.form_key ?? "";
  return FORM_KEY.test(sent) ? sent : null;
}

/** The grid rows that did not go into the cart, moved up, to show again (as textLeft). */
export function gridLeft(fields: Record<string, string>, addedLines: ReadonlySet<number>): GridRow[] {
  const rows: GridRow[] = [];
  for (let index = 0; index < QUICK_ORDER_GRID_ROWS; index++) {
    const row = { ref: (fields[`ref_${index}`] ?? "").slice(0, 60), qty: (fields[`qty_${index}`] ?? "").slice(0, 6) };
    if (addedLines.has(index + 1) || (row.ref.trim() === "" && row.qty.trim() === "")) continue;
    rows.push(row);
  }
  return rows;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(value).replace(".", ",");
  return String(value);
}

function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * A CSV's text: UTF-8 (BOM welcome) or, when it is not valid UTF-8, Windows-1252, the
 * encoding of French Excel's "CSV (séparateur : point-virgule)". NUL is never in text.
 */
function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000")) throw new QuickOrderFileError(NOT_A_SHEET);
  return text;
}

/**
 * A file's rows of cells, read as the quick order reads it (same checks, same encodings, same
 * separators), for readers that want more columns than a reference and a quantity (an order
 * list's note, docs/order-lists.md). An empty file has no rows.
 */
export async function fileRows(file: File): Promise<string[][]> {
  if (file.size === 0) return [];
  if (file.size > QUICK_ORDER_FILE_MAX_BYTES) throw new QuickOrderFileError("Le fichier dépasse 2 Mo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isZip(bytes)) {
    try {
      assertZipWithinBounds(bytes, QUICK_ORDER_WORKBOOK_BOUNDS);
    } catch (error) {
      throw new QuickOrderFileError(error instanceof ZipTooLarge ? WORKBOOK_TOO_LARGE : UNREADABLE_WORKBOOK);
    }
    const rows = await readSheet(Buffer.from(bytes)).catch(() => {
      throw new QuickOrderFileError(UNREADABLE_WORKBOOK);
    });
    return rows.map((row) => row.map(cellText));
  }
  const lines = decodeCsv(bytes)
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/);
  return lines.map((line) => (line.trim() === "" ? [] : splitQuickOrderLine(line)));
}

/** A CSV (UTF-8 or Windows-1252; ; , or tab) or the first sheet of an XLSX workbook, by content. */
export async function fileSource(file: File): Promise<QuickOrderSource | null> {
  if (file.size === 0) return null;
  if (file.size > QUICK_ORDER_FILE_MAX_BYTES) throw new QuickOrderFileError("Le fichier dépasse 2 Mo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const label = `Fichier ${file.name.slice(0, 60)}`;
  if (isZip(bytes)) {
    try {
      assertZipWithinBounds(bytes, QUICK_ORDER_WORKBOOK_BOUNDS);
    } catch (error) {
      throw new QuickOrderFileError(error instanceof ZipTooLarge ? WORKBOOK_TOO_LARGE : UNREADABLE_WORKBOOK);
    }
    const rows = await readSheet(Buffer.from(bytes)).catch(() => {
      throw new QuickOrderFileError(UNREADABLE_WORKBOOK);
    });
    return { label, parse: parseQuickOrderRows(rows.map((row) => row.map(cellText))) };
  }
  return { label, parse: parseQuickOrderText(decodeCsv(bytes)) };
}
