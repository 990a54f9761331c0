import { data } from "@remix-run/node";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import type { UpstreamFile } from "~/services/upstream/index.server";

/** A database id from the URL, else null. */
function idOf(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

/** The name the back-office gave (its RFC 5987 form first), kept to safe characters; else `fallback`. */
function fileNameOf(file: UpstreamFile, fallback: string): string {
  const header = file.contentDisposition ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  let name = /filename="?([^";]+)"?/i.exec(header)?.[1];
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the plain name is used.
    }
  }
  const safe = name?.replace(/[^\w.\-À-ÿ]/g, "_").replace(/^\.+/, "");
  return safe && safe.length > 0 ? safe : fallback;
}

/** Only these pass as they are; anything else is sent as bytes to save, never to render. */
const KNOWN_TYPES = [
  "application/pdf",
  "application/zip",
  "image/png",
  "image/jpeg",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
];

/**
 * /telechargements/fichier/{id}: the document's bytes from the back-office, which decides
 * whether the organization may have it (another organization's document is a 404 page, and
 * nothing of the file is sent). Saved under its name, never cached by a shared cache.
 */
export async function downloadFile(user: ActiveUser, id: string | undefined): Promise<Response> {
  const documentId = idOf(id);
  if (documentId === null) throw data({ message: null }, { status: 404 });
  const file = await user.upstream.content.downloadFile(documentId).catch(asRouteError);
  const mime = file.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const name = fileNameOf(file, `document-${documentId}.pdf`);
  const ascii =
    name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_") || `document-${documentId}`;
  const headers = new Headers({
    "Content-Type": KNOWN_TYPES.includes(mime) ? mime : "application/octet-stream",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.contentLength) headers.set("Content-Length", file.contentLength);
  return new Response(file.body, { status: 200, headers });
}
