import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicFormsStylesheet } from "~/components/contact/styles";
import { ForgottenPasswordForm } from "~/components/password-reset/ForgottenPasswordForm";
import { ResetLinkSent } from "~/components/password-reset/ResetLinkSent";
import { loadForgottenPassword, sendForgottenPasswordForm } from "~/services/password-reset/index.server";
import { throttledFormHeaders } from "~/services/contact/route-headers";

export const links: LinksFunction = () => [publicFormsStylesheet];

/** A throttled form answers 429 with Retry-After (decision 0123). */
export const headers = throttledFormHeaders;

export const meta: MetaFunction = () => [{ title: "Mot de passe oublié · NautiDistrib" }];

/** /mot-de-passe-oublie: a link to choose a new password, e-mailed (decision 0124). */
export function loader(args: LoaderFunctionArgs) {
  return loadForgottenPassword(args);
}

export function action(args: ActionFunctionArgs) {
  return sendForgottenPasswordForm(args);
}

export default function ForgottenPasswordPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <section className="card card--login" aria-labelledby="titre-oubli">
      <h1 id="titre-oubli">Mot de passe oublié</h1>
      {view.sent ? (
        <ResetLinkSent lifetimeMinutes={view.lifetimeMinutes} />
      ) : (
        <ForgottenPasswordForm view={view} refusal={refusal ?? null} />
      )}
    </section>
  );
}
