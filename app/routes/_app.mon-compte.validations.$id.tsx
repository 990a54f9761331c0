import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApprovalActionForms } from "~/components/approvals/ApprovalActionForms";
import { RequestDelivery, RequestFacts, RequestProblems, RequestReasons } from "~/components/approvals/RequestDetails";
import { RequestLines } from "~/components/approvals/RequestLines";
import { RequestTotals } from "~/components/approvals/RequestTotals";
import { approvalAction, loadApprovalPage, requireApprovalsUser } from "~/services/approvals/requests.server";
import type { FormAnswer } from "~/services/forms/types";
import accountStyles from "~/styles/account.css";
import approvalsStyles from "~/styles/approvals.css";
import checkoutStyles from "~/styles/checkout.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: checkoutStyles },
  { rel: "stylesheet", href: approvalsStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Demande ${data.number}` : "Demande de validation"} · NautiDistrib` },
];

/** /mon-compte/validations/{id}: one request; another organization's, or one the caller may not see, is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireApprovalsUser(args);
  return loadApprovalPage(user, args.params.id);
}

/** Approve, refuse, withdraw, put back into the cart: only what `actions` offers is drawn, the back-office decides. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireApprovalsUser(args);
  return approvalAction(args, user, args.params.id);
}

export default function ApprovalRequestPage() {
  const request = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as FormAnswer | null;
  const { actions } = request;
  const anyAction = actions.approve || actions.refuse || actions.withdraw || actions.restore;
  return (
    <div className="compte">
      <p>
        <Link to="/mon-compte/validations">Validations de commandes</Link>
      </p>
      <h1>Demande de validation {request.number}</h1>
      <RequestFacts request={request} />
      <RequestReasons reasons={request.reasons} isRequester={request.isRequester} />
      <RequestProblems problems={request.problems} />
      <section aria-labelledby="demande-produits" className="order-lines">
        <h2 id="demande-produits">Produits</h2>
        <RequestLines lines={request.lines} showPrices={request.showPrices} />
        {request.showPrices ? <RequestTotals then={request.totalsThen} now={request.totalsNow} changed={request.totalChanged} /> : null}
      </section>
      <section aria-labelledby="demande-livraison-facturation">
        <h2 id="demande-livraison-facturation">Livraison et facturation</h2>
        <RequestDelivery request={request} />
      </section>
      {anyAction ? (
        <section aria-labelledby="demande-actions">
          <h2 id="demande-actions">Vos actions</h2>
          <ApprovalActionForms number={request.number} actions={actions} approveTotalHt={request.approveTotalHt} answer={answer} />
        </section>
      ) : null}
    </div>
  );
}
