import { stringify } from "csv-stringify/sync";

/**
 * Exports as French Excel opens them with a double click (docs/orders.md): `;` between cells,
 * a decimal comma, CRLF, UTF-8 with its byte-order mark. csv-stringify quotes what needs it.
 */

/** Cents as French Excel reads a number: decimal comma, no thousands separator (-1234,50). */
export { formatPlainAmount as excelAmount } from "@shared/domain/french-format";

/** A text cell: one that starts like a formula gets a ' so Excel shows it, never runs it. */
export function excelText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The rows (text cells already through excelText, amounts through excelAmount) as a file. */
export function frenchExcelCsv(rows: readonly (readonly string[])[]): string {
  // A line break inside a cell is quoted too: Excel ends a row at a lone \n as well as at \r\n.
  return stringify(
    rows.map((row) => [...row]),
    { delimiter: ";", record_delimiter: "windows", bom: true, quoted_match: /[\r\n]/ },
  );
}

/** A CSV download, never cached (it holds the organization's data). */
export function csvResponse(fileName: string, body: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
