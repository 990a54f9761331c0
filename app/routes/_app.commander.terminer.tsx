import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isTaxExempt, permissionsOf } from "@shared/domain/index";
import { CheckoutSteps } from "~/components/commande/CheckoutSteps";
import { OrderReceipt } from "~/components/commande/OrderReceipt";
import { loadStep, redirectWithMessage, requireCheckoutUser, stepLinks } from "~/services/checkout/index.server";
import { asRouteError } from "~/services/route-errors.server";
import commandeStyles from "~/styles/commande.css";

export const meta: MetaFunction = () => [{ title: "Commande confirmée · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: commandeStyles }];

/** The last order confirmed in this browser (its id is in the checkout cookie), read back from the back-office. */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireCheckoutUser(args);
  const { lastOrderId } = await args.context.checkout.readProgress(args.request, active.session);
  if (lastOrderId === null) {
    // Nothing confirmed yet: the first incomplete step (loadStep redirects), else the summary.
    await loadStep(args, "recapitulatif");
    return redirectWithMessage(args.context, "/commander/recapitulatif", { type: "info", message: "Confirmez d'abord votre commande." });
  }
  const order = await active.upstream.oms.getOrder(lastOrderId).catch(asRouteError);
  const { user, master } = active.session;
  return {
    steps: stepLinks(null),
    order,
    taxExempt: isTaxExempt(user.obj_properties.N_CatCompta),
    showPrices: permissionsOf(user, master).canViewPrices,
  };
}

export default function FinishStep() {
  const { steps, order, taxExempt, showPrices } = useLoaderData<typeof loader>();
  return (
    <div className="checkout">
      <h1>Merci, votre commande est confirmée</h1>
      <CheckoutSteps steps={steps} current="terminer" />
      <OrderReceipt order={order} taxExempt={taxExempt} showPrices={showPrices} />
    </div>
  );
}
