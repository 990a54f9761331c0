import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddressList } from "~/components/account-settings/AddressList";
import { PersonalDetailsForm } from "~/components/account-settings/PersonalDetailsForm";
import { loadPersonalInfo, personalInfoAction, requirePersonalInfoUser } from "~/services/account-settings/personal-info.server";
import accountStyles from "~/styles/account.css";
import usersStyles from "~/styles/users.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: usersStyles },
];

export const meta: MetaFunction = () => [{ title: "Informations personnelles · NautiDistrib" }];

/** /mon-compte/informations-personnelles: one's details, the organization's addresses (issue 20). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requirePersonalInfoUser(args);
  return loadPersonalInfo(user);
}

export async function action(args: ActionFunctionArgs) {
  const user = await requirePersonalInfoUser(args);
  return personalInfoAction(user, args.context, args.request);
}

export default function PersonalInfoPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Informations personnelles</h1>
      {view.actingFor ? (
        <p>
          Vous agissez pour <strong>{view.actingFor}</strong> : ce sont les coordonnées de son compte, et son adresse e-mail est son
          identifiant de connexion.
        </p>
      ) : null}
      {/* Keyed by what is saved: the fields show the saved values (the phone as normalized) after each save. */}
      <PersonalDetailsForm key={JSON.stringify(view.details)} details={view.details} refusal={refusal} />
      {view.addresses ? (
        <AddressList addresses={view.addresses} invoicing={view.invoicing} refusal={refusal} editable={view.addressesEditable} />
      ) : (
        <section aria-labelledby="adresses-titre">
          <h2 id="adresses-titre">Adresses</h2>
          <p>
            Les adresses de livraison sont celles de vos clients : <Link to="/clients">choisissez d'abord le client</Link> pour lequel vous
            agissez.
          </p>
        </section>
      )}
    </div>
  );
}
