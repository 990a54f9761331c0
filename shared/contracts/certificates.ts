import { z } from "zod";

/**
 * MMSI certificates (docs/specification.md §5): the vessel's 9-digit MMSI number and a PDF, JPEG or PNG
 * file of at most 5 MB, kept by the back-office for the organization that sent it. The file
 * travels base64-encoded in JSON so that it goes through the same client as every call.
 */

/**
 * How long a certificate is kept after the order it went with (the privacy page says it, the
 * back-office's purge applies it: decision 0142): returns, warranty, the radio licence's checks.
 */
export const CERTIFICATE_RETENTION_MONTHS = 12;

export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_MIME_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type CertificateMime = (typeof CERTIFICATE_MIME_TYPES)[number];

export const mmsiNumber = z
  .string()
  .trim()
  .regex(/^\d{9}$/, "Le numéro MMSI compte exactement 9 chiffres.");

/** base64 of at most CERTIFICATE_MAX_BYTES bytes (4 characters per 3 bytes). */
const base64File = z
  .string()
  .min(4)
  .max(Math.ceil(CERTIFICATE_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);

export const certificateUploadRequest = z
  .object({
    mmsi: mmsiNumber,
    file_name: z.string().trim().min(1).max(200),
    product_id: z.number().int().positive(),
    content_base64: base64File,
  })
  .strict();
export type CertificateUploadRequest = z.infer<typeof certificateUploadRequest>;

export const certificateRecord = z
  .object({
    cer_id: z.string().min(1),
    mmsi: z.string().regex(/^\d{9}$/),
    file_name: z.string(),
    product_id: z.number().int().positive(),
    mime: z.enum(CERTIFICATE_MIME_TYPES),
    size: z.number().int().positive(),
    created_at: z.string(),
  })
  .strict();
export type CertificateRecord = z.infer<typeof certificateRecord>;

export const certificateFile = certificateRecord.extend({ content_base64: z.string() }).strict();
export type CertificateFile = z.infer<typeof certificateFile>;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The type of a file from its first bytes, never from its name or the browser's claim:
 * "%PDF-", the PNG signature, or the JPEG SOI marker followed by a segment marker.
 */
export function sniffCertificateMime(bytes: Uint8Array): CertificateMime | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

const EXTENSIONS: Record<CertificateMime, readonly [string, ...string[]]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
};

/**
 * The name a checked file is stored, shown and served under: the sender's name with the
 * extension of the type its first bytes were checked to be. A file starting with "%PDF-" but
 * named x.html is x.pdf, so that no browser nor desktop opens it as a page; the rest of the name
 * stays, for the people who read it.
 */
export function fileNameForType(name: string, mime: CertificateMime): string {
  const extensions = EXTENSIONS[mime];
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (extensions.includes(extension)) return name;
  return `${dot > 0 ? name.slice(0, dot) : name}.${extensions[0]}`;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f"]/g;

/** A file name safe to put in a Content-Disposition header and to show: no path, no controls. */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop()?.replace(UNSAFE_IN_FILE_NAMES, "").trim() ?? "";
  return base.slice(0, 200) || "certificat";
}

/**
 * Content-Disposition of a download, never shown inline: a header carries Latin-1 only, so an
 * ASCII name for old clients and the exact one in RFC 5987's form.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
