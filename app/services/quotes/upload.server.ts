import { safeFileName, sniffCertificateMime } from "@shared/contracts/certificates";
import { QUOTE_ATTACHMENT_MAX_BYTES, type QuoteAttachmentUpload } from "@shared/contracts/quotes";
import { fileField, readUploadForm, UploadTooLarge } from "~/services/cart/upload.server";

export const ATTACHMENT_TOO_LARGE = "La pièce jointe dépasse 5 Mo.";
export const ATTACHMENT_WRONG_TYPE = "La pièce jointe doit être un fichier PDF, PNG ou JPEG (son contenu est vérifié, pas son nom).";

/** The field of every quote form that carries a file. */
export const ATTACHMENT_FIELD = "piece_jointe";

export type QuoteFormRead = { ok: true; form: FormData } | { ok: false; message: string };

/**
 * A quote form, its file included (multipart, kept in memory). A file over 5 MB stops the
 * reading there: the request is refused whole, nothing is sent upstream.
 */
export async function readQuoteForm(request: Request): Promise<QuoteFormRead> {
  try {
    // A little room above 5 MB for the part's headers; attachmentOf checks the exact size.
    return { ok: true, form: await readUploadForm(request, QUOTE_ATTACHMENT_MAX_BYTES + 1024) };
  } catch (error) {
    if (error instanceof UploadTooLarge) return { ok: false, message: ATTACHMENT_TOO_LARGE };
    throw error;
  }
}

export type AttachmentRead = { ok: true; upload: QuoteAttachmentUpload | undefined } | { ok: false; message: string };

/**
 * The form's file, checked as the MMSI certificates are (size, then content by its first
 * bytes, never its name or the browser's type) and encoded for the JSON call. The back-office
 * checks it again; checking here spares sending 5 MB to be refused.
 */
export async function attachmentOf(form: FormData): Promise<AttachmentRead> {
  const file = fileField(form, ATTACHMENT_FIELD);
  if (file === null) return { ok: true, upload: undefined };
  if (file.size > QUOTE_ATTACHMENT_MAX_BYTES) return { ok: false, message: ATTACHMENT_TOO_LARGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffCertificateMime(bytes) === null) return { ok: false, message: ATTACHMENT_WRONG_TYPE };
  const fileName = safeFileName(file.name).replace(/^certificat$/, "piece-jointe");
  return { ok: true, upload: { file_name: fileName, content_base64: Buffer.from(bytes).toString("base64") } };
}
