import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InviteForm } from "~/components/users/InviteForm";
import { UserHistory } from "~/components/users/UserHistory";
import { UserTable } from "~/components/users/UserTable";
import { loadUsers, requireUsersPageUser, usersAction } from "~/services/users/index.server";
import accountStyles from "~/styles/account.css";
import usersStyles from "~/styles/users.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: usersStyles },
];

export const meta: MetaFunction = () => [{ title: "Utilisateurs · NautiDistrib" }];

/** /mon-compte/utilisateurs: the organization's people, their rights, invitations and history (issue 20). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUsersPageUser(args);
  return loadUsers(user);
}

/** Every change of the page: invite, a switch, (de)activate, re-send or revoke an invitation. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUsersPageUser(args);
  return usersAction(user, args.context, args.request);
}

export default function UsersPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Utilisateurs</h1>
      <p>
        Les comptes des personnes de votre organisation et ce que chacune peut faire. Un changement s'applique dès leur page suivante. Un
        administrateur gère les utilisateurs comme le compte de l'organisation ; un compte désactivé ne peut plus se connecter, mais ses
        commandes restent à son nom.
      </p>
      {view.rows.length > 0 ? <UserTable rows={view.rows} /> : <p>Aucune personne n'a encore de compte : invitez-en une ci-dessous.</p>}
      {/* Keyed by the people listed: once an invitation is sent (a new row), the form starts empty again; a refused one keeps what was typed. */}
      <InviteForm key={view.rows.map((row) => row.id).join(",")} refusal={refusal} />
      <section aria-labelledby="historique-titre">
        <h2 id="historique-titre">Historique des modifications</h2>
        <UserHistory rows={view.history} />
      </section>
    </div>
  );
}
