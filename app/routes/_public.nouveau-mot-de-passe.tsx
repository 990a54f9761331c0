import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicFormsStylesheet } from "~/components/contact/styles";
import { DeadResetNotice } from "~/components/password-reset/DeadResetNotice";
import { NewPasswordForm } from "~/components/password-reset/NewPasswordForm";
import { loadNewPassword, sendNewPasswordForm } from "~/services/password-reset/index.server";

export const links: LinksFunction = () => [publicFormsStylesheet];

export const meta: MetaFunction = () => [{ title: "Nouveau mot de passe · NautiDistrib" }, { name: "robots", content: "noindex" }];

/** The token is in the URL: the page is never stored by a cache, and no link from it hands the URL on as a Referer. */
// The token in the address never leaves the site in a Referer. "same-origin", not "no-referrer":
// under no-referrer a form's POST carries `Origin: null`, which the same-origin check refuses.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** /nouveau-mot-de-passe?jeton=…: the reset e-mail's link (decision 0124). */
export function loader(args: LoaderFunctionArgs) {
  return loadNewPassword(args);
}

export function action(args: ActionFunctionArgs) {
  return sendNewPasswordForm(args);
}

export default function NewPasswordPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A link used up or expired while the form was open: the action says so, over the loader.
  const shown = answer?.state === "dead" ? answer : page;
  return (
    <section className="card card--login" aria-labelledby="titre-nouveau-mdp">
      <h1 id="titre-nouveau-mdp">{shown.state === "dead" ? "Lien inutilisable" : "Nouveau mot de passe"}</h1>
      {shown.state === "dead" ? (
        <DeadResetNotice link={shown} />
      ) : shown.state === "open" ? (
        <NewPasswordForm link={shown} refusal={answer?.state === "refused" ? answer : null} />
      ) : null}
    </section>
  );
}
