import { CONTENT_WIDTH, MARGIN, PageLayout, drawFooters, drawTable, openDocument, type Align, type Column } from "../documents/kit";

/**
 * The demo's documents to download as real PDFs (docs/content.md): a catalogue, technical
 * sheets, declarations of conformity, price lists and terms of sale, drawn at seed time with
 * the documents' kit (embedded fonts, tagged structure, page footers). A distributor uploads its
 * own files instead; these only give the demo something true to download.
 */

export type PdfPart =
  | { kind: "heading"; text: string }
  | { kind: "paragraphs"; lines: string[] }
  /** `share`: the part of the page's width each column takes (they add up to 1). */
  | { kind: "table"; columns: { header: string; share: number; align?: Align }[]; rows: string[][] }
  /** Label and value pairs, under `headers` (default « Caractéristique », « Valeur »). */
  | { kind: "figures"; rows: [label: string, value: string][]; headers?: [string, string] }
  | { kind: "pageBreak" };

export interface PdfSpec {
  /** The big title of the first page and the file's metadata. */
  title: string;
  subtitle: string;
  keywords: string;
  /** Repeated on every page after the first. */
  continuation: string;
  /** The legal line at the foot of every page. */
  legal: string;
  created: Date;
  parts: PdfPart[];
}

function drawPart(layout: PageLayout, part: PdfPart): void {
  switch (part.kind) {
    case "heading":
      layout.ensure(60);
      layout.y = layout.text(part.text, MARGIN, layout.y + 8, CONTENT_WIDTH, { bold: true, size: 12.5, type: "H2", color: "#0b3d5c" }) + 4;
      return;
    case "paragraphs":
      for (const line of part.lines) {
        layout.font(false, 9.5);
        layout.ensure(layout.pdf.heightOfString(line, { width: CONTENT_WIDTH }) + 6);
        layout.y = layout.text(line, MARGIN, layout.y, CONTENT_WIDTH, { size: 9.5 }) + 5;
      }
      return;
    case "table": {
      const columns: Column<string[]>[] = part.columns.map((column, index) => ({
        header: column.header,
        width: Math.floor(CONTENT_WIDTH * column.share),
        align: column.align ?? "left",
        cell: (row) => row[index] ?? "",
      }));
      drawTable(layout, columns, part.rows);
      return;
    }
    case "figures": {
      const [label, value] = part.headers ?? ["Caractéristique", "Valeur"];
      drawTable(
        layout,
        [
          { header: label, width: Math.floor(CONTENT_WIDTH * 0.3), align: "left", cell: (row) => row[0] },
          { header: value, width: Math.floor(CONTENT_WIDTH * 0.7), align: "left", cell: (row) => row[1] },
        ],
        part.rows,
      );
      return;
    }
    case "pageBreak":
      layout.ensure(Number.POSITIVE_INFINITY);
      return;
  }
}

/** The document's bytes: a title band, the parts in order, a footer on every page. */
export async function renderContentPdf(spec: PdfSpec): Promise<Uint8Array> {
  const { pdf, root, done } = openDocument({
    title: spec.title,
    subject: spec.subtitle,
    keywords: spec.keywords,
    author: "NautiDistrib",
    created: spec.created,
  });
  const layout = new PageLayout(pdf, root, spec.continuation);
  layout.artifact(() => {
    pdf.rect(0, 0, pdf.page.width, 8).fillColor("#0f766e").fill();
    pdf.fillColor("black");
  });
  layout.y = layout.text("NautiDistrib", MARGIN, MARGIN, CONTENT_WIDTH, { bold: true, size: 11, color: "#0f766e" });
  layout.y = layout.text(spec.title, MARGIN, layout.y + 6, CONTENT_WIDTH, { bold: true, size: 20, type: "H1", color: "#0b3d5c" });
  layout.y = layout.text(spec.subtitle, MARGIN, layout.y + 4, CONTENT_WIDTH, { size: 10.5, color: "#51606f" }) + 10;
  layout.rule(layout.y);
  layout.y += 10;
  for (const part of spec.parts) drawPart(layout, part);
  root.end();
  drawFooters(layout, spec.legal);
  pdf.end();
  return done;
}
