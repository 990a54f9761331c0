import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { PRICE_LIST_EXPORT_PAGE, type PriceListResponse, type PriceListRow } from "@shared/contracts/price-list";
import { excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";
import type { PriceListFilters } from "~/services/upstream/price-list.server";
import { formatNumericDate, formatPlainNumber } from "@shared/domain/french-format";

/**
 * The price list's exports (docs/price-list.md, decision 0111): the back-office's pages of
 * PRICE_LIST_EXPORT_PAGE rows are read one after the other, and each page is written before
 * the next is asked for, so that 50,000 rows never sit in memory: the CSV through a
 * ReadableStream that reads a page when the client wants more, the XLSX through exceljs's
 * streaming WorkbookWriter into a PassThrough (shared strings off, so that nothing grows
 * with the rows), waiting for the client when the stream is full.
 */

/** Reads one page of the list (the user's token and organization are already bound). */
export type PriceListPager = (filters: PriceListFilters, page: number, size: number) => Promise<PriceListResponse>;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The columns of both exports, in their order. */
export const EXPORT_HEADERS = [
  "Référence",
  "Désignation",
  "Marque",
  "Catégorie",
  "Prix public HT (€)",
  "Remise (%)",
  "Votre prix net HT (€)",
  "Promotion",
  "Prix promotion HT (€)",
  "Début promotion",
  "Fin promotion",
  "Éco-part. HT (€)",
] as const;

/** The pages after the first, read one at a time, until the list ends. */
async function* laterPages(pager: PriceListPager, filters: PriceListFilters, first: PriceListResponse): AsyncGenerator<PriceListRow[]> {
  let seen = first.items.length;
  for (let page = 2; seen < first.total && first.items.length === PRICE_LIST_EXPORT_PAGE; page += 1) {
    const next = await pager(filters, page, PRICE_LIST_EXPORT_PAGE);
    if (next.items.length === 0) return;
    seen += next.items.length;
    yield next.items;
    if (next.items.length < PRICE_LIST_EXPORT_PAGE) return;
  }
}

/** The file name: « tarifs-C0001-2026-11-24.xlsx » (the reference kept to safe characters). */
export function exportFileName(orgRef: string, pricedOn: string, extension: "csv" | "xlsx"): string {
  const ref = orgRef.replace(/[^A-Za-z0-9_-]/g, "") || "organisation";
  return `tarifs-${ref}-${pricedOn}.${extension}`;
}

function downloadHeaders(contentType: string, fileName: string): Headers {
  return new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
  });
}

function csvCells(row: PriceListRow): string[] {
  const promotion = row.promotion;
  return [
    excelText(row.obj_ref),
    excelText(row.title),
    excelText(row.brand ?? ""),
    excelText(row.category ?? ""),
    excelAmount(row.list_price),
    formatPlainNumber(row.discount_pct),
    excelAmount(row.net_price),
    excelText(promotion?.name ?? ""),
    promotion ? excelAmount(promotion.price) : "",
    promotion ? formatNumericDate(promotion.starts_on) : "",
    promotion ? formatNumericDate(promotion.ends_on) : "",
    excelAmount(row.ecotax),
  ];
}

/** Rows in csv.server.ts's French Excel form; the byte-order mark only at the file's start. */
function csvChunk(rows: readonly (readonly string[])[], first: boolean): string {
  const text = frenchExcelCsv(rows);
  return first ? text : text.replace(/^\uFEFF/, "");
}

/** The list as a French Excel CSV, streamed page by page. `first` is page 1, already read. */
export function priceListCsv(pager: PriceListPager, filters: PriceListFilters, first: PriceListResponse, orgRef: string): Response {
  const pages = laterPages(pager, filters, first);
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvChunk([[...EXPORT_HEADERS], ...first.items.map(csvCells)], true)));
        return;
      }
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvChunk(next.value.map(csvCells), false)));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: downloadHeaders("text/csv; charset=utf-8", exportFileName(orgRef, first.priced_on, "csv")),
  });
}

const EUROS = '#,##0.00 "€"';
const PERCENT = "0.00 %";
const DAY = "dd/mm/yyyy";
const COLUMNS: Partial<ExcelJS.Column>[] = [
  { key: "ref", width: 18 },
  { key: "title", width: 50 },
  { key: "brand", width: 20 },
  { key: "category", width: 28 },
  { key: "list", width: 16, style: { numFmt: EUROS } },
  { key: "discount", width: 11, style: { numFmt: PERCENT } },
  { key: "net", width: 18, style: { numFmt: EUROS } },
  { key: "promotion", width: 24 },
  { key: "promoPrice", width: 18, style: { numFmt: EUROS } },
  { key: "starts", width: 15, style: { numFmt: DAY } },
  { key: "ends", width: 15, style: { numFmt: DAY } },
  { key: "ecotax", width: 15, style: { numFmt: EUROS } },
];

/** A calendar date as Excel's date of that day (exceljs counts days in UTC). */
function excelDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

function xlsxValues(row: PriceListRow): ExcelJS.CellValue[] {
  const promotion = row.promotion;
  return [
    row.obj_ref,
    row.title,
    row.brand ?? null,
    row.category ?? null,
    row.list_price / 100,
    row.discount_pct / 100,
    row.net_price / 100,
    promotion?.name ?? null,
    promotion ? promotion.price / 100 : null,
    promotion ? excelDate(promotion.starts_on) : null,
    promotion ? excelDate(promotion.ends_on) : null,
    row.ecotax / 100,
  ];
}

/** Waits until the client has read what the stream holds (the zip waits with it); a client gone stops the export. */
async function readByClient(stream: PassThrough): Promise<void> {
  if (stream.writableNeedDrain && !stream.destroyed) {
    const gone = new AbortController();
    await Promise.race([once(stream, "drain", { signal: gone.signal }), once(stream, "close", { signal: gone.signal })]).finally(() =>
      gone.abort(),
    );
  }
  if (stream.destroyed) throw new ClientGone();
}

/** The client closed the download: nothing more to write, nothing to report. */
class ClientGone extends Error {
  constructor() {
    super("price list export: the client closed the download");
  }
}

async function writeWorkbook(
  stream: PassThrough,
  pager: PriceListPager,
  filters: PriceListFilters,
  first: PriceListResponse,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = "NautiDistrib";
  const sheet = workbook.addWorksheet("Tarifs", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS;
  const header = sheet.addRow([...EXPORT_HEADERS]);
  header.font = { bold: true };
  header.commit();
  const write = (rows: readonly PriceListRow[]) => {
    for (const row of rows) sheet.addRow(xlsxValues(row)).commit();
  };
  write(first.items);
  await readByClient(stream);
  for await (const rows of laterPages(pager, filters, first)) {
    write(rows);
    await readByClient(stream);
  }
  sheet.commit();
  await workbook.commit();
}

/** The list as an Excel workbook, streamed page by page. `first` is page 1, already read. */
export function priceListXlsx(
  pager: PriceListPager,
  filters: PriceListFilters,
  first: PriceListResponse,
  orgRef: string,
  onError: (error: unknown) => void,
): Response {
  const stream = new PassThrough();
  writeWorkbook(stream, pager, filters, first).catch((error: unknown) => {
    if (error instanceof ClientGone) return;
    // The headers are gone: the client sees a broken download, the log says why.
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: downloadHeaders(XLSX_CONTENT_TYPE, exportFileName(orgRef, first.priced_on, "xlsx")) });
}
