import { csvResponse, frenchExcelCsv } from "~/services/csv.server";

/**
 * The quick order's CSV template, in the form its upload reads (quick-order-input.server.ts,
 * shared/domain/quick-order.ts) and French Excel opens with a double click: UTF-8 with its
 * byte-order mark, `;` between cells, CRLF. The header row is skipped on upload (it starts with
 * « reference »); the two example lines are real demo references, to be replaced.
 */
export const TEMPLATE_HEADER = ["reference", "quantite"] as const;
export const TEMPLATE_EXAMPLES: readonly (readonly [string, string])[] = [
  ["GAG00001", "2"],
  ["MAN00002", "10"],
];
export const TEMPLATE_FILE_NAME = "modele-commande-rapide.csv";

export function quickOrderTemplate(): Response {
  return csvResponse(TEMPLATE_FILE_NAME, frenchExcelCsv([TEMPLATE_HEADER, ...TEMPLATE_EXAMPLES]));
}
