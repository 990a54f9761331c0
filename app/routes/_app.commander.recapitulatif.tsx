import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/checkout/AddressBlock";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { ConfirmOrderForm } from "~/components/checkout/ConfirmOrderForm";
import { OrderTotals } from "~/components/checkout/OrderTotals";
import { ShippingLines } from "~/components/checkout/ShippingLines";
import { SummaryLines } from "~/components/checkout/SummaryLines";
import { SummaryProblems } from "~/components/checkout/SummaryProblems";
import { BudgetNotice } from "~/components/approvals/BudgetNotice";
import { RequestApprovalForm } from "~/components/checkout/RequestApprovalForm";
import {
  REQUEST_APPROVAL_INTENT,
  confirmCheckout,
  confirmForm,
  loadCheckoutState,
  loadStep,
  requestApprovalFromSummary,
  requireCheckoutUser,
  summaryStepPage,
} from "~/services/checkout/index.server";
import { parseForm, redirectWithToast, textFields } from "~/services/forms/index.server";
import checkoutStyles from "~/styles/checkout.css";
import { readForm } from "~/services/forms/read.server";

export const meta: MetaFunction = () => [{ title: "Commander · Récapitulatif · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const state = await loadStep(args, "recapitulatif");
  return summaryStepPage(args, state);
}

/**
 * Confirm, or « Demander la validation » for a cart that needs approval (its intent). Every
 * answer is a 303, so a reload never re-posts.
 */
export async function action(args: ActionFunctionArgs) {
  // Not loadStep: a replayed confirmation meets an already emptied cart and must still find its order.
  const active = await requireCheckoutUser(args, 303);
  const state = await loadCheckoutState(args, active);
  const fields = textFields(await readForm(args.request));
  if (fields.intent === REQUEST_APPROVAL_INTENT) return requestApprovalFromSummary(args.context, state, fields);
  const outcome = await confirmCheckout(args.context, state, parseForm(fields, confirmForm));
  if (!outcome.ok) return redirectWithToast(args.context, outcome.path, { type: "error", message: outcome.message });
  const progress = await args.context.checkout.saveProgress(active.session, {
    instructionsSaved: false,
    lastOrderId: outcome.order.ord_id,
  });
  const message = outcome.created
    ? `Votre commande ${outcome.order.ord_ref} est confirmée.`
    : `La commande ${outcome.order.ord_ref} était déjà confirmée : elle n'a pas été passée une seconde fois.`;
  return redirectWithToast(args.context, "/commander/terminer", { type: "success", message }, { setCookie: progress });
}

export default function SummaryStep() {
  const { steps, summary } = useLoaderData<typeof loader>();
  const { cart } = summary;
  return (
    <div className="checkout">
      <h1>Commander</h1>
      <CheckoutSteps steps={steps} current="recapitulatif" />
      <SummaryProblems problems={summary.problems} />
      <SummaryLines lines={cart.lines} />
      <div className="checkout__columns">
        <div className="summary-details">
          <section>
            <h2>Livraison</h2>
            <AddressBlock address={summary.delivery} testId="summary-delivery" />
            <p>
              {cart.lddActive ? "Livraison directe chez votre client (express)." : "Livraison standard."}
              {cart.saturday
                ? summary.saturdayCharged
                  ? " Livraison le samedi."
                  : " Livraison le samedi demandée (facturée seulement le vendredi)."
                : null}
            </p>
            <p>{summary.partialDelivery ? "Livraison partielle acceptée." : "Livraison en une seule fois."}</p>
            <Link to="/commander/livraison">Modifier la livraison</Link>
          </section>
          <section>
            <h2>Facturation</h2>
            <AddressBlock address={summary.invoicing} testId="summary-invoicing" />
          </section>
          <section>
            <h2>Consignes</h2>
            <dl className="summary-instructions">
              <dt>Référence</dt>
              <dd data-testid="summary-ref">{summary.ref || "—"}</dd>
              <dt>Consignes pour l'entrepôt</dt>
              <dd>{summary.comments || "—"}</dd>
              <dt>Notes</dt>
              <dd>{summary.notes || "—"}</dd>
            </dl>
            <Link to="/commander/consignes">Modifier les consignes</Link>
          </section>
        </div>
        <aside className="checkout__aside" aria-label="Frais de port et totaux">
          <h2>Frais de port</h2>
          <ShippingLines lines={cart.shippingLines} lddFee={cart.lddActive ? cart.lddPrice : null} />
          {cart.totals ? <OrderTotals totals={cart.totals} taxExempt={cart.taxExempt} /> : null}
          {summary.budget ? <BudgetNotice notice={summary.budget} place="summary" /> : null}
          {summary.confirm ? <ConfirmOrderForm version={summary.confirm.version} idempotencyKey={summary.confirm.key} /> : null}
          {summary.request ? <RequestApprovalForm version={summary.request.version} idempotencyKey={summary.request.key} /> : null}
        </aside>
      </div>
    </div>
  );
}
