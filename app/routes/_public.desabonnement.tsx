import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { alertsStylesheet } from "~/components/alerts/AlertsForm";
import { UnsubscribeCard } from "~/components/alerts/UnsubscribeCard";
import { loadUnsubscribe, unsubscribeFromForm } from "~/services/alerts/index.server";

export const links: LinksFunction = () => [alertsStylesheet];

export const meta: MetaFunction = () => [{ title: "Alertes e-mail · NautiDistrib" }, { name: "robots", content: "noindex" }];

/**
 * /desabonnement?jeton=…: the page of an alert's « Ne plus recevoir cette alerte » link. It works
 * signed in or not (an open path of guards.server.ts), as the signed token is the only proof.
 * GET changes nothing.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadUnsubscribe(args.context, args.request);
}

export async function action(args: ActionFunctionArgs) {
  return unsubscribeFromForm(args.context, args.request);
}

export default function UnsubscribePage() {
  const asked = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return <UnsubscribeCard view={done ?? asked} />;
}
