import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { QuickOrderForm } from "../components/panier/QuickOrderForm";
import { QuickOrderReport } from "../components/panier/QuickOrderReport";
import { assertCanChangeCart, CartRefused } from "../services/cart.server";
import { cartFailureOf } from "../services/cart-failure.server";
import { textFields } from "../services/cart-respond.server";
import { fileField, readUploadForm, UploadTooLarge } from "../services/cart-upload.server";
import { requireUser } from "../services/guards.server";
import { runQuickOrder, type QuickOrderReport as Report } from "../services/quick-order.server";
import {
  fileSource,
  gridSource,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_GRID_ROWS,
  QuickOrderFileError,
  textSource,
  type QuickOrderSource,
} from "../services/quick-order-input.server";
import panierStyles from "../styles/panier.css";

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

type ActionAnswer = { report: Report; text: string; message: string | null };

/**
 * Answers with the report itself (not a redirect): it lists each refused line, more than a
 * flash message can carry (docs/decisions/0051-quick-order-report.md).
 */
export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const empty: Report = { added: [], refused: [] };
  try {
    assertCanChangeCart(active);
    const form = await readUploadForm(args.request, QUICK_ORDER_FILE_MAX_BYTES);
    const fields = textFields(form);
    const text = (fields.text ?? "").slice(0, 20000);
    const sources: QuickOrderSource[] = [gridSource(fields), textSource(text)];
    const file = fileField(form, "file");
    const fromFile = file ? await fileSource(file) : null;
    if (fromFile) sources.push(fromFile);
    const report = await runQuickOrder(args.context, active, sources);
    const nothing = report.added.length === 0 && report.refused.length === 0;
    return data<ActionAnswer>(
      { report, text: report.refused.length > 0 ? text : "", message: nothing ? "Saisissez au moins une référence." : null },
      { status: report.added.length === 0 && !nothing ? 400 : 200 },
    );
  } catch (error) {
    if (error instanceof UploadTooLarge) return data<ActionAnswer>({ report: empty, text: "", message: "Le fichier dépasse 2 Mo." }, { status: 413 });
    if (error instanceof QuickOrderFileError) return data<ActionAnswer>({ report: empty, text: "", message: error.message }, { status: 400 });
    const failure = cartFailureOf(error, args.context, active, "quick-order");
    return data<ActionAnswer>({ report: empty, text: "", message: failure.message }, { status: failure.status });
  }
}

export default function QuickOrderPage() {
  const { canEdit, gridRows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
          <QuickOrderForm gridRows={gridRows} text={answer?.text ?? ""} />
        </>
      ) : (
        <p className="cart-readonly" role="note">
          Votre compte ne permet pas de modifier le panier.
        </p>
      )}
    </div>
  );
}
