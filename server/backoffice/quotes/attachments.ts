import { createHash } from "node:crypto";
import type { Response } from "express";
import type { Kysely, Transaction } from "kysely";
import {
  attachmentDisposition,
  fileNameForType,
  safeFileName,
  sniffCertificateMime,
  type CertificateMime,
} from "@shared/contracts/certificates";
import { QUOTE_ATTACHMENT_MAX_BYTES, type QuoteAttachmentUpload } from "@shared/contracts/quotes";
import type { Database } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { inScope, type QuoteScope } from "./access";

/**
 * Files sent with a request or a message (docs/quotes.md): PDF, PNG or JPEG up to 5 MB, the
 * type read from the first bytes as the MMSI certificates are (never the name or the browser's
 * claim), stored in the table with their sha256 and served back only within the caller's scope.
 */

export interface CheckedFile {
  fileName: string;
  mime: "application/pdf" | "image/png" | "image/jpeg";
  bytes: Buffer;
  sha256: string;
}

const refused = (path: string, message: string) => new ApiFailure(400, "invalid_attachment", message, { issues: [{ path, message }] });

/** Decodes and checks an uploaded file; a wrong type or size is a French 400, before anything is written. */
export function checkedFile(upload: QuoteAttachmentUpload, path = "attachment"): CheckedFile {
  const bytes = Buffer.from(upload.content_base64, "base64");
  if (bytes.length === 0) throw refused(`${path}.content_base64`, "Le fichier est vide.");
  if (bytes.length > QUOTE_ATTACHMENT_MAX_BYTES) throw refused(`${path}.content_base64`, "Le fichier dépasse 5 Mo.");
  const mime = sniffCertificateMime(bytes);
  if (!mime) throw refused(`${path}.content_base64`, "Seuls les fichiers PDF, PNG ou JPEG sont acceptés.");
  return {
    fileName: fileNameForType(safeFileName(upload.file_name), mime),
    mime,
    bytes,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

export async function storeAttachment(
  trx: Transaction<Database>,
  input: { quoId: number; messageId: number | null; file: CheckedFile; userId: number; at: Date },
): Promise<void> {
  await trx
    .insertInto("quote_attachments")
    .values({
      quo_id: input.quoId,
      message_id: input.messageId,
      file_name: input.file.fileName,
      mime: input.file.mime,
      size: input.file.bytes.length,
      sha256: input.file.sha256,
      content: input.file.bytes,
      created_at: input.at,
      created_by: input.userId,
    })
    .execute();
}

/** Sends one attachment of a quote in scope; anything else is 404. */
export async function sendAttachment(
  db: Kysely<Database>,
  res: Response,
  scope: QuoteScope,
  quoId: number | null,
  attId: number | null,
): Promise<void> {
  if (quoId === null || attId === null) throw notFound();
  const row = await db
    .selectFrom("quote_attachments as a")
    .innerJoin("quotes as q", "q.id", "a.quo_id")
    .select(["a.file_name", "a.mime", "a.content", "a.sha256"])
    .where("a.id", "=", attId)
    .where("a.quo_id", "=", quoId)
    .where(inScope(scope))
    .executeTakeFirst();
  if (!row) throw notFound();
  // A row stored before names followed the checked type is served under the right extension too.
  const fileName = fileNameForType(row.file_name, row.mime as CertificateMime);
  res.set({
    "Content-Type": row.mime,
    "Content-Disposition": attachmentDisposition(fileName),
    "X-Content-Type-Options": "nosniff",
    ETag: `"${row.sha256}"`,
  });
  res.send(Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength));
}
