import { Unzip, UnzipInflate, unzipSync } from "fflate";

/**
 * Bounds on what a user's ZIP (an XLSX workbook is one) may inflate to, checked before any
 * library unpacks it: a 600 KB workbook holding one 600 MB string otherwise took the process
 * from 0.9 to 1.5 GB (decision 0164).
 */
export interface ZipBounds {
  /** Largest inflated size of one entry, in bytes. */
  maxEntryBytes: number;
  /** Largest inflated size of all entries together, in bytes. */
  maxTotalBytes: number;
  maxEntries: number;
}

/** The archive inflates past its bounds; `inflatedBytes` is how far the check went before stopping. */
export class ZipTooLarge extends Error {
  override readonly name = "ZipTooLarge";
  constructor(readonly inflatedBytes: number) {
    super("The archive inflates past its bounds.");
  }
}

/** Not a ZIP the check can read (broken, encrypted, an unknown compression). */
export class ZipUnreadable extends Error {
  override readonly name = "ZipUnreadable";
}

/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1032 to 1,
 * so one slice inflates to 4 MB at most: that is how far past a bound the count can go.
 */
const SLICE_BYTES = 4096;

/**
 * Throws ZipTooLarge when the archive's entries would inflate past `bounds`, ZipUnreadable when
 * it cannot be read; returns otherwise. Two checks: the sizes the central directory declares
 * (nothing inflated), then a real inflation, streamed and thrown away while counted, because
 * declared sizes can lie. The stream walks the local headers, as read-excel-file's unzipper does.
 */
export function assertZipWithinBounds(bytes: Uint8Array, bounds: ZipBounds): void {
  assertDeclaredSizes(bytes, bounds);
  assertInflatedSizes(bytes, bounds);
}

function assertDeclaredSizes(bytes: Uint8Array, bounds: ZipBounds): void {
  let entries = 0;
  let total = 0;
  try {
    // The filter sees each entry's declared sizes; answering false inflates nothing.
    unzipSync(bytes, {
      filter: (entry) => {
        entries += 1;
        total += entry.originalSize;
        if (entries > bounds.maxEntries || entry.originalSize > bounds.maxEntryBytes || total > bounds.maxTotalBytes)
          throw new ZipTooLarge(0);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ZipTooLarge) throw error;
    throw new ZipUnreadable(error instanceof Error ? error.message : String(error));
  }
}

function assertInflatedSizes(bytes: Uint8Array, bounds: ZipBounds): void {
  // Set from fflate's callbacks, read by the loop that feeds it: an object, so TypeScript sees it change.
  const run: { total: number; entries: number; failure: Error | null } = { total: 0, entries: 0, failure: null };
  const unzip = new Unzip((file) => {
    run.entries += 1;
    if (run.entries > bounds.maxEntries) {
      run.failure ??= new ZipTooLarge(run.total);
      return;
    }
    let entryBytes = 0;
    file.ondata = (error, chunk) => {
      if (run.failure) return;
      if (error) {
        run.failure = new ZipUnreadable(error.message);
        return;
      }
      entryBytes += chunk.length;
      run.total += chunk.length;
      if (entryBytes > bounds.maxEntryBytes || run.total > bounds.maxTotalBytes) run.failure = new ZipTooLarge(run.total);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !run.failure; offset += SLICE_BYTES) {
      unzip.push(bytes.subarray(offset, offset + SLICE_BYTES), offset + SLICE_BYTES >= bytes.length);
    }
  } catch (error) {
    run.failure ??= new ZipUnreadable(error instanceof Error ? error.message : String(error));
  }
  if (run.failure) throw run.failure;
}
