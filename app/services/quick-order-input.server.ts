import { readSheet } from "read-excel-file/node";
import { parseQuickOrderRows, parseQuickOrderText, type QuickOrderParse } from "../../shared/domain/index";

/**
 * The three ways into a quick order (grid, pasted text, CSV/XLSX file), each read into rows
 * of cells and checked by shared/domain/quick-order. Issues say where they come from.
 */

export const QUICK_ORDER_GRID_ROWS = 10;
export const QUICK_ORDER_FILE_MAX_BYTES = 2 * 1024 * 1024;
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export interface QuickOrderSourceIssue {
  source: string;
  line: number;
  input: string;
  message: string;
}

export interface QuickOrderSource {
  label: string;
  parse: QuickOrderParse;
}

export class QuickOrderFileError extends Error {
  override readonly name = "QuickOrderFileError";
}

export function gridSource(fields: Record<string, string>): QuickOrderSource {
  const rows: string[][] = [];
  for (let index = 0; index < QUICK_ORDER_GRID_ROWS; index++) {
    rows.push([fields[`ref_${index}`] ?? "", fields[`qty_${index}`] ?? ""]);
  }
  // Line 1 of the grid is never a header: prepend an empty row so the header rule skips nothing.
  const parse = parseQuickOrderRows([[], ...rows]);
  return { label: "Grille", parse: shiftLines(parse, -1) };
}

function shiftLines(parse: QuickOrderParse, delta: number): QuickOrderParse {
  return {
    entries: parse.entries.map((entry) => ({ ...entry, lines: entry.lines.map((line) => line + delta) })),
    issues: parse.issues.map((issue) => ({ ...issue, line: issue.line + delta })),
  };
}

export function textSource(text: string): QuickOrderSource {
  return { label: "Texte collé", parse: parseQuickOrderText(text) };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(value).replace(".", ",");
  return String(value);
}

function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** A CSV (UTF-8, BOM welcome, ; , or tab) or the first sheet of an XLSX workbook, by content. */
export async function fileSource(file: File): Promise<QuickOrderSource | null> {
  if (file.size === 0) return null;
  if (file.size > QUICK_ORDER_FILE_MAX_BYTES) throw new QuickOrderFileError("Le fichier dépasse 2 Mo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const label = `Fichier ${file.name.slice(0, 60)}`;
  if (isZip(bytes)) {
    const rows = await readSheet(Buffer.from(bytes)).catch(() => {
      throw new QuickOrderFileError("Le classeur Excel est illisible (format XLSX attendu).");
    });
    return { label, parse: parseQuickOrderRows(rows.map((row) => row.map(cellText))) };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new QuickOrderFileError("Le fichier n'est ni un CSV en UTF-8 ni un classeur XLSX.");
  }
  if (text.includes("\u0000")) throw new QuickOrderFileError("Le fichier n'est ni un CSV en UTF-8 ni un classeur XLSX.");
  return { label, parse: parseQuickOrderText(text) };
}
