import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PasswordForm } from "~/components/account-settings/PasswordForm";
import { changePasswordFromForm, loadPasswordPage } from "~/services/account-settings/password.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mot de passe · NautiDistrib" }];

/** /mon-compte/mot-de-passe: the user's own password (issue 20). */
export function loader(args: LoaderFunctionArgs) {
  return loadPasswordPage(args);
}

export function action(args: ActionFunctionArgs) {
  return changePasswordFromForm(args);
}

export default function PasswordPage() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Mot de passe</h1>
      {page.refusedBecause ? (
        <p className="form__error form__error--global" role="alert">
          {page.refusedBecause}
        </p>
      ) : (
        <PasswordForm view={page} refusal={refusal} />
      )}
    </div>
  );
}
