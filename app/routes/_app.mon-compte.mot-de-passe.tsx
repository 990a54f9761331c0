import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PasswordForm } from "~/components/users/PasswordForm";
import { changePasswordFromForm, passwordView, requirePasswordUser } from "~/services/account-settings/password.server";
import compteStyles from "~/styles/compte.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: compteStyles }];

export const meta: MetaFunction = () => [{ title: "Mot de passe · NautiDistrib" }];

/** /mon-compte/mot-de-passe: the user's own password (issue 20). */
export async function loader(args: LoaderFunctionArgs) {
  await requirePasswordUser(args);
  return passwordView();
}

export async function action(args: ActionFunctionArgs) {
  const active = await requirePasswordUser(args);
  return changePasswordFromForm(active, args.context, args.request);
}

export default function PasswordPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Mot de passe</h1>
      <PasswordForm view={view} refusal={refusal} />
    </div>
  );
}
