import { FeedFileError, type SheetRow } from "./errors";

/**
 * A CSV as the distributors' systems export it: UTF-8 with or without a BOM, or Windows-1252
 * (French Excel's « CSV (séparateur : point-virgule) », Sage's and EBP's exports) when the
 * bytes are not valid UTF-8; `;`, `,` or tab between fields, chosen on the header line;
 * fields in double quotes may hold the separator, line breaks and doubled quotes.
 */

export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000"))
    throw new FeedFileError("Le fichier n'est ni un CSV ni un classeur XLSX (octets nuls : UTF-16 ou fichier binaire ?).");
  return text;
}

const SEPARATORS = [";", ",", "\t"] as const;

/** The separator seen most often on the header line outside quotes (`;` on a tie: the French habit). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ";";
  for (const separator of SEPARATORS) if ((counts.get(separator) ?? 0) > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/**
 * Rows of cells, each with the file's line number where it starts; blank lines are skipped. A
 * cell is cut out of the text in runs (`slice`), never built a character at a time: V8 keeps
 * such a string as a chain of one-character pieces, and a 13 MB file then took 300 MB.
 */
export function parseCsv(text: string): SheetRow[] {
  const separator = detectSeparator(text);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = "";
  // The characters from runStart up to the current index belong to `cell` and are not in it yet.
  let runStart = 0;
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const take = (end: number) => {
    if (end > runStart) cell += text.slice(runStart, end);
  };
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        take(index);
        if (text[index + 1] === '"') {
          cell += '"';
          index++;
        } else {
          quoted = false;
        }
        runStart = index + 1;
      } else if (char === "\n") {
        line++;
      }
    } else if (char === '"' && cell.trim() === "" && text.slice(runStart, index).trim() === "") {
      quoted = true;
      cell = "";
      runStart = index + 1;
    } else if (char === separator) {
      take(index);
      cells.push(cell);
      cell = "";
      runStart = index + 1;
    } else if (char === "\n" || char === "\r") {
      take(index);
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRow();
      line++;
      rowLine = line;
      runStart = index + 1;
    }
  }
  if (quoted) throw new FeedFileError(`Guillemet non refermé à partir de la ligne ${rowLine}.`);
  take(text.length);
  endRow();
  return rows;
}
