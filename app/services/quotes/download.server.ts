import { CERTIFICATE_MIME_TYPES, fileNameForType, type CertificateMime } from "@shared/contracts/certificates";
import { asRouteError } from "~/services/route-errors.server";
import type { UpstreamFile } from "~/services/upstream/index.server";
import { notFound, requireId } from "./ids.server";

/** The only types a quote's file may have (sniffed by the back-office when it was sent). */
const FILE_TYPES: ReadonlySet<string> = new Set<CertificateMime>(CERTIFICATE_MIME_TYPES);

function isFileType(type: string): type is CertificateMime {
  return FILE_TYPES.has(type);
}

/** A file name the back-office gave, kept to safe characters; else `fallback`. */
function fileNameOf(file: UpstreamFile, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(file.contentDisposition ?? "");
  const name = match?.[1]?.replace(/[^\w.-]/g, "_");
  return name && name.length > 0 ? name : fallback;
}

/**
 * A quote's file from the back-office passed on as a download, for both sides' pages: never
 * shown inline (a file a customer sent is not run as a page of the portal), never cached (it
 * holds the organization's data).
 */
async function download(file: UpstreamFile, fallback: string): Promise<Response> {
  const contentType = file.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isFileType(contentType)) {
    // Not a file a quote may hold: nothing is passed on, as for a file that does not exist.
    await file.body.cancel().catch(() => undefined);
    notFound();
  }
  const headers = new Headers({
    "Content-Type": contentType,
    // Named after the type served, whatever name the file was sent or stored under.
    "Content-Disposition": `attachment; filename="${fileNameForType(fileNameOf(file, fallback), contentType)}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.contentLength) headers.set("Content-Length", file.contentLength);
  return new Response(file.body, { status: 200, headers });
}

/** Where a side reads a quote's files: the customer's calls (/api/oms) or the representative's (/api/sales). */
export interface QuoteFileSource {
  attachment(quoteId: number, attachmentId: number): Promise<UpstreamFile>;
  proposalPdf(quoteId: number, version: number): Promise<UpstreamFile>;
}

/** A file of the request or of the thread; a quote the side may not read is the back-office's 404. */
export async function quoteAttachmentDownload(
  source: QuoteFileSource,
  rawId: string | undefined,
  rawAttachmentId: string | undefined,
): Promise<Response> {
  const id = requireId(rawId);
  const attachmentId = requireId(rawAttachmentId);
  const file = await source.attachment(id, attachmentId).catch(asRouteError);
  return download(file, `piece-jointe-${attachmentId}`);
}

/** A proposal's PDF as the back-office draws it. */
export async function quoteProposalPdfDownload(
  source: QuoteFileSource,
  rawId: string | undefined,
  rawVersion: string | undefined,
): Promise<Response> {
  const id = requireId(rawId);
  const version = requireId(rawVersion);
  const file = await source.proposalPdf(id, version).catch(asRouteError);
  return download(file, `devis-${id}-v${version}.pdf`);
}
