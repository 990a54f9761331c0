import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutSteps } from "~/components/commande/CheckoutSteps";
import { InstructionsForm } from "~/components/commande/InstructionsForm";
import { textFields } from "~/services/cart/index.server";
import { instructionsValues, loadStep, redirectAfterPost, saveInstructions, stepLinks } from "~/services/checkout/index.server";
import commandeStyles from "~/styles/commande.css";

export const meta: MetaFunction = () => [{ title: "Commander · Consignes · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: commandeStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const state = await loadStep(args, "consignes");
  return { steps: stepLinks(state), values: instructionsValues(state.cart) };
}

export async function action(args: ActionFunctionArgs) {
  const state = await loadStep(args, "consignes", 303);
  const fields = textFields(await args.request.formData());
  const outcome = await saveInstructions(args.context, state, fields);
  if (!outcome.ok) return data({ message: outcome.message, errors: outcome.errors, values: fields }, { status: outcome.status });
  const progress = await args.context.checkout.saveProgress(state.active.session, { ...state.progress, instructionsSaved: true });
  return redirectAfterPost(args.context, "/commander/recapitulatif", { type: "success", message: "Consignes enregistrées." }, progress);
}

export default function InstructionsStep() {
  const { steps, values } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="checkout">
      <h1>Commander</h1>
      <CheckoutSteps steps={steps} current="consignes" />
      <InstructionsForm values={values} refused={refused ?? null} />
    </div>
  );
}
