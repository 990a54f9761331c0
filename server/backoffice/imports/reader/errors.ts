/** One row of a sheet: its line in the file (1 = the header) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The file as a whole cannot be read (encoding, size, format, missing column): a French message. */
export class FeedFileError extends Error {
  override readonly name = "FeedFileError";
}
