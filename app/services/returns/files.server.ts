import { attachmentDisposition, fileNameForType } from "@shared/contracts/certificates";
import { asRouteError } from "~/services/route-errors.server";
import type { UpstreamFile } from "~/services/upstream/index.server";
import { notFound, idOf, returnNumberOf, type ReturnsUser } from "./user.server";

/**
 * A return's files passed on from the back-office: the slip (a download) and the photos (shown
 * as the page's thumbnails). Never cached (the organization's data); only the types a return's
 * file may have are passed on, with `nosniff`, so a file is never run as a page of the portal.
 */

const PHOTO_TYPES = new Set(["image/png", "image/jpeg"]);

function typeOf(file: UpstreamFile): string {
  return file.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Not a file a return may hold: nothing is passed on, as for a file that does not exist. */
async function refuse(file: UpstreamFile): Promise<never> {
  await file.body.cancel().catch(() => undefined);
  return notFound();
}

function headersOf(file: UpstreamFile, type: string, disposition: string): Headers {
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": disposition,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.contentLength) headers.set("Content-Length", file.contentLength);
  return headers;
}

/** /mon-compte/retours/{number}/bon-de-retour.pdf: the slip, once the return is accepted (a 404 before). */
export async function returnSlip(user: ReturnsUser, rawNumber: string | undefined): Promise<Response> {
  const number = returnNumberOf(rawNumber);
  const file = await user.upstream.returns.slip(user.orgId, number).catch(asRouteError);
  if (typeOf(file) !== "application/pdf") return refuse(file);
  return new Response(file.body, {
    status: 200,
    headers: headersOf(file, "application/pdf", attachmentDisposition(`bon-de-retour-${number}.pdf`)),
  });
}

/** /mon-compte/retours/{number}/photos/{photoId}: one photo, shown inline (the page's thumbnails link to it). */
export async function returnPhoto(user: ReturnsUser, rawNumber: string | undefined, rawPhotoId: string | undefined): Promise<Response> {
  const number = returnNumberOf(rawNumber);
  const photoId = idOf(rawPhotoId);
  if (photoId === null) notFound();
  const file = await user.upstream.returns.photo(user.orgId, number, photoId).catch(asRouteError);
  const type = typeOf(file);
  if (!PHOTO_TYPES.has(type)) return refuse(file);
  const name = fileNameForType(`photo-${number}-${photoId}`, type === "image/png" ? "image/png" : "image/jpeg");
  const headers = headersOf(file, type, `inline; filename="${name}"`);
  // An image needs nothing else: no script, no style, even if a browser tried to read it as a page.
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return new Response(file.body, { status: 200, headers });
}
