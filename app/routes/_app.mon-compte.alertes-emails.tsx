import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AlertsForm, alertsStylesheet } from "~/components/alerts/AlertsForm";
import { AlertsIntro, AlertsNote } from "~/components/alerts/AlertsIntro";
import { loadAlertsPage, requireAlertsUser, saveAlertsFromForm } from "~/services/alerts/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }, alertsStylesheet];

export const meta: MetaFunction = () => [{ title: "Alertes e-mail · NautiDistrib" }];

/** /mon-compte/alertes-emails: which e-mails the account gets (every class but people, spec section 6). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAlertsUser(args);
  return loadAlertsPage(user);
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireAlertsUser(args);
  return saveAlertsFromForm(user, args.context, args.request);
}

export default function AlertsPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Alertes e-mail</h1>
      <AlertsIntro email={view.email} audience={view.audience} />
      <AlertsForm choices={view.choices} refusal={refusal} />
      <AlertsNote />
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
