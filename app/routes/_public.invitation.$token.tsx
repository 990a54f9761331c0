import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeadInvitationNotice } from "~/components/invitation/DeadInvitationNotice";
import { InvitationForm } from "~/components/invitation/InvitationForm";
import { acceptInvitationFromForm, loadInvitation } from "~/services/invitation/index.server";

export const meta: MetaFunction = () => [{ title: "Invitation · NautiDistrib" }, { name: "robots", content: "noindex" }];

/**
 * The token is in the URL: the page is never stored by a cache, and no link from it hands the
 * URL on as a Referer (the server's default policy is sent too; a browser keeps the last one).
 */
// The token in the address never leaves the site in a Referer. "same-origin", not "no-referrer":
// under no-referrer a form's POST carries `Origin: null`, which the same-origin check refuses.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** /invitation/:token: an invited person chooses a password (issue 20, docs/users.md). */
export function loader(args: LoaderFunctionArgs) {
  return loadInvitation(args, args.params.token ?? "");
}

export function action(args: ActionFunctionArgs) {
  return acceptInvitationFromForm(args, args.params.token ?? "");
}

export default function InvitationPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A link used up or expired while the form was open: the action says so, over the loader.
  const shown = answer?.state === "dead" ? answer : page;
  return (
    <section className="card card--login" aria-labelledby="titre-invitation">
      <h1 id="titre-invitation">{shown.state === "open" ? "Choisissez votre mot de passe" : "Lien d'invitation inutilisable"}</h1>
      {shown.state === "open" ? (
        <InvitationForm invitation={shown} refusal={answer?.state === "refused" ? answer : null} />
      ) : (
        <DeadInvitationNotice invitation={shown} />
      )}
    </section>
  );
}
