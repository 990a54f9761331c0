import { z } from "zod";
import { readPage } from "@shared/domain/list-filters";
import { csvResponse, excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";
import { parseForm } from "~/services/forms/index.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { backorderRow } from "./rows.server";
import type { BackorderGroup, BackorderGrouping, BackorderPageView, BackorderRow, FilterNotice } from "./types";
import type { OrdersUser } from "./user.server";
import { formatNumericDate } from "@shared/domain/french-format";

/** The back-office's largest page: the grouping is done within it. */
export const BACKORDERS_PAGE_SIZE = 100;

export function groupingOf(url: URL): BackorderGrouping {
  return url.searchParams.get("par") === "commande" ? "commande" : "produit";
}

function groupRows(rows: BackorderRow[], grouping: BackorderGrouping): BackorderGroup[] {
  const groups = new Map<string, BackorderGroup>();
  for (const row of rows) {
    const key = grouping === "produit" ? `p${row.productId}` : `o${row.orderId}`;
    let group = groups.get(key);
    if (!group) {
      group =
        grouping === "produit"
          ? { key, title: `${row.productRef} · ${row.productTitle}`, href: null, rows: [] }
          : {
              key,
              title: `Commande ${row.orderNumber}${row.customerRef ? ` (${row.customerRef})` : ""}`,
              href: `/mon-compte/commandes/${row.orderId}`,
              rows: [],
            };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** /mon-compte/reliquats: the open back-orders, grouped by product or by order (`?par=`). */
export async function loadBackorderPage(user: OrdersUser, url: URL): Promise<BackorderPageView & { notices: FilterNotice[] }> {
  const notices: FilterNotice[] = [];
  const page = readPage(url.searchParams.get("page"), notices);
  const grouping = groupingOf(url);
  const answer = await user.upstream.orders.backorders(user.orgId, { page, size: BACKORDERS_PAGE_SIZE }).catch(asRouteError);
  const rows = answer.items.map((line) => backorderRow(line, user.permissions.canOrder));
  return {
    grouping,
    groups: groupRows(rows, grouping),
    total: answer.total,
    page,
    pageCount: Math.max(1, Math.ceil(answer.total / BACKORDERS_PAGE_SIZE)),
    showPrices: user.permissions.canViewPrices,
    notices,
  };
}

/** A calendar date (YYYY-MM-DD) or an instant, as a CSV cell (decision 0169). */
const csvDate = (value: string | null) => (value ? formatNumericDate(value) : "");

/** Every open back-order line (the back-office's pages of 100, up to 5,000 lines). */
async function allBackorders(user: OrdersUser): Promise<BackorderRow[]> {
  const rows: BackorderRow[] = [];
  for (let page = 1; rows.length < 5000; page += 1) {
    const answer = await user.upstream.orders.backorders(user.orgId, { page, size: BACKORDERS_PAGE_SIZE }).catch(asRouteError);
    rows.push(...answer.items.map((line) => backorderRow(line, false)));
    if (answer.items.length < BACKORDERS_PAGE_SIZE || rows.length >= answer.total) break;
  }
  return rows;
}

/** /mon-compte/reliquats/export.csv: the open back-orders for French Excel (csv.server.ts); prices only with `prices`. */
export async function exportBackorders(user: OrdersUser): Promise<Response> {
  const prices = user.permissions.canViewPrices;
  const header = [
    "Commande",
    "Date de commande",
    "Référence client",
    "Référence produit",
    "Désignation",
    "Commandé",
    "Expédié",
    "En reliquat",
    "État",
    "Date prévisionnelle",
    "Demande d'annulation",
  ];
  if (prices) header.push("Prix unitaire HT (€)");
  const table = [header];
  for (const row of await allBackorders(user)) {
    const cells = [row.orderNumber, csvDate(row.orderDate), row.customerRef, row.productRef, row.productTitle].map(excelText);
    cells.push(
      String(row.ordered),
      String(row.shipped),
      String(row.backorder),
      row.state,
      csvDate(row.expectedDate),
      row.request ? excelText(row.request.status) : "",
    );
    if (prices) cells.push(row.unitPrice === null ? "" : excelAmount(row.unitPrice));
    table.push(cells);
  }
  return csvResponse("reliquats.csv", frenchExcelCsv(table));
}

const id = z.coerce.number("Ligne inconnue.").int("Ligne inconnue.").positive("Ligne inconnue.").max(2147483647, "Ligne inconnue.");

export const cancellationForm = z.object({
  ord_id: id,
  obj_id: id,
  reason: z
    .string()
    .trim()
    .min(3, "Indiquez la raison de votre demande (au moins 3 caractères).")
    .max(500, "La raison compte au plus 500 caractères.")
    .regex(/^(?:\P{Cc}|[\n\r\t])*$/u, "La raison ne doit pas contenir de caractères de contrôle."),
  par: z.string().optional(),
});

/** Asks the distributor to cancel a back-order's remainder (flag `orders`): the back-office's answer in French. */
export async function requestCancellation(user: OrdersUser, form: FormData): Promise<{ outcome: Outcome; fields: Record<string, string> }> {
  const parsed = parseForm(form, cancellationForm);
  if (!parsed.ok) return { outcome: refused(422, parsed.formError, parsed.fieldErrors), fields: parsed.fields };
  if (!user.permissions.canOrder)
    return { outcome: refused(403, "Votre compte ne permet pas de demander l'annulation d'un reliquat."), fields: parsed.fields };
  try {
    const request = await user.upstream.orders.requestCancellation(parsed.data.ord_id, {
      obj_id: parsed.data.obj_id,
      reason: parsed.data.reason,
    });
    return { outcome: saved(`Demande d'annulation envoyée pour ${request.obj_ref} (commande ${request.ord_ref}).`), fields: parsed.fields };
  } catch (error) {
    if (error instanceof UpstreamError && !error.isUnavailable) {
      const status = error.status === 403 ? 403 : error.status === 404 ? 404 : 409;
      return { outcome: refused(status, error.status === 404 ? "Ce reliquat n'existe pas." : error.message), fields: parsed.fields };
    }
    throw error;
  }
}
