import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { INITIAL_FORM_KEY, QuickOrderForm } from "~/components/panier/QuickOrderForm";
import { QuickOrderReport } from "~/components/panier/QuickOrderReport";
import { assertCanChangeCart, cartFailureOf, CartRefused, fileSource, formKeyAfter, GRID_LABEL, gridLeft, type GridRow, gridSource, QUICK_ORDER_GRID_ROWS, QuickOrderFileError, type QuickOrderSource, QuickOrderTooLarge, readQuickOrderForm, runQuickOrder, TEXT_LABEL, textLeft, textSource, typedText } from "~/services/cart/index.server";
import { requireUser } from "~/services/guards.server";
import type { QuickOrderReport as Report } from "~/services/cart/types";
import panierStyles from "~/styles/panier.css";

export const meta: MetaFunction = () => [{ title: "Commande rapide · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: panierStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  let canEdit = true;
  try {
    assertCanChangeCart(active);
  } catch (error) {
    if (!(error instanceof CartRefused)) throw error;
    canEdit = false;
  }
  return { canEdit, gridRows: QUICK_ORDER_GRID_ROWS };
}

type ActionAnswer = {
  report: Report;
  /** What the form shows again: everything typed on a failure, only what was not added otherwise. */
  text: string;
  grid: GridRow[];
  /** The form is drawn anew (with `text` and `grid`) when this changes: after lines were added. */
  formKey: string | null;
  message: string | null;
};

const EMPTY_REPORT: Report = { added: [], refused: [], unlisted: 0 };
const NONE_ADDED: ReadonlySet<number> = new Set();

/** The whole request refused: the form comes back as the user sent it. */
function failed(fields: Record<string, string>, message: string, status: number) {
  return data<ActionAnswer>(
    { report: EMPTY_REPORT, text: typedText(fields), grid: gridLeft(fields, NONE_ADDED), formKey: formKeyAfter(fields, false), message },
    { status },
  );
}

async function sourcesOf(fields: Record<string, string>, file: File | null): Promise<QuickOrderSource[]> {
  const sources = [gridSource(fields), textSource(typedText(fields))];
  const fromFile = file ? await fileSource(file) : null;
  if (fromFile) sources.push(fromFile);
  return sources;
}

/**
 * Answers with the report itself (not a redirect): it lists each refused line, more than a
 * flash message can carry (docs/decisions/0051-quick-order-and-certificates.md). The form
 * comes back with only the lines that were not added (decision 0091).
 */
export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  let fields: Record<string, string> = {};
  try {
    assertCanChangeCart(active);
    const form = await readQuickOrderForm(args.request);
    fields = form.fields;
    const { report, addedLines } = await runQuickOrder(args.context, active, await sourcesOf(fields, form.file));
    const nothing = report.added.length === 0 && report.refused.length === 0;
    return data<ActionAnswer>(
      {
        report,
        text: textLeft(typedText(fields), addedLines.get(TEXT_LABEL) ?? NONE_ADDED),
        grid: gridLeft(fields, addedLines.get(GRID_LABEL) ?? NONE_ADDED),
        formKey: formKeyAfter(fields, report.added.length > 0),
        message: nothing ? "Saisissez au moins une référence." : null,
      },
      { status: report.added.length === 0 && !nothing ? 400 : 200 },
    );
  } catch (error) {
    if (error instanceof QuickOrderTooLarge) return failed(error.fields, error.message, 413);
    if (error instanceof QuickOrderFileError) return failed(fields, error.message, 400);
    const failure = cartFailureOf(error, args.context, active, "quick-order");
    return failed(fields, failure.message, failure.status);
  }
}

export default function QuickOrderPage() {
  const { canEdit, gridRows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formKey = answer?.formKey ?? INITIAL_FORM_KEY;
  return (
    <div className="quick-order-page">
      <h1>Commande rapide</h1>
      <p>
        Ajoutez des produits au panier de votre organisation par leur référence. <Link to="/mon-panier">Voir le panier</Link>
      </p>
      {canEdit ? (
        <>
          {answer?.message ? (
            <p className="form__error form__error--global" role="alert">
              {answer.message}
            </p>
          ) : null}
          {answer && (answer.report.added.length > 0 || answer.report.refused.length > 0) ? <QuickOrderReport report={answer.report} /> : null}
          <QuickOrderForm key={formKey} formKey={formKey} gridRows={gridRows} text={answer?.text ?? ""} grid={answer?.grid ?? []} />
        </>
      ) : (
        <p className="cart-readonly" role="note">
          Votre compte ne permet pas de modifier le panier.
        </p>
      )}
    </div>
  );
}
