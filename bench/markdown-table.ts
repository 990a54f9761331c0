/**
 * A Markdown table with padded columns: readable in a terminal as printed, and pasted as is
 * into docs/performance.md. Columns whose header starts with a space are right-aligned (figures).
 */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.trim().length, ...rows.map((row) => (row[column] ?? "").length)));
  const rightAligned = header.map((title) => title.startsWith(" "));
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (rightAligned[column] ? `${"-".repeat(width + 1)}:` : "-".repeat(width + 2))).join("|")}|`;
  return [line(header.map((title) => title.trim())), rule, ...rows.map(line)].join("\n");
}
