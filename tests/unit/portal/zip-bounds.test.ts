import { Zip, ZipDeflate, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { assertZipWithinBounds, ZipTooLarge, ZipUnreadable, type ZipBounds } from "@shared/files/zip-bounds";

const MB = 1024 * 1024;
const BOUNDS: ZipBounds = { maxEntryBytes: 8 * MB, maxTotalBytes: 12 * MB, maxEntries: 50 };
/** How far past a bound the count may go: one 4 KB slice of compressed zeros inflates to about 4 MB. */
const ONE_SLICE_AT_MOST = 4.2 * MB;

/** A ZIP of one entry of `megabytes` zeros, written a megabyte at a time (the test never holds it whole). */
function zeroBomb(megabytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const entry = new ZipDeflate("xl/sharedStrings.xml", { level: 6 });
  zip.add(entry);
  const zeros = new Uint8Array(MB);
  for (let index = 0; index < megabytes; index++) entry.push(zeros, index === megabytes - 1);
  zip.end();
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** Rewrites every declared uncompressed size (local headers and central directory) to `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const lying = zip.slice();
  const view = new DataView(lying.buffer);
  for (let offset = 0; offset + 4 <= lying.length; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50) view.setUint32(offset + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(offset + 24, size, true);
  }
  return lying;
}

function refusal(zip: Uint8Array): unknown {
  try {
    assertZipWithinBounds(zip, BOUNDS);
  } catch (error) {
    return error;
  }
  return null;
}

describe("assertZipWithinBounds", () => {
  // 40 MB of zeros, five times the entry bound, in about 40 KB.
  const bomb = zeroBomb(40);

  it("lets a small workbook-like archive through", () => {
    const zip = zipSync({
      "[Content_Types].xml": new TextEncoder().encode("<Types/>"),
      "xl/worksheets/sheet1.xml": new Uint8Array(2 * MB).fill(65),
    });
    expect(refusal(zip)).toBeNull();
  });

  it("refuses from the declared sizes an entry that inflates past its bound, inflating nothing", () => {
    expect(bomb.length).toBeLessThan(MB / 4);
    const error = refusal(bomb);
    expect(error).toBeInstanceOf(ZipTooLarge);
    expect((error as ZipTooLarge).inflatedBytes).toBe(0);
  });

  it("refuses a sum of entries past the total bound", () => {
    const six = new Uint8Array(6 * MB);
    expect(refusal(zipSync({ a: six, b: six, c: six }))).toBeInstanceOf(ZipTooLarge);
  });

  it("catches sizes that lie, and stops inflating within one slice of the bound", () => {
    const lying = lieAboutSizes(bomb, 1000);
    const error = refusal(lying);
    expect(error).toBeInstanceOf(ZipTooLarge);
    const inflated = (error as ZipTooLarge).inflatedBytes;
    expect(inflated).toBeGreaterThan(BOUNDS.maxEntryBytes);
    expect(inflated).toBeLessThan(BOUNDS.maxEntryBytes + ONE_SLICE_AT_MOST);
  });

  it("refuses too many entries", () => {
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`f${index}.xml`, new Uint8Array(1)]));
    expect(refusal(zipSync(files))).toBeInstanceOf(ZipTooLarge);
  });

  it("says a broken archive is unreadable", () => {
    const zip = zipSync({ "a.xml": new Uint8Array(1000).fill(66) });
    expect(refusal(zip.subarray(0, 60))).toBeInstanceOf(ZipUnreadable);
  });
});
