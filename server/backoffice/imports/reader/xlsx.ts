import { readSheet } from "read-excel-file/node";
import { assertZipWithinBounds, ZipTooLarge, type ZipBounds } from "@shared/files/zip-bounds";
import { FeedFileError, type SheetRow } from "./errors";

/**
 * The first sheet of an XLSX workbook, bounded before it is unpacked (decision 0164): an
 * 80,000-product catalogue inflates to about 30 MB, so 100 MB an entry and 150 MB in all.
 */
export const FEED_WORKBOOK_BOUNDS: ZipBounds = { maxEntryBytes: 100 * 1024 * 1024, maxTotalBytes: 150 * 1024 * 1024, maxEntries: 500 };
const UNREADABLE = "Le classeur Excel est illisible (format XLSX attendu).";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** A cell as the text a CSV would hold: dates as AAAA-MM-JJ, numbers with their decimal point. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "boolean") return value ? "oui" : "non";
  return String(value);
}

export async function readWorkbook(bytes: Uint8Array): Promise<SheetRow[]> {
  try {
    assertZipWithinBounds(bytes, FEED_WORKBOOK_BOUNDS);
  } catch (error) {
    throw new FeedFileError(
      error instanceof ZipTooLarge
        ? "Le classeur Excel est trop volumineux une fois décompressé (plus de 150 Mo) : enregistrez-le en CSV."
        : UNREADABLE,
    );
  }
  const rows = await readSheet(Buffer.from(bytes)).catch(() => {
    throw new FeedFileError(UNREADABLE);
  });
  return rows
    .map((row, index) => ({ line: index + 1, cells: row.map(cellText) }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ""));
}
