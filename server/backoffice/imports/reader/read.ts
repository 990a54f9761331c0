import { parseCsv, decodeCsv } from "./csv";
import { FeedFileError, type SheetRow } from "./errors";
import { isZip, readWorkbook } from "./xlsx";

/**
 * The largest feed file taken, on the wire and on disk: 80,000 products of a dozen columns
 * weigh about 20 MB in CSV. Anything larger is refused before it is read into memory.
 */
export const FEED_FILE_MAX_BYTES = 50 * 1024 * 1024;

export const fileTooLarge = (bytes: number): FeedFileError =>
  new FeedFileError(
    `Le fichier pèse ${Math.ceil(bytes / (1024 * 1024))} Mo : 50 Mo au plus. Découpez-le en plusieurs fichiers (par famille, par exemple).`,
  );

/** A feed file's rows: an XLSX workbook's first sheet when the bytes are a ZIP, a CSV otherwise. */
export async function readSheetRows(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.length > FEED_FILE_MAX_BYTES) throw fileTooLarge(bytes.length);
  if (bytes.length === 0) throw new FeedFileError("Le fichier est vide.");
  return isZip(bytes) ? readWorkbook(bytes) : parseCsv(decodeCsv(bytes));
}
