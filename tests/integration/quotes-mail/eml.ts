import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Reads the .eml files the mail service writes (app/services/mail.server.ts) back into what a
 * reader sees: the decoded subject and recipients, the text part and the HTML part. Only what
 * nodemailer writes is handled: folded headers, RFC 2047 encoded words, one multipart/alternative
 * level, quoted-printable or base64 parts in UTF-8.
 */

export interface ReadMail {
  file: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  // Adjacent encoded words are one run of text: the whitespace between them is not part of it.
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9a-f]{2})/gi, (_match, code: string) => String.fromCharCode(parseInt(code, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  return { headers: headersOf(raw.slice(0, end)), body: raw.slice(end).replace(/^\r?\n\r?\n/, "") };
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export function parseEml(raw: string, file = ""): ReadMail {
  const { headers, body } = split(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = split(chunk.replace(/^\r?\n/, ""));
      parts.push({ type: part.headers.get("content-type") ?? "text/plain", content: decodePart(part.headers, part.body).trimEnd() });
    }
  } else {
    parts.push({ type, content: decodePart(headers, body).trimEnd() });
  }
  const addresses = (value: string | undefined) => (value ? value.split(",").map((address) => decodeWords(address.trim())) : []);
  return {
    file,
    to: addresses(headers.get("to")),
    from: decodeWords(headers.get("from") ?? ""),
    subject: decodeWords(headers.get("subject") ?? ""),
    text: parts.find((part) => part.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((part) => part.type.startsWith("text/html"))?.content ?? "",
  };
}

/** Every message of the folder, in the order they were sent (the file names sort by time, then sequence). */
export async function readMailFolder(dir: string): Promise<ReadMail[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(names.map(async (name) => parseEml(await readFile(path.join(dir, name), "utf8"), name)));
}
