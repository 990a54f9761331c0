import type { Parsed } from "./values";

/** The kinds of value a feed's column holds (values.ts parses each). */
export type ColumnKind = "reference" | "text" | "amount" | "quantity" | "date" | "yesno" | "email" | "percent";

/** One column of a feed: its field, its French header (docs/integration.md) and the other names accepted. */
export interface FeedColumn {
  field: string;
  header: string;
  /** Other headers meaning the same, as exports name them (compared without case nor accents). */
  aliases: readonly string[];
  kind: ColumnKind;
  required: boolean;
  /** The template's example value. */
  example: string;
  /** The template's further example rows, when one row cannot show every kind of line. */
  moreExamples?: readonly string[];
  /** Longest text accepted (reference and text columns). */
  maxLength?: number;
  /** A feed's own reading of a non-empty cell (a weight in kg, a shipping family…), instead of its kind's. */
  parse?: (text: string) => Parsed<string | number | boolean | readonly string[]>;
  /**
   * What identifies a line (a value seen twice refuses the later line): this column, else the
   * first required reference column. The users feed is keyed by its e-mail, not by its customer.
   */
  key?: boolean;
  /**
   * Optional columns of which the header must hold one at least, named alike: a prices file
   * needs « Prix net HT » or « Remise (%) », either may be absent.
   */
  anyOf?: string;
}

/** « Référence parent », « REFERENCE_PARENT », « référence-parent » all read « reference parent ». */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
