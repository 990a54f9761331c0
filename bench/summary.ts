import { markdownTable } from "./markdown-table";

/**
 * The table of issue 40 (docs/performance.md), filled in by the benches of one `npm run bench`
 * run and printed at its end: each row with its figure, the stock Remix app's figure of the same
 * run, the target and the verdict. A row whose bench was not selected says which one measures it.
 */

export type SummaryKey =
  "category" | "product" | "search" | "bare" | "categoryHtml" | "rssDemo" | "rssBench" | "firstStart" | "addToCart" | "cartSave";

interface SummaryRow {
  what: string;
  target: string;
  /** The bench (`npm run bench -- <name>`) that fills the row. */
  bench: string;
}

const ROWS: Record<SummaryKey, SummaryRow> = {
  category: { what: "category page vs stock /list", target: "≥ 60 %, p99 < 80 ms", bench: "catalogue" },
  product: { what: "product page vs stock /list", target: "≥ 100 %, p99 < 50 ms", bench: "catalogue" },
  search: { what: "search page vs stock /list", target: "≥ 60 %, p99 < 80 ms", bench: "catalogue" },
  bare: { what: "bare page vs stock /hello", target: "≥ 80 %", bench: "catalogue" },
  categoryHtml: { what: "category page HTML", target: "≤ 35 KB", bench: "catalogue" },
  rssDemo: { what: "resident memory at rest, demo data", target: "≤ 250 MB", bench: "memory" },
  rssBench: { what: "resident memory at rest, benchmark data", target: "≤ 450 MB", bench: "memory" },
  firstStart: { what: "first start that seeds the demo", target: "< 3 s", bench: "start" },
  addToCart: { what: "add-to-cart round trip, p95", target: "< 80 ms", bench: "cart" },
  cartSave: { what: "100-line cart save, p99", target: "< 40 ms", bench: "backoffice" },
};

export interface SummaryFigures {
  /** The portal's figure, as it reads in the table (« 106 req/s, 34 %, p99 148 ms »). */
  now: string;
  /** The stock app's figure of the same run, or « — » where it has none. */
  stock: string;
  met: boolean;
}

const measured = new Map<SummaryKey, SummaryFigures>();

export function recordSummary(key: SummaryKey, figures: SummaryFigures): void {
  measured.set(key, figures);
}

export function hasSummary(): boolean {
  return measured.size > 0;
}

/** The whole table, every row, in the order. */
export function summaryTable(): string {
  return markdownTable(
    ["what", "now", "stock app, same run", "target", "result"],
    (Object.keys(ROWS) as SummaryKey[]).map((key) => {
      const row = ROWS[key];
      const figures = measured.get(key);
      if (!figures) return [row.what, `not measured (npm run bench -- ${row.bench})`, "—", row.target, "—"];
      return [row.what, figures.now, figures.stock, row.target, figures.met ? "met" : "MISSED"];
    }),
  );
}
