import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { INITIAL_FORM_KEY, QuickOrderForm } from "~/components/quick-order/QuickOrderForm";
import { QuickOrderReport } from "~/components/quick-order/QuickOrderReport";
import { quickOrderPage, runQuickOrderForm, type QuickOrderAnswer } from "~/services/cart/index.server";
import { requireClientChosen, requireUser } from "~/services/guards.server";
import cartStyles from "~/styles/cart.css";

export const meta: MetaFunction = () => [{ title: "Commande rapide · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  // The organization's cart: a contributor chooses the client first.
  await requireClientChosen(args, active);
  return quickOrderPage(active);
}

/** Answers with the report, not a redirect: the page is drawn again with it (decision 0051). */
export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const { answer, status } = await runQuickOrderForm(args.context, active, args.request);
  return data<QuickOrderAnswer>(answer, { status });
}

export default function QuickOrderPage() {
  const { canEdit, gridRows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formKey = answer?.formKey ?? INITIAL_FORM_KEY;
  return (
    <div className="quick-order-page">
      <h1>Commande rapide</h1>
      <p>
        Ajoutez des produits au panier de votre organisation par leur référence, ou par le code que votre organisation leur donne (
        <Link to="/mon-compte/references">vos références</Link>). <Link to="/mon-panier">Voir le panier</Link>
      </p>
      {canEdit ? (
        <>
          {answer?.message ? (
            <p className="form__error form__error--global" role="alert">
              {answer.message}
            </p>
          ) : null}
          {answer && (answer.report.added.length > 0 || answer.report.refused.length > 0) ? (
            <QuickOrderReport report={answer.report} />
          ) : null}
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
