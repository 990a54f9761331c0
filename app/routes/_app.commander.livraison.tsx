import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/commande/AddressBlock";
import { CheckoutSteps } from "~/components/commande/CheckoutSteps";
import { DeliveryAddressForm } from "~/components/commande/DeliveryAddressForm";
import { DeliveryOptionsForm } from "~/components/commande/DeliveryOptionsForm";
import { OrderTotals } from "~/components/commande/OrderTotals";
import { ShippingLines } from "~/components/commande/ShippingLines";
import { cartView, textFields } from "~/services/cart/index.server";
import { parisDate } from "@shared/domain/index";
import { COUNTRIES, deliveryIntent, invoicingAddressOf, loadStep, redirectAfterPost, saveDelivery, stepLinks } from "~/services/checkout/index.server";
import { asRouteError } from "~/services/route-errors.server";
import commandeStyles from "~/styles/commande.css";

export const meta: MetaFunction = () => [{ title: "Commander · Livraison · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: commandeStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const state = await loadStep(args, "livraison");
  const { user, master } = state.active.session;
  const [addresses, invoicing] = await Promise.all([
    state.active.upstream.crm.listAddresses(user.auth_org_id),
    state.cart.inv_address ? Promise.resolve(state.cart.inv_address) : invoicingAddressOf(state),
  ]).catch(asRouteError);
  const today = parisDate(args.context.now());
  const view = cartView({ cart: state.cart, version: state.saved.version }, user, master, today);
  return {
    steps: stepLinks(state),
    addresses,
    selectedId: state.cart.dlv_address?.obj_id ?? null,
    invoicing,
    countries: COUNTRIES,
    view,
  };
}

export async function action(args: ActionFunctionArgs) {
  const state = await loadStep(args, "livraison", 303);
  const fields = textFields(await args.request.formData());
  const parsed = deliveryIntent.safeParse(fields);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === "intent")) throw data({ message: "Action inconnue." }, { status: 400 });
    return data({ message: parsed.error.issues[0]?.message ?? "Formulaire invalide.", errors: {}, values: fields }, { status: 400 });
  }
  const outcome = await saveDelivery(args.context, state, parsed.data, fields);
  if (parsed.data.intent === "options" && fields.mode === "fetch") {
    return data({ message: outcome.message, errors: {}, values: {} }, { status: outcome.ok ? 200 : outcome.status });
  }
  if (!outcome.ok) return data({ message: outcome.message, errors: outcome.errors, values: fields }, { status: outcome.status });
  const next = parsed.data.intent === "options" ? "/commander/livraison" : "/commander/consignes";
  return redirectAfterPost(args.context, next, { type: "success", message: outcome.message });
}

export default function DeliveryStep() {
  const { steps, addresses, selectedId, invoicing, countries, view } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="checkout">
      <h1>Commander</h1>
      <CheckoutSteps steps={steps} current="livraison" />
      <div className="checkout__columns">
        <DeliveryAddressForm addresses={addresses} selectedId={selectedId} countries={countries} refused={refused ?? null} />
        <aside className="checkout__aside" aria-label="Facturation et frais de port">
          <section>
            <h2>Adresse de facturation</h2>
            <AddressBlock address={invoicing} testId="invoicing-address" />
          </section>
          <DeliveryOptionsForm lddActive={view.lddActive} saturday={view.saturday} lddPrice={view.lddPrice} todayIsFriday={view.todayIsFriday} />
          <section>
            <h2>Frais de port</h2>
            <ShippingLines lines={view.shippingLines} lddFee={view.lddActive ? view.lddPrice : null} />
            {view.totals ? <OrderTotals totals={view.totals} taxExempt={view.taxExempt} /> : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
