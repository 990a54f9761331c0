import { csvResponse, frenchExcelCsv } from "~/services/csv.server";

/**
 * The import's CSV template (import-file.server.ts reads it back), as the quick order's is made:
 * UTF-8 with its byte-order mark, `;` between cells, CRLF, so French Excel opens it with a
 * double click. The header row is skipped on import; the two example lines name real demo
 * references, to be replaced.
 */
export const PART_NUMBERS_TEMPLATE_HEADER = ["votre_code", "reference"] as const;
export const PART_NUMBERS_TEMPLATE_EXAMPLES: readonly (readonly [string, string])[] = [
  ["ATELIER-001", "GAG00001"],
  ["ATELIER-002", "MAN00002"],
];
export const PART_NUMBERS_TEMPLATE_FILE_NAME = "modele-vos-references.csv";

export function partNumbersTemplate(): Response {
  return csvResponse(PART_NUMBERS_TEMPLATE_FILE_NAME, frenchExcelCsv([PART_NUMBERS_TEMPLATE_HEADER, ...PART_NUMBERS_TEMPLATE_EXAMPLES]));
}
