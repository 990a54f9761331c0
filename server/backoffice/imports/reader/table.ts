import { hasControlCharacter } from "@shared/contracts/control-characters";
import { emailAddress } from "@shared/contracts/primitives";
import { headerKey, type FeedColumn } from "./columns";
import { FeedFileError, type SheetRow } from "./errors";
import { parseAmount, parseDate, parsePercent, parseQuantity, parseYesNo, type Parsed } from "./values";

export type CellValue = string | number | boolean | readonly string[] | null;

/** A line of the file read into its fields (an empty optional cell is null). */
export interface FeedRecord {
  line: number;
  values: Record<string, CellValue>;
}

/** A refused line: where, what, and why in French. */
export interface LineIssue {
  line: number;
  column: string;
  value: string;
  message: string;
}

export interface FeedTable {
  records: FeedRecord[];
  issues: LineIssue[];
  /** The fields whose column is in the header: a feed leaves the others as they are. */
  fields: ReadonlySet<string>;
}

/** « ligne 418, colonne Prix HT : « 12.5.0 » n'est pas un montant ». */
export function issueText(issue: LineIssue): string {
  const value = issue.value === "" ? "" : `« ${issue.value} » `;
  return `ligne ${issue.line}, colonne ${issue.column} : ${value}${issue.message}`;
}

/** Which cell holds which field, from the header line; a missing required column stops the file. */
function mapHeader(header: SheetRow, columns: readonly FeedColumn[]): Map<string, number> {
  const byKey = new Map<string, FeedColumn>();
  for (const column of columns) for (const name of [column.header, ...column.aliases]) byKey.set(headerKey(name), column);
  const positions = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const column = byKey.get(headerKey(cell));
    if (!column) return;
    if (positions.has(column.field)) throw new FeedFileError(`La colonne « ${column.header} » figure deux fois dans la ligne d'en-tête.`);
    positions.set(column.field, index);
  });
  const read = () =>
    header.cells
      .filter((cell) => cell.trim() !== "")
      .map((cell) => `« ${cell.trim()} »`)
      .join(", ") || "aucune";
  const missing = columns.filter((column) => column.required && !positions.has(column.field));
  if (missing.length > 0) {
    const names = missing.map((column) => `« ${column.header} »`).join(", ");
    throw new FeedFileError(
      `Colonne${missing.length > 1 ? "s" : ""} ${names} absente${missing.length > 1 ? "s" : ""} de la ligne d'en-tête (colonnes lues : ${read()}).`,
    );
  }
  for (const group of new Set(columns.flatMap((column) => (column.anyOf ? [column.anyOf] : [])))) {
    const members = columns.filter((column) => column.anyOf === group);
    if (members.some((column) => positions.has(column.field))) continue;
    const names = members.map((column) => `« ${column.header} »`).join(" ou ");
    throw new FeedFileError(`Colonne ${names} absente de la ligne d'en-tête : il en faut une au moins (colonnes lues : ${read()}).`);
  }
  return positions;
}

const EMAIL = emailAddress();

function parseCell(column: FeedColumn, raw: string): Parsed<CellValue> {
  const text = raw.trim();
  if (column.parse) return column.parse(text);
  switch (column.kind) {
    case "amount":
      return parseAmount(text);
    case "quantity":
      return parseQuantity(text);
    case "date":
      return parseDate(text);
    case "yesno":
      return parseYesNo(text);
    case "email": {
      const parsed = EMAIL.safeParse(text);
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: "n'est pas une adresse e-mail" };
    }
    case "percent":
      return parsePercent(text);
    default: {
      if (hasControlCharacter(text)) return { ok: false, problem: "contient des caractères de contrôle" };
      if (column.maxLength !== undefined && text.length > column.maxLength)
        return { ok: false, problem: `dépasse ${column.maxLength} caractères` };
      return { ok: true, value: column.kind === "reference" ? text.toUpperCase() : text };
    }
  }
}

/**
 * The rows under the header read into records, each cell parsed by its column's kind. A line
 * with any bad cell is refused whole (its issues listed); a reference seen twice refuses the
 * later line, so the file never says two things about one row.
 */
export function readTable(rows: readonly SheetRow[], columns: readonly FeedColumn[]): FeedTable {
  const [header, ...body] = rows;
  if (!header) throw new FeedFileError("Le fichier est vide : la ligne d'en-tête manque.");
  const positions = mapHeader(header, columns);
  const records: FeedRecord[] = [];
  const issues: LineIssue[] = [];
  const seen = new Map<string, number>();
  for (const row of body) {
    const values: Record<string, CellValue> = {};
    const lineIssues: LineIssue[] = [];
    for (const column of columns) {
      const index = positions.get(column.field);
      const raw = index === undefined ? "" : (row.cells[index] ?? "");
      if (raw.trim() === "" && column.kind !== "yesno") {
        if (column.required) lineIssues.push({ line: row.line, column: column.header, value: "", message: "est obligatoire" });
        values[column.field] = null;
        continue;
      }
      const parsed = parseCell(column, raw);
      if (parsed.ok) values[column.field] = parsed.value;
      else lineIssues.push({ line: row.line, column: column.header, value: raw.trim().slice(0, 80), message: parsed.problem });
    }
    const key = columns.find((column) => column.key) ?? columns.find((column) => column.kind === "reference" && column.required);
    const reference = key ? values[key.field] : null;
    if (key && typeof reference === "string" && lineIssues.length === 0) {
      const first = seen.get(reference);
      if (first !== undefined)
        lineIssues.push({ line: row.line, column: key.header, value: reference, message: `figure déjà ligne ${first}` });
      else seen.set(reference, row.line);
    }
    if (lineIssues.length > 0) issues.push(...lineIssues);
    else records.push({ line: row.line, values });
  }
  return { records, issues, fields: new Set(positions.keys()) };
}
