import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { InstructionsForm } from "~/components/checkout/InstructionsForm";
import { instructionsForm, instructionsValues, loadStep, saveInstructions, stepLinks } from "~/services/checkout/index.server";
import { parseForm, respond } from "~/services/forms/index.server";
import checkoutStyles from "~/styles/checkout.css";
import { readForm } from "~/services/forms/read.server";

export const meta: MetaFunction = () => [{ title: "Commander · Consignes · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const state = await loadStep(args, "consignes");
  return { steps: stepLinks(state), values: instructionsValues(state.cart) };
}

/** Saved, the step is complete (in the checkout cookie) and the summary opens; refused, the form is drawn again. */
export async function action(args: ActionFunctionArgs) {
  const state = await loadStep(args, "consignes", 303);
  const form = parseForm(await readForm(args.request), instructionsForm);
  const outcome = await saveInstructions(args.context, state, form);
  const progress = outcome.ok
    ? await args.context.checkout.saveProgress(state.active.session, { ...state.progress, instructionsSaved: true })
    : null;
  return respond(args.context, outcome, {
    fields: form.fields,
    redirectTo: "/commander/recapitulatif",
    setCookie: progress,
    refused: "page",
  });
}

export default function InstructionsStep() {
  const { steps, values } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="checkout">
      <h1>Commander</h1>
      <CheckoutSteps steps={steps} current="consignes" />
      <InstructionsForm values={values} refused={answer && !answer.ok ? answer : null} />
    </div>
  );
}
