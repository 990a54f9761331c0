import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutSteps } from "~/components/commande/CheckoutSteps";
import { OrderReceipt } from "~/components/commande/OrderReceipt";
import { finishStepPage } from "~/services/checkout/index.server";
import commandeStyles from "~/styles/commande.css";

export const meta: MetaFunction = () => [{ title: "Commande confirmée · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: commandeStyles }];

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
