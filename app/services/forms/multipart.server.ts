import { data } from "@remix-run/node";
import { UNREADABLE_FORM } from "./read.server";

/**
 * Multipart forms (files) read with the platform's own parser, undici's `formData()`, over a
 * body read into memory up to a cap (decision 0138). Remix's unstable_parseMultipartFormData
 * split each part's Content-Disposition on every `;`, quoted or not, so a file named
 * `commande;2024.csv` threw inside the parser and the page became a 500 with its stack; undici
 * reads quoted parameters as RFC 7578 says. A file over `maxPartSize` stops the reading: what
 * came before it (the fields a browser sends first) is still at hand for the form drawn again.
 */

/** Room above the largest file for the text fields and the parts' headers. */
const TEXT_ALLOWANCE_BYTES = 512 * 1024;

/** A part bigger than allowed; `fields`: the text fields read before it. */
export class MultipartTooLarge extends Error {
  override readonly name = "MultipartTooLarge";
  constructor(readonly fields: Record<string, string>) {
    super("multipart part too large");
  }
}

async function readAtMost(body: ReadableStream<Uint8Array>, cap: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), truncated: false };
    chunks.push(value);
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
  }
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function parse(bytes: Buffer, contentType: string): Promise<FormData> {
  return new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
}

function textOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

/** The whole parts of a body cut short: up to its last boundary, closed there. */
async function fieldsBefore(bytes: Buffer, contentType: string): Promise<Record<string, string>> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return {};
  const cut = bytes.lastIndexOf(`\r\n--${boundary}`);
  if (cut < 0) return {};
  const closed = Buffer.concat([bytes.subarray(0, cut), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return parse(closed, contentType).then(textOf, () => ({}));
}

function sizeOf(value: FormDataEntryValue): number {
  return typeof value === "string" ? Buffer.byteLength(value) : value.size;
}

/**
 * The multipart form of a request; throws MultipartTooLarge, or a French 400 when it cannot be
 * read. `maxFiles`: how many files of `maxPartSize` the body may carry (the returns' photos).
 */
export async function readMultipartForm(request: Request, maxPartSize: number, maxFiles = 1): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) throw data({ message: UNREADABLE_FORM }, { status: 400 });
  const { bytes, truncated } = await readAtMost(request.body, maxPartSize * maxFiles + TEXT_ALLOWANCE_BYTES);
  if (truncated) throw new MultipartTooLarge(await fieldsBefore(bytes, contentType));
  let form: FormData;
  try {
    form = await parse(bytes, contentType);
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
  if ([...form.values()].some((value) => sizeOf(value) > maxPartSize)) throw new MultipartTooLarge(textOf(form));
  return form;
}
