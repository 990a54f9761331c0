import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { OrderReceipt } from "~/components/checkout/OrderReceipt";
import { finishStepPage } from "~/services/checkout/index.server";
import checkoutStyles from "~/styles/checkout.css";

export const meta: MetaFunction = () => [{ title: "Commande confirmée · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

/** The last order confirmed in this browser; nothing confirmed yet, the summary (or the first incomplete step). */
export async function loader(args: LoaderFunctionArgs) {
  return finishStepPage(args);
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
