import { MAX_PART_NUMBERS_IMPORT, type ImportPartNumbersRequest } from "@shared/contracts/part-numbers";
import { countOf } from "@shared/domain/plural";
import { fileRows, QuickOrderFileError } from "~/services/cart/quick-order-input.server";
import type { ImportRefusalView } from "./types";

/**
 * The import's file (docs/part-numbers-portal.md « The import file »): the quick order's reader
 * (CSV in UTF-8 or Windows-1252 with ; , or tab, or the first sheet of an XLSX workbook, 2 MB at
 * most, its zip bounds), two columns: your code, then the reference. Line 1 may be a header.
 * What the portal can tell alone (a missing cell) is refused here; the back-office judges the
 * rest (an unknown reference, a code another product has) and says it per line.
 */

/** The contract's bound of a cell: longer is cut, and the back-office refuses what is left. */
const CELL_MAX = 200;
const CODE_HEADER = /^(votre[\s_-]*)?code/i;
const REF_HEADER = /^r[ée]f/i;

export class ImportFileRefused extends Error {
  override readonly name = "ImportFileRefused";
}

export interface ImportEntries {
  entries: ImportPartNumbersRequest["entries"];
  refused: ImportRefusalView[];
}

function isHeader(cells: readonly string[]): boolean {
  const [code = "", ref = ""] = cells;
  return CODE_HEADER.test(code.trim()) && REF_HEADER.test(ref.trim());
}

function inputOf(cells: readonly string[]): string {
  return cells
    .filter((cell) => cell.trim() !== "")
    .join(" ; ")
    .slice(0, 80);
}

/** The rows of a sheet into the import's entries (1-based line numbers, as the file shows them). */
export function importEntriesOf(rows: readonly (readonly string[])[]): ImportEntries {
  const entries: ImportEntries["entries"] = [];
  const refused: ImportRefusalView[] = [];
  rows.forEach((cells, index) => {
    const [code = "", ref = ""] = cells.map((cell) => cell.trim());
    if (code === "" && ref === "") return;
    if (index === 0 && isHeader(cells)) return;
    const line = index + 1;
    if (code === "") refused.push({ line, input: inputOf(cells), message: "Indiquez votre code dans la première colonne." });
    else if (ref === "")
      refused.push({ line, input: inputOf(cells), message: "Indiquez la référence du produit dans la deuxième colonne." });
    else entries.push({ line, code: code.slice(0, CELL_MAX), ref: ref.slice(0, CELL_MAX) });
  });
  if (entries.length > MAX_PART_NUMBERS_IMPORT) {
    throw new ImportFileRefused(
      `Le fichier compte ${countOf(entries.length, "ligne", "lignes")} : au plus ${MAX_PART_NUMBERS_IMPORT} codes par fichier. Découpez-le en plusieurs fichiers.`,
    );
  }
  return { entries, refused };
}

/** The chosen file read into entries; a file the reader refuses is refused whole, with its French reason. */
export async function readImportFile(file: File): Promise<ImportEntries> {
  try {
    return importEntriesOf(await fileRows(file));
  } catch (error) {
    if (error instanceof QuickOrderFileError) throw new ImportFileRefused(error.message);
    throw error;
  }
}
