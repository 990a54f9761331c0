import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ClientTable } from "~/components/contributor/ClientTable";
import { backToMaster, clientsIntent, loginAsClient } from "~/services/contributor.server";
import { parseForm, UNKNOWN_INTENT } from "~/services/forms/index.server";
import { actsAsContributor, confirmWithBackoffice, requireUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { readForm } from "~/services/forms/read.server";

export const meta: MetaFunction = () => [{ title: "Choisir un client · NautiDistrib" }];

/** Blank layout: the contributor's client picker, before or while acting for a client. */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  // The picker does not exist for clients: same answer as any unknown page.
  if (!actsAsContributor(active.session)) throw data({ message: null }, { status: 404 });
  const query = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  await confirmWithBackoffice(args, active).catch(asRouteError);
  const clients = await active.upstream.auth.listClients(query).catch(asRouteError);
  const { user, master } = active.session;
  return {
    query,
    clients,
    contributorName: (master ?? user).obj_name,
    currentClientId: master ? user.auth_org_id : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  if (!actsAsContributor(active.session)) throw data({ message: null }, { status: 404 });
  const parsed = parseForm(await readForm(args.request), clientsIntent);
  // No field to correct on these buttons: any refusal is a bad request.
  if (!parsed.ok) throw data({ message: UNKNOWN_INTENT }, { status: 400 });
  const result =
    parsed.data.intent === "login-as"
      ? await loginAsClient(args.context, active, parsed.data.slave_id)
      : await backToMaster(args.context, active);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirect(result.location, { status: 303, headers });
}

export default function ClientsPage() {
  const { query, clients, contributorName, currentClientId } = useLoaderData<typeof loader>();
  return (
    <div className="page page--blank">
      <header className="blank-header">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            ⚓
          </span>
          NautiDistrib
        </span>
        <div className="blank-header__tools">
          <span>{contributorName}</span>
          {currentClientId !== null ? (
            <Link to="/" className="button button--ghost">
              Retour au client actuel
            </Link>
          ) : null}
          <Form method="post" action="/deconnexion">
            <button type="submit" className="button button--ghost">
              Se déconnecter
            </button>
          </Form>
        </div>
      </header>
      <main id="contenu" className="page__main">
        <h1>Pour quel client souhaitez-vous agir ?</h1>
        {/* The representative's own pages, reachable without acting for a client. */}
        <nav aria-label="Mon espace commercial" className="clients-links">
          <ul>
            <li>
              <Link to="/clients/devis">Demandes de devis de mes clients</Link>
            </li>
            <li>
              <Link to="/mon-compte/informations-personnelles">Mes informations</Link>
            </li>
            <li>
              <Link to="/mon-compte/mot-de-passe">Mot de passe</Link>
            </li>
            <li>
              <Link to="/mon-compte/alertes-emails">Mes alertes e-mail</Link>
            </li>
          </ul>
        </nav>
        <Form method="get" role="search" className="search-box search-box--wide">
          <label htmlFor="recherche-client">Rechercher un client (nom, référence ou code postal)</label>
          <div className="search-box__row">
            <input id="recherche-client" type="search" name="q" defaultValue={query} maxLength={100} />
            <button type="submit" className="button">
              Rechercher
            </button>
          </div>
        </Form>
        <ClientTable clients={clients} currentClientId={currentClientId} />
      </main>
    </div>
  );
}
