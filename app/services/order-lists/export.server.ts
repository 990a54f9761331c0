import ExcelJS from "exceljs";
import type { OrderListDetail } from "@shared/contracts/order-lists";
import { excelText, frenchExcelCsv } from "~/services/csv.server";
import { asRouteError } from "~/services/route-errors.server";
import { listIdOf, type ListsUser } from "./user.server";

/**
 * A list's exports (docs/order-lists.md « Export »): reference, own code, designation,
 * quantity, note; a list holds at most 500 lines, so the file is written in memory. The columns'
 * titles are those the list's import reads back (file.server.ts).
 */

export const LIST_EXPORT_HEADERS = ["Référence", "Votre code", "Désignation", "Quantité", "Note"] as const;
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** « liste-consommables-atelier.csv »: the name kept to safe characters. */
export function listFileName(name: string, extension: "csv" | "xlsx"): string {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `liste-${slug || "commande"}.${extension}`;
}

function downloadHeaders(contentType: string, fileName: string): Headers {
  return new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
  });
}

export function listCsv(list: OrderListDetail): Response {
  const rows = list.lines.map((line) => [
    excelText(line.ref),
    excelText(line.own_code ?? ""),
    excelText(line.title),
    String(line.qty),
    excelText(line.note),
  ]);
  return new Response(frenchExcelCsv([[...LIST_EXPORT_HEADERS], ...rows]), {
    status: 200,
    headers: downloadHeaders("text/csv; charset=utf-8", listFileName(list.name, "csv")),
  });
}

export async function listXlsx(list: OrderListDetail): Promise<Response> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "NautiDistrib";
  const sheet = workbook.addWorksheet("Liste", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [{ width: 18 }, { width: 18 }, { width: 50 }, { width: 10 }, { width: 40 }];
  sheet.addRow([...LIST_EXPORT_HEADERS]).font = { bold: true };
  for (const line of list.lines) sheet.addRow([line.ref, line.own_code ?? null, line.title, line.qty, line.note || null]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    status: 200,
    headers: downloadHeaders(XLSX_CONTENT_TYPE, listFileName(list.name, "xlsx")),
  });
}

/** GET /mon-compte/listes/{id}/export.csv|.xlsx: anyone who sees the list, a read-only one too. */
export async function exportList(user: ListsUser, rawId: string | undefined, format: "csv" | "xlsx"): Promise<Response> {
  const id = listIdOf(rawId);
  const list = await user.upstream.orderLists.get(user.orgId, id).catch(asRouteError);
  return format === "csv" ? listCsv(list) : listXlsx(list);
}
