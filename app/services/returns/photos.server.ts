import { fileNameForType, safeFileName, sniffCertificateMime } from "@shared/contracts/certificates";
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX, type ReturnPhotoUpload } from "@shared/contracts/returns";
import { MultipartTooLarge, readMultipartForm } from "~/services/forms/multipart.server";
import { readForm } from "~/services/forms/read.server";
import { RETURN_FIELDS } from "./types";

/**
 * The request form's photos (decision 0208): read from the multipart body kept in memory, each
 * checked as the quotes' files are (size, then content by its first bytes, never its name or
 * the browser's type; PNG or JPEG only here), then base64 for the JSON call. The back-office
 * checks them again; checking here spares sending 25 MB to be refused.
 */

export const PHOTO_TOO_LARGE = "Une photo dépasse 5 Mo : choisissez des photos plus légères (5 Mo au plus chacune).";
export const TOO_MANY_PHOTOS = `Au plus ${RETURN_PHOTOS_MAX} photos par demande.`;
export const photoNotAnImage = (name: string) => `« ${name} » n'est pas une photo PNG ou JPEG (son contenu est vérifié, pas son nom).`;
export const photoTooLarge = (name: string) => `« ${name} » dépasse 5 Mo.`;

/** Room for each photo part's headers above the photo itself. */
const PART_HEADERS_BYTES = 1024;

export type ReturnFormRead = { ok: true; form: FormData } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The request form, its photos included. A body over five photos of 5 MB stops the reading
 * there: the request is refused whole (nothing is sent upstream), and the text fields read
 * before the photos come back in the form drawn again. A plain urlencoded form (a test, a
 * hand-made request) is read as usual.
 */
export async function readReturnUpload(request: Request): Promise<ReturnFormRead> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) return { ok: true, form: await readForm(request) };
  try {
    return { ok: true, form: await readMultipartForm(request, RETURN_PHOTO_MAX_BYTES + PART_HEADERS_BYTES, RETURN_PHOTOS_MAX) };
  } catch (error) {
    if (error instanceof MultipartTooLarge) return { ok: false, message: PHOTO_TOO_LARGE, fields: error.fields };
    throw error;
  }
}

/** The files chosen in the photos field (a browser sends one empty part when none is). */
export function chosenPhotos(form: FormData): File[] {
  return form.getAll(RETURN_FIELDS.photos).filter((value): value is File => typeof value === "object" && value !== null && value.size > 0);
}

export type PhotosRead = { ok: true; photos: ReturnPhotoUpload[] } | { ok: false; message: string };

/** The chosen files as the contract's photos, or the first reason one is refused. */
export async function photosOf(files: readonly File[]): Promise<PhotosRead> {
  if (files.length > RETURN_PHOTOS_MAX) return { ok: false, message: TOO_MANY_PHOTOS };
  const photos: ReturnPhotoUpload[] = [];
  for (const file of files) {
    const name = safeFileName(file.name).replace(/^certificat$/, "photo");
    if (file.size > RETURN_PHOTO_MAX_BYTES) return { ok: false, message: photoTooLarge(name) };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mime = sniffCertificateMime(bytes);
    if (mime !== "image/png" && mime !== "image/jpeg") return { ok: false, message: photoNotAnImage(name) };
    photos.push({ file_name: fileNameForType(name, mime), content_base64: Buffer.from(bytes).toString("base64") });
  }
  return { ok: true, photos };
}
