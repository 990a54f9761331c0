import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressList } from "~/components/users/AddressList";
import { PersonalDetailsForm } from "~/components/users/PersonalDetailsForm";
import { loadPersonalInfo, personalInfoAction } from "~/services/account-settings/personal-info.server";
import { requireOrdersUser } from "~/services/orders/index.server";
import compteStyles from "~/styles/compte.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: compteStyles }];

export const meta: MetaFunction = () => [{ title: "Informations personnelles · NautiDistrib" }];

/** /mon-compte/informations-personnelles: one's details, the organization's addresses (issue 20). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return loadPersonalInfo(user);
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireOrdersUser(args);
  return personalInfoAction(user, args.context, args.request);
}

export default function PersonalInfoPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Informations personnelles</h1>
      <PersonalDetailsForm details={view.details} refusal={refusal} />
      <AddressList addresses={view.addresses} invoicing={view.invoicing} refusal={refusal} />
    </div>
  );
}
