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

/** Rows of cells, each with the file's line number where it starts; blank lines are skipped. */
export function parseCsv(text: string): SheetRow[] {
  const separator = detectSeparator(text);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new FeedFileError(`Guillemet non refermé à partir de la ligne ${rowLine}.`);
  endRow();
  return rows;
}
