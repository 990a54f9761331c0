import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountOpeningForm } from "~/components/account-opening/AccountOpeningForm";
import { AccountOpeningSent } from "~/components/account-opening/AccountOpeningSent";
import { publicFormsStylesheet } from "~/components/contact/styles";
import { loadAccountOpening, sendAccountOpeningForm } from "~/services/account-opening/index.server";
import { throttledFormHeaders } from "~/services/contact/route-headers";

export const links: LinksFunction = () => [publicFormsStylesheet];

/** A throttled form answers 429 with Retry-After (decision 0123). */
export const headers = throttledFormHeaders;

export const meta: MetaFunction = () => [{ title: "Demande d'ouverture de compte · NautiDistrib" }];

/** /demande-ouverture-compte: a company asks for a professional account (docs/requests.md). */
export function loader(args: LoaderFunctionArgs) {
  return loadAccountOpening(args);
}

export function action(args: ActionFunctionArgs) {
  return sendAccountOpeningForm(args);
}

export default function AccountOpeningPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <section className="card card--login public-page" aria-labelledby="titre-ouverture">
      <h1 id="titre-ouverture">Demande d'ouverture de compte</h1>
      {view.sent ? (
        <AccountOpeningSent />
      ) : (
        <>
          <p>
            Professionnels du nautisme, demandez votre compte pour commander en ligne à vos conditions. Déjà client ?{" "}
            <Link to="/connexion">Connectez-vous</Link>.
          </p>
          <AccountOpeningForm view={view} refusal={refusal ?? null} />
        </>
      )}
    </section>
  );
}
