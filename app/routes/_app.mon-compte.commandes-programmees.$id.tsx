import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RunHistory } from "~/components/replenishment/RunHistory";
import { ScheduleActions } from "~/components/replenishment/ScheduleActions";
import { ScheduleDetails } from "~/components/replenishment/ScheduleDetails";
import { ScheduleForm } from "~/components/replenishment/ScheduleForm";
import { loadSchedulePage, requireReplenishmentUser, scheduleAction } from "~/services/replenishment/index.server";
import { RUNS_GO_TO_APPROVAL, SCHEDULES_PATH, type ScheduleRefusal } from "~/services/replenishment/types";
import accountStyles from "~/styles/account.css";
import replenishmentStyles from "~/styles/replenishment.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: replenishmentStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Commande programmée « ${data.schedule.name} »` : "Commande programmée"} · NautiDistrib` },
];

/** /mon-compte/commandes-programmees/{id}: one schedule; another organization's, or one the caller may not see, is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReplenishmentUser(args);
  return loadSchedulePage(user, args.context, args.params.id, new URL(args.request.url));
}

/** Skip, pause, resume, delete (confirmed), change: the back-office decides who may, on every call. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireReplenishmentUser(args);
  return scheduleAction(user, args.context, args.request, args.params.id);
}

export default function SchedulePage() {
  const view = useLoaderData<typeof loader>();
  const refusal = (useActionData<typeof action>() ?? null) as ScheduleRefusal | null;
  const { schedule } = view;
  return (
    <div className="compte">
      <p>
        <Link to={SCHEDULES_PATH}>Commandes programmées</Link>
      </p>
      <h1>Commande programmée « {schedule.name} »</h1>
      {view.runsGoToApproval ? (
        <p className="schedule-approval-note" role="note">
          {RUNS_GO_TO_APPROVAL}
        </p>
      ) : null}
      {schedule.canEdit ? null : (
        <p className="schedule-readonly" role="note">
          Cette programmation est celle de {schedule.ownerName} : vous la consultez, seuls son auteur et les administrateurs de votre
          organisation peuvent la modifier.
        </p>
      )}
      <ScheduleDetails schedule={schedule} upcoming={view.upcoming} />
      {schedule.canEdit ? (
        <section aria-labelledby="programmation-actions">
          <h2 id="programmation-actions">Actions</h2>
          <ScheduleActions schedule={schedule} confirmDelete={view.confirmDelete} />
        </section>
      ) : null}
      {schedule.canEdit ? (
        <section aria-labelledby="programmation-modifier-titre">
          <h2 id="programmation-modifier-titre">Modifier la programmation</h2>
          {/* Keyed by what is saved: after a save the fields show the saved values, a refusal keeps what was typed. */}
          <ScheduleForm
            key={JSON.stringify(view.current)}
            mode="update"
            idPrefix="programmation-modifier"
            values={view.current}
            choices={view}
            refusal={refusal?.form === "update" ? refusal : null}
          />
        </section>
      ) : null}
      <section aria-labelledby="programmation-historique">
        <h2 id="programmation-historique">Historique</h2>
        <RunHistory runs={view.runs} />
      </section>
    </div>
  );
}
