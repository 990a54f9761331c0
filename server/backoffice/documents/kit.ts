import path from "node:path";
import PDFDocument from "pdfkit";
import { ROOT_DIR } from "../../config/project-root";

/**
 * What every A4 document of the back-office is drawn with (docs/invoice-pdf.md,
 * docs/quote-pdf.md, docs/content.md): the embedded DejaVu fonts parsed once, the document
 * opened with its metadata, the page geometry, a layout that tags what it writes (paragraphs,
 * headings, tables with header cells; page furniture as artifacts) and continues on a new page,
 * the footers, and the finished bytes. The parties' blocks are in letterhead.ts; the invoice,
 * the quote proposal and the seeded downloads draw their own blocks with both.
 */

/** From the project's folder: the compiled server (build/server/, decision 0209) does not sit beside them. */
const FONTS_DIR = path.join(ROOT_DIR, "server", "backoffice", "documents", "fonts");

type FontSource = PDFKit.Mixins.PDFFontSource;
export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;
export type Align = "left" | "right" | "center";

/**
 * A parsed font, shared by every document: pdfkit accepts a fontkit font object as a font
 * source, and parsing the 700 kB TrueType file again for each document was most of the time of a
 * render. pdfkit parses it once here (through a document that is never written); each document
 * still embeds its own subset. fontkit is pdfkit's, not a dependency of ours: hence the probe.
 */
function parsedFont(file: string): FontSource {
  const probe = new PDFDocument({ autoFirstPage: false, font: path.join(FONTS_DIR, file) }) as unknown as {
    _font?: { font?: { layout?: unknown } };
  };
  const font = probe._font?.font;
  if (typeof font?.layout !== "function") throw new Error(`font ${file}: pdfkit did not parse it`);
  return font as unknown as FontSource;
}

let fonts: { regular: FontSource; bold: FontSource } | null = null;
export function loadFonts(): { regular: FontSource; bold: FontSource } {
  fonts ??= { regular: parsedFont("DejaVuSansCondensed.ttf"), bold: parsedFont("DejaVuSansCondensed-Bold.ttf") };
  return fonts;
}

/** Registers the fonts as « Regular » and « Bold », the names the layout uses. */
export function registerFonts(pdf: Doc): void {
  const { regular, bold } = loadFonts();
  pdf.registerFont("Regular", regular);
  pdf.registerFont("Bold", bold);
}

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stops here; the footer is drawn below. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - 72;
export const FOOTER_Y = PAGE_HEIGHT - 58;
export const GREY = "#555555";
export const RULE = "#999999";
const CELL_PADDING = 3;
const TABLE_FONT_SIZE = 8;

/** What a document says of itself (its metadata); every date in the file is `created`. */
export interface DocumentInfo {
  title: string;
  subject: string;
  keywords: string;
  author?: string;
  created: Date;
  /** Declares PDF/A-3b (the invoice, which embeds its Factur-X XML). */
  pdfA?: boolean;
}

/** An open document: pdfkit's, the root of its structure tree, and its bytes once it ends. */
export interface OpenDocument {
  pdf: Doc;
  root: Struct;
  done: Promise<Uint8Array>;
}

/**
 * A tagged A4 document in French with its pages buffered (the footers number them at the end),
 * the fonts registered and its structure tree opened. The same info gives the same bytes.
 */
export function openDocument(info: DocumentInfo): OpenDocument {
  const { regular } = loadFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: 20, left: MARGIN, right: MARGIN },
    pdfVersion: "1.7",
    ...(info.pdfA ? { subset: "PDF/A-3b" as const } : {}),
    tagged: true,
    lang: "fr-FR",
    displayTitle: true,
    bufferPages: true,
    font: regular as unknown as string,
    info: {
      Title: info.title,
      Subject: info.subject,
      Keywords: info.keywords,
      ...(info.author ? { Author: info.author } : {}),
      Creator: "Portail B2B — back-office",
      Producer: "PDFKit",
      CreationDate: info.created,
      ModDate: info.created,
    },
  });
  const done = collect(pdf);
  registerFonts(pdf);
  const root = pdf.struct("Document");
  pdf.addStructure(root);
  return { pdf, root, done };
}

export interface Column<T> {
  header: string;
  width: number;
  align: Align;
  cell: (row: T) => string;
}

/** Draws page by page; `y` is where the next block starts. */
export class PageLayout {
  y = MARGIN;
  constructor(
    readonly pdf: Doc,
    readonly root: Struct,
    /** Printed (as an artifact) at the top of every page after the first: « Facture N° … (suite) — … ». */
    readonly continuation: string,
  ) {}

  /** Page furniture (rules, repeated headers, footers): not part of the reading order. */
  artifact(draw: () => void, type: "Layout" | "Pagination" = "Layout"): void {
    this.pdf.markContent("Artifact", { type });
    draw();
    this.pdf.endMarkedContent();
  }

  font(bold: boolean, size: number): Doc {
    return this.pdf.font(bold ? "Bold" : "Regular").fontSize(size);
  }

  /** A tagged paragraph (or heading) at x with a width; returns its bottom. */
  text(
    content: string,
    x: number,
    y: number,
    width: number,
    options: { bold?: boolean; size?: number; type?: string; align?: Align; color?: string; parent?: Struct } = {},
  ): number {
    this.font(options.bold ?? false, options.size ?? 9).fillColor(options.color ?? "black");
    this.pdf.text(content, x, y, {
      width,
      align: options.align ?? "left",
      structParent: options.parent ?? this.root,
      structType: options.type ?? "P",
    });
    this.pdf.fillColor("black");
    return this.pdf.y;
  }

  /** Lines of text as one tagged paragraph each; returns the bottom. */
  lines(lines: string[], x: number, y: number, width: number, size = 9): number {
    let bottom = y;
    for (const line of lines) if (line) bottom = this.text(line, x, bottom, width, { size });
    return bottom;
  }

  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.pdf.addPage();
    this.y = MARGIN;
    this.artifact(() => {
      this.font(true, 10).text(this.continuation, MARGIN, this.y, { width: CONTENT_WIDTH, lineBreak: false });
    });
    this.y += 22;
  }

  rule(y: number): void {
    this.artifact(() => {
      this.pdf
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + CONTENT_WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    });
  }

  /** A titled block of paragraphs, moved whole to the next page when it does not fit. */
  section(title: string, lines: string[], size = 8.5): void {
    const present = lines.filter(Boolean);
    if (present.length === 0) return;
    this.font(false, size);
    const height = present.reduce((sum, line) => sum + this.pdf.heightOfString(line, { width: CONTENT_WIDTH }), 0) + 24;
    this.ensure(Math.min(height, CONTENT_BOTTOM - MARGIN - 22));
    this.rule(this.y);
    this.y = this.text(title, MARGIN, this.y + 6, CONTENT_WIDTH, { bold: true, size: 9.5, type: "H2" }) + 2;
    this.y = this.lines(present, MARGIN, this.y, CONTENT_WIDTH, size);
  }
}

function rowHeight<T>(layout: PageLayout, columns: Column<T>[], cells: string[], bold: boolean): number {
  layout.font(bold, TABLE_FONT_SIZE);
  return (
    Math.max(...cells.map((cell, index) => layout.pdf.heightOfString(cell, { width: (columns[index]?.width ?? 0) - 2 * CELL_PADDING }))) +
    2 * CELL_PADDING
  );
}

/** One row; tagged as TR with TH/TD cells, or as an artifact for a header repeated on a new page. */
function drawRow<T>(layout: PageLayout, columns: Column<T>[], cells: string[], options: { header: boolean; table: Struct | null }): void {
  const height = rowHeight(layout, columns, cells, options.header);
  const y = layout.y;
  if (options.header) {
    layout.artifact(() => {
      layout.pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fillColor("#e8e8e8").fill();
      layout.pdf.fillColor("black");
    });
  }
  const row = options.table ? layout.pdf.struct("TR") : null;
  if (row && options.table) options.table.add(row);
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    layout.font(options.header, TABLE_FONT_SIZE).fillColor("black");
    const textOptions = { width: column.width - 2 * CELL_PADDING, align: column.align };
    if (row) {
      layout.pdf.text(cell, x + CELL_PADDING, y + CELL_PADDING, {
        ...textOptions,
        structParent: row,
        structType: options.header ? "TH" : "TD",
      });
    } else {
      layout.artifact(() => layout.pdf.text(cell, x + CELL_PADDING, y + CELL_PADDING, textOptions));
    }
    x += column.width;
  });
  layout.y = y + height;
  layout.rule(layout.y);
}

/** A tagged table of the rows, its header repeated (as an artifact) at the top of each new page. */
export function drawTable<T>(layout: PageLayout, columns: Column<T>[], rows: readonly T[]): void {
  const headers = columns.map((column) => column.header);
  const table = layout.pdf.struct("Table");
  layout.root.add(table);
  layout.ensure(rowHeight(layout, columns, headers, true) + 30);
  drawRow(layout, columns, headers, { header: true, table });
  for (const item of rows) {
    const cells = columns.map((column) => column.cell(item));
    const height = rowHeight(layout, columns, cells, false);
    if (layout.y + height > CONTENT_BOTTOM) {
      layout.ensure(CONTENT_BOTTOM);
      drawRow(layout, columns, headers, { header: true, table: null });
    }
    drawRow(layout, columns, cells, { header: false, table });
  }
  table.end();
  layout.y += 10;
}

/** A label/value table (totals), right-aligned values, starting at `top`; returns its bottom. */
export function drawFigures(
  layout: PageLayout,
  rows: Array<{ label: string; value: string; bold?: boolean }>,
  top: number,
  labelX: number,
  labelWidth: number,
): number {
  const valueX = labelX + labelWidth;
  const valueWidth = MARGIN + CONTENT_WIDTH - valueX;
  const table = layout.pdf.struct("Table");
  layout.root.add(table);
  let y = top;
  for (const row of rows) {
    const tr = layout.pdf.struct("TR");
    table.add(tr);
    layout.font(row.bold ?? false, 9).fillColor("black");
    layout.pdf.text(row.label, labelX, y, { width: labelWidth, structParent: tr, structType: "TH" });
    layout.pdf.text(row.value, valueX, y, { width: valueWidth, align: "right", structParent: tr, structType: "TD" });
    y += 13;
  }
  table.end();
  return y;
}

/** Footers on every page: a legal line and « Page i / n » (the document must buffer its pages). */
export function drawFooters(layout: PageLayout, legal: string): void {
  const { pdf } = layout;
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    layout.artifact(() => {
      pdf
        .moveTo(MARGIN, FOOTER_Y - 4)
        .lineTo(MARGIN + CONTENT_WIDTH, FOOTER_Y - 4)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      layout.font(false, 7).fillColor(GREY);
      pdf.text(legal, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH - 70, lineBreak: true });
      pdf.text(`Page ${index - range.start + 1} / ${range.count}`, MARGIN + CONTENT_WIDTH - 70, FOOTER_Y, {
        width: 70,
        align: "right",
        lineBreak: false,
      });
      pdf.fillColor("black");
    }, "Pagination");
  }
}

/** The bytes of the finished document. */
export function collect(pdf: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
}
