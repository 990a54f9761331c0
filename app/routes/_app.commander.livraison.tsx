import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/checkout/AddressBlock";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { DeliveryAddressForm, DeliveryStepNext } from "~/components/checkout/DeliveryAddressForm";
import { OrderTotals } from "~/components/checkout/OrderTotals";
import { ShippingLines } from "~/components/checkout/ShippingLines";
import { CartOptionsForm } from "~/components/cart/CartOptionsForm";
import { deliveryIntent, deliveryStepPage, loadStep, saveDelivery } from "~/services/checkout/index.server";
import { parseForm, respond } from "~/services/forms/index.server";
import checkoutStyles from "~/styles/checkout.css";
import { readForm } from "~/services/forms/read.server";

export const meta: MetaFunction = () => [{ title: "Commander · Livraison · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

export async function loader(args: LoaderFunctionArgs) {
  return deliveryStepPage(args, await loadStep(args, "livraison"));
}

/**
 * The address (then on to the instructions) and the delivery options (back here, or data to a
 * fetcher). A refused form is drawn again with its message, its field errors and what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  const state = await loadStep(args, "livraison", 303);
  const form = parseForm(await readForm(args.request), deliveryIntent);
  const outcome = await saveDelivery(args.context, state, form);
  const next = form.ok && form.data.intent === "address" ? "/commander/consignes" : "/commander/livraison";
  return respond(args.context, outcome, { fields: form.fields, redirectTo: next, refused: "page" });
}

export default function DeliveryStep() {
  const { steps, addresses, selectedId, invoicing, countries, view } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="checkout">
      <h1>Commander</h1>
      <CheckoutSteps steps={steps} current="livraison" />
      <div className="checkout__columns">
        <DeliveryAddressForm
          addresses={addresses}
          selectedId={selectedId}
          countries={countries}
          refused={answer && !answer.ok ? answer : null}
        />
        <aside className="checkout__aside" aria-label="Facturation et frais de port">
          <section>
            <h2>Adresse de facturation</h2>
            <AddressBlock address={invoicing} testId="invoicing-address" />
          </section>
          <CartOptionsForm
            view={view}
            action="/commander/livraison"
            legend="Options de livraison"
            applyLabel="Recalculer les frais de port"
          />
          <section>
            <h2>Frais de port</h2>
            <ShippingLines lines={view.shippingLines} lddFee={view.lddActive ? view.lddPrice : null} />
            {view.totals ? <OrderTotals totals={view.totals} taxExempt={view.taxExempt} /> : null}
          </section>
        </aside>
      </div>
      <DeliveryStepNext />
    </div>
  );
}
