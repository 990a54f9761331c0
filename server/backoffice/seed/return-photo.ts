import { crc32, deflateSync } from "node:zlib";

/**
 * A small PNG drawn for the demo's returns: a grey housing with a dark diagonal crack, what a
 * customer's phone would show of a broken screen. Encoded here (filter 0 rows, one IDAT) so the
 * seed needs no image library; the back-office reads it as PNG from its first bytes like any upload.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export function crackedScreenPng(width = 160, height = 120): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      const crack = Math.abs(y - (x * height) / width) < 2 || Math.abs(y - 30 - x / 3) < 1.5;
      const shade = frame ? 70 : crack ? 20 : 160 + ((x + y) % 7);
      row.fill(shade, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
