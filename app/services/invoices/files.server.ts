import { data } from "@remix-run/node";
import { ARCHIVE_MAX } from "@shared/contracts/invoices";
import type { PortalLoadContext } from "~/services/context.server";
import { redirectWithToast } from "~/services/forms/index.server";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError, type UpstreamFile } from "~/services/upstream/index.server";
import { invoiceFilterQuery, parseInvoiceFilters } from "./filters.server";
import { allInvoices } from "./list.server";
import { readForm } from "~/services/forms/read.server";

const LIST_PATH = "/mon-compte/factures";
export const EMPTY_SELECTION = "Choisissez au moins une facture à télécharger.";
export const TOO_MANY = `Au plus ${ARCHIVE_MAX} factures par archive : affinez les filtres.`;
export const FOREIGN_SELECTION =
  "Cette sélection contient une facture introuvable ou d'une autre organisation : aucune archive n'a été créée.";
export const NOTHING_FILTERED = "Aucune facture ne correspond à ces filtres : aucune archive n'a été créée.";

function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A database id from the URL or a form, else null. */
function idOf(value: string | undefined | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2147483647) return null;
  return Number(value);
}

/** A file name the back-office gave, kept to safe characters; else `fallback`. */
function fileNameOf(file: UpstreamFile, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(file.contentDisposition ?? "");
  const name = match?.[1]?.replace(/[^\w.-]/g, "_");
  return name && name.length > 0 ? name : fallback;
}

/** The back-office's file passed on as a download, never cached (it holds the organization's data). */
function fileResponse(file: UpstreamFile, contentType: string, fileName: string): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.contentLength) headers.set("Content-Length", file.contentLength);
  return new Response(file.body, { status: 200, headers });
}

/** /mon-compte/factures/{id}.pdf: the stored PDF; another organization's invoice is a 404. */
export async function invoicePdf(user: OrdersUser, id: string | undefined): Promise<Response> {
  const invoiceId = idOf(id);
  if (invoiceId === null) notFound();
  const file = await user.upstream.invoices.pdf(invoiceId).catch(asRouteError);
  return fileResponse(file, "application/pdf", fileNameOf(file, `facture-${invoiceId}.pdf`));
}

/** Back to the list with the filters it had (rebuilt from what was sent: nothing else goes in the URL). */
function listLocation(query: string | null): string {
  const { filters, page } = parseInvoiceFilters(new URLSearchParams(query ?? ""));
  const search = new URLSearchParams(invoiceFilterQuery(filters));
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${LIST_PATH}?${text}` : LIST_PATH;
}

async function archiveOf(user: OrdersUser, context: PortalLoadContext, ids: number[], back: string): Promise<Response> {
  try {
    const file = await user.upstream.invoices.archive(user.orgId, ids);
    return fileResponse(file, "application/zip", fileNameOf(file, "factures.zip"));
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.isUnavailable) return asRouteError(error);
    const message = error.status === 404 || error.status === 403 ? FOREIGN_SELECTION : error.message;
    return redirectWithToast(context, back, { type: "error", message });
  }
}

/**
 * POST /mon-compte/factures/archive.zip: a ZIP of the invoices ticked on the list (`facture`
 * fields, a plain form that works without JavaScript). Nothing ticked, a malformed id or more
 * than ARCHIVE_MAX: back to the list with a French message and nothing asked of the
 * back-office. An id of another organization: the back-office refuses the whole selection.
 */
export async function archiveSelection(user: OrdersUser, context: PortalLoadContext, request: Request): Promise<Response> {
  const form = await readForm(request).catch(() => new FormData());
  const back = listLocation(typeof form.get("filtres") === "string" ? (form.get("filtres") as string) : null);
  const raw = form.getAll("facture").filter((value): value is string => typeof value === "string");
  if (raw.length === 0) return redirectWithToast(context, back, { type: "error", message: EMPTY_SELECTION });
  const ids = raw.map(idOf);
  if (ids.some((value) => value === null)) return redirectWithToast(context, back, { type: "error", message: FOREIGN_SELECTION });
  const unique = [...new Set(ids as number[])];
  if (unique.length > ARCHIVE_MAX) return redirectWithToast(context, back, { type: "error", message: TOO_MANY });
  return archiveOf(user, context, unique, back);
}

/**
 * GET /mon-compte/factures/archive.zip?<filters>: a ZIP of every invoice the list's filters
 * give, up to ARCHIVE_MAX (beyond, back to the list with a French message).
 */
export async function archiveFiltered(user: OrdersUser, context: PortalLoadContext, url: URL): Promise<Response> {
  const { filters } = parseInvoiceFilters(url.searchParams);
  const back = listLocation(url.search);
  const { rows, total } = await allInvoices(user, filters, ARCHIVE_MAX, true);
  if (total > ARCHIVE_MAX) {
    return redirectWithToast(context, back, { type: "error", message: `${total} factures correspondent à ces filtres : ${TOO_MANY}` });
  }
  if (rows.length === 0) return redirectWithToast(context, back, { type: "error", message: NOTHING_FILTERED });
  return archiveOf(
    user,
    context,
    rows.map((row) => row.id),
    back,
  );
}
