import { pathToFileURL } from "node:url";
import { facturXml, renderInvoicePdf } from "../server/backoffice/invoices/document/index";
import { standardInvoice } from "../tests/unit/backoffice/invoice-document-fixtures";

/**
 * One invoice PDF generation (docs/invoice-pdf.md, docs/performance.md): a 30-line invoice
 * rendered as a Factur-X PDF/A-3 again and again in this process, from the InvoiceDocument to
 * the bytes: the CII XML built and checked against EN 16931 by @e-invoice-eu/core, the pages
 * drawn, the fonts subset, the XML embedded. Prints p50/p95 of the whole and of the XML part
 * alone. BENCH_PDF_RUNS runs (default 100) after a few not counted.
 */

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 100);
const WARMUP = 5;
const LINES = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function runInvoicePdfBench(): Promise<void> {
  const doc = standardInvoice({ lines: LINES });
  for (let index = 0; index < WARMUP; index += 1) await renderInvoicePdf(doc);
  const whole: number[] = [];
  const xml: number[] = [];
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < RUNS; index += 1) {
    whole.push(await time(async () => (bytes = (await renderInvoicePdf(doc)).byteLength)));
  }
  const cpu = process.cpuUsage(cpuBefore);
  for (let index = 0; index < Math.min(RUNS, 50); index += 1) xml.push(await time(() => facturXml(doc)));
  whole.sort((a, b) => a - b);
  xml.sort((a, b) => a - b);
  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `invoice PDF (${LINES} lines, Factur-X PDF/A-3, ${(bytes / 1024).toFixed(1)} KB): ${RUNS} runs, p50 ${fmt(percentile(whole, 50))}, p95 ${fmt(percentile(whole, 95))}, max ${fmt(whole.at(-1) ?? 0)}, CPU ${fmt((cpu.user + cpu.system) / 1000 / RUNS)} per PDF`,
  );
  console.log(
    `  of which the CII XML and its EN 16931 check: p50 ${fmt(percentile(xml, 50))}, p95 ${fmt(percentile(xml, 95))} (${xml.length} runs)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runInvoicePdfBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
