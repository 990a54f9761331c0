import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NoListYet, ScheduleForm } from "~/components/replenishment/ScheduleForm";
import { ScheduleTable } from "~/components/replenishment/ScheduleTable";
import { createScheduleAction, loadScheduleList, requireReplenishmentUser } from "~/services/replenishment/index.server";
import { RUNS_GO_TO_APPROVAL, type ScheduleRefusal } from "~/services/replenishment/types";
import accountStyles from "~/styles/account.css";
import replenishmentStyles from "~/styles/replenishment.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: replenishmentStyles },
];

export const meta: MetaFunction = () => [{ title: "Commandes programmées · NautiDistrib" }];

/** /mon-compte/commandes-programmees: the schedules the caller sees and the form that creates one (issue 38). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReplenishmentUser(args);
  return loadScheduleList(user, args.context);
}

/** The creation form: a new schedule, then its page; a refused form drawn again with its messages. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireReplenishmentUser(args);
  return createScheduleAction(user, args.context, args.request);
}

export default function SchedulesPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = (useActionData<typeof action>() ?? null) as ScheduleRefusal | null;
  return (
    <div className="compte">
      <h1>Commandes programmées</h1>
      <p>
        Une liste de commande commandée d'elle-même, toutes les N semaines ou tous les N mois, aux prix et au stock du jour. Vous recevez un
        e-mail quelques jours avant chaque commande : vous pouvez encore la modifier ou la sauter.
      </p>
      {view.runsGoToApproval ? (
        <p className="schedule-approval-note" role="note">
          {RUNS_GO_TO_APPROVAL}
        </p>
      ) : null}
      <section aria-labelledby="programmations-liste">
        <h2 id="programmations-liste">Vos programmations</h2>
        {view.rows.length > 0 ? <ScheduleTable rows={view.rows} /> : <p>Aucune commande n'est programmée pour l'instant.</p>}
      </section>
      <section aria-labelledby="programmation-nouvelle-titre">
        <h2 id="programmation-nouvelle-titre">Programmer une commande</h2>
        {view.lists.length > 0 ? (
          <ScheduleForm mode="create" idPrefix="programmation-nouvelle" values={view.defaults} choices={view} refusal={refusal} />
        ) : (
          <NoListYet canMakeLists={view.canMakeLists} />
        )}
      </section>
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
