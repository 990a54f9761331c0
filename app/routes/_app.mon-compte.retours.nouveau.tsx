import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate, formatNumericDate } from "@shared/domain/french-format";
import { ReturnRequestForm } from "~/components/returns/ReturnRequestForm";
import { ReturnableLinesTable } from "~/components/returns/ReturnableLinesTable";
import { ReturnTrail } from "~/components/returns/ReturnTrail";
import { createReturnAction, loadReturnForm, requireReturnsUser } from "~/services/returns/index.server";
import { RETURNS_PATH, orderPath, type ReturnFormRefusal } from "~/services/returns/types";
import accountStyles from "~/styles/account.css";
import returnsStyles from "~/styles/returns.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.kind === "form" ? `Retour d'articles de la commande ${data.form.order.ref}` : "Demande de retour"} · NautiDistrib` },
];

/** /mon-compte/retours/nouveau?commande=<id>: the request form for one delivered order, or why there is none. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReturnsUser(args);
  return loadReturnForm(user, new URL(args.request.url));
}

/** Sends the request (a 303 to the return's page with a toast), or draws the form again with its messages. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireReturnsUser(args);
  return createReturnAction(user, args.context, args.request);
}

export default function NewReturnPage() {
  const page = useLoaderData<typeof loader>();
  const refusal = (useActionData<typeof action>() ?? null) as ReturnFormRefusal | null;
  if (page.kind === "refused") {
    return (
      <div className="compte">
        <ReturnTrail current="Demande de retour" />
        <h1>Demande de retour</h1>
        <p className="notice" role="status">
          {page.message}
        </p>
        <p>
          {page.orderId !== null ? (
            <>
              <Link to={orderPath(page.orderId)}>Revenir à la commande</Link> ·{" "}
            </>
          ) : null}
          <Link to={RETURNS_PATH}>Voir les commandes dont des articles peuvent être retournés</Link>
        </p>
      </div>
    );
  }
  const { form } = page;
  return (
    <div className="compte">
      <ReturnTrail current={`Commande ${form.order.ref}`} />
      <h1>Retourner des articles de la commande {form.order.ref}</h1>
      <p>
        Commande <Link to={orderPath(form.order.id)}>{form.order.ref}</Link>
        {form.order.cartRef ? ` (votre référence ${form.order.cartRef})` : null}, livrée le {formatDate(form.order.deliveredOn)} : retour
        possible jusqu&apos;au {formatNumericDate(form.order.deadline)}.
      </p>
      {form.open ? (
        <ReturnRequestForm view={form} refusal={refusal} />
      ) : (
        <>
          {refusal ? (
            <p className="form__error form__error--global" role="alert">
              {refusal.message}
            </p>
          ) : null}
          <p className="notice" role="status">
            {form.closedReason}
          </p>
          <ReturnableLinesTable lines={form.lines} values={{}} errors={{}} showPrices={form.showPrices} readOnly />
          <p>
            <Link to={RETURNS_PATH}>Voir vos retours</Link>
          </p>
        </>
      )}
    </div>
  );
}
