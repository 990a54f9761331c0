import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { QuoteRequestForm } from "~/components/quotes/QuoteRequestForm";
import { createQuoteFromForm, loadQuoteDraft, requireQuotesUser } from "~/services/quotes/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Demande de devis · NautiDistrib" }];

/** /mon-compte/mes-devis/nouveau: the request form, pre-filled from the cart (?depuis=panier) or a product (?produit=). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireQuotesUser(args);
  return loadQuoteDraft(user, args.context, new URL(args.request.url));
}

/** Creates the quote (a 303 to its page with a toast), or draws the form again with its messages. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireQuotesUser(args);
  return createQuoteFromForm(user, args.context, args.request);
}

export default function NewQuotePage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <p>
        <Link to="/mon-compte/mes-devis">Mes devis</Link>
      </p>
      <h1>Demande de devis</h1>
      {view.notice ? (
        <p className="notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <QuoteRequestForm view={view} refusal={refusal} />
    </div>
  );
}
