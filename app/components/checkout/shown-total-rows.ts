import { shownTotalLines, type ShownTotals } from "@shared/domain/totals";

/** [label, cents, test id] of each row of a totals block (shared/domain shownTotalLines). */
export function shownTotalRows(totals: ShownTotals, taxExempt: boolean, testIdPrefix: string): [string, number, string][] {
  return shownTotalLines(totals, taxExempt).map((line) => [line.label, line.cents, `${testIdPrefix}-${line.key}`]);
}
