import { assertCanChangeCart, CartRefused } from "./cart.server";
import { cartFailureOf } from "./failure.server";
import {
  fileSource,
  formKeyAfter,
  GRID_LABEL,
  gridLeft,
  gridSource,
  QUICK_ORDER_GRID_ROWS,
  QuickOrderFileError,
  QuickOrderTooLarge,
  readQuickOrderForm,
  TEXT_LABEL,
  textLeft,
  textSource,
  typedText,
  type QuickOrderSource,
} from "./quick-order-input.server";
import { runQuickOrder } from "./quick-order.server";
import type { QuickOrderAnswer, QuickOrderReport } from "./types";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";

/**
 * /mon-panier/commande-rapide. Its action answers with the report itself, never a redirect:
 * it lists each refused line, more than a flash message can carry
 * (docs/decisions/0051-quick-order-and-certificates.md). The form comes back with only the
 * lines that were not added (decision 0091), or as sent when the whole request was refused.
 */

export function quickOrderPage(active: ActiveUser): { canEdit: boolean; gridRows: number } {
  let canEdit = true;
  try {
    assertCanChangeCart(active);
  } catch (error) {
    if (!(error instanceof CartRefused)) throw error;
    canEdit = false;
  }
  return { canEdit, gridRows: QUICK_ORDER_GRID_ROWS };
}

const EMPTY_REPORT: QuickOrderReport = { added: [], refused: [], unlisted: 0 };
const NONE_ADDED: ReadonlySet<number> = new Set();

/** The whole request refused: the form comes back as the user sent it. */
function refusedAnswer(fields: Record<string, string>, message: string, status: number): { answer: QuickOrderAnswer; status: number } {
  return {
    answer: {
      report: EMPTY_REPORT,
      text: typedText(fields),
      grid: gridLeft(fields, NONE_ADDED),
      formKey: formKeyAfter(fields, false),
      message,
    },
    status,
  };
}

async function sourcesOf(fields: Record<string, string>, file: File | null): Promise<QuickOrderSource[]> {
  const sources = [gridSource(fields), textSource(typedText(fields))];
  const fromFile = file ? await fileSource(file) : null;
  if (fromFile) sources.push(fromFile);
  return sources;
}

/** Reads the grid, the pasted text and the file, adds what can be added, and says what was not. */
export async function runQuickOrderForm(
  context: PortalLoadContext,
  active: ActiveUser,
  request: Request,
): Promise<{ answer: QuickOrderAnswer; status: number }> {
  let fields: Record<string, string> = {};
  try {
    assertCanChangeCart(active);
    const form = await readQuickOrderForm(request);
    fields = form.fields;
    const { report, addedLines } = await runQuickOrder(context, active, await sourcesOf(fields, form.file));
    const nothing = report.added.length === 0 && report.refused.length === 0;
    return {
      answer: {
        report,
        text: textLeft(typedText(fields), addedLines.get(TEXT_LABEL) ?? NONE_ADDED),
        grid: gridLeft(fields, addedLines.get(GRID_LABEL) ?? NONE_ADDED),
        formKey: formKeyAfter(fields, report.added.length > 0),
        message: nothing ? "Saisissez au moins une référence." : null,
      },
      status: report.added.length === 0 && !nothing ? 400 : 200,
    };
  } catch (error) {
    if (error instanceof QuickOrderTooLarge) return refusedAnswer(error.fields, error.message, 413);
    if (error instanceof QuickOrderFileError) return refusedAnswer(fields, error.message, 400);
    const failure = cartFailureOf(error, context, active, "quick-order");
    return refusedAnswer(fields, failure.message, failure.status);
  }
}
