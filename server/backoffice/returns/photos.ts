import { createHash } from "node:crypto";
import type { Response } from "express";
import type { Kysely, Transaction } from "kysely";
import { attachmentDisposition, fileNameForType, safeFileName, sniffCertificateMime } from "@shared/contracts/certificates";
import { RETURN_PHOTO_MAX_BYTES, type ReturnPhotoUpload } from "@shared/contracts/returns";
import type { Database } from "../db/schema";
import type { ApiIssue } from "../http/errors";
import { notFound } from "../http/errors";

/**
 * A return's photos (docs/returns.md): PNG or JPEG read from their first bytes (never the name
 * nor the browser's claim; a PDF is refused here), at most 5 MB each, stored with their sha256
 * and served back inline to the return's organization only, never sniffed by the browser.
 */

export interface CheckedPhoto {
  fileName: string;
  mime: "image/png" | "image/jpeg";
  bytes: Buffer;
  sha256: string;
}

/** Decodes and checks the photos; the refusals are issues on `photos.N.content_base64`. */
export function checkPhotos(uploads: readonly ReturnPhotoUpload[]): { photos: CheckedPhoto[]; issues: ApiIssue[] } {
  const photos: CheckedPhoto[] = [];
  const issues: ApiIssue[] = [];
  for (const [index, upload] of uploads.entries()) {
    const path = `photos.${index}.content_base64`;
    const bytes = Buffer.from(upload.content_base64, "base64");
    const mime = sniffCertificateMime(bytes);
    if (bytes.length === 0) issues.push({ path, message: "La photo est vide." });
    else if (bytes.length > RETURN_PHOTO_MAX_BYTES) issues.push({ path, message: "La photo dépasse 5 Mo." });
    else if (mime !== "image/png" && mime !== "image/jpeg") {
      const name = safeFileName(upload.file_name);
      issues.push({ path, message: `${name} n'est pas une photo : seuls les fichiers PNG ou JPEG sont acceptés.` });
    } else {
      photos.push({
        fileName: fileNameForType(safeFileName(upload.file_name), mime),
        mime,
        bytes,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      });
    }
  }
  return { photos, issues };
}

export async function storePhotos(trx: Transaction<Database>, returnId: number, photos: readonly CheckedPhoto[], at: Date): Promise<void> {
  if (photos.length === 0) return;
  await trx
    .insertInto("return_photos")
    .values(
      photos.map((photo) => ({
        return_id: returnId,
        file_name: photo.fileName,
        mime: photo.mime,
        size: photo.bytes.length,
        sha256: photo.sha256,
        content: photo.bytes,
        created_at: at,
      })),
    )
    .execute();
}

/** Sends one photo of one of the organization's returns; anything else is 404. */
export async function sendPhoto(
  db: Kysely<Database>,
  res: Response,
  where: { orgId: number; number: string; photoId: number },
): Promise<void> {
  const row = await db
    .selectFrom("return_photos as p")
    .innerJoin("returns as r", "r.id", "p.return_id")
    .select(["p.file_name", "p.mime", "p.content", "p.sha256"])
    .where("p.id", "=", where.photoId)
    .where("r.number", "=", where.number)
    .where("r.org_id", "=", where.orgId)
    .executeTakeFirst();
  if (!row) throw notFound();
  res.set({
    "Content-Type": row.mime,
    // Shown in the page, under its own name when saved.
    "Content-Disposition": attachmentDisposition(row.file_name).replace(/^attachment/, "inline"),
    "X-Content-Type-Options": "nosniff",
    ETag: `"${row.sha256}"`,
  });
  res.send(Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength));
}
