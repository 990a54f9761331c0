import { Form, Link } from "@remix-run/react";
import { runDateText, schedulePath, type ScheduleRow } from "~/services/replenishment/types";

/**
 * Skip the next run, pause or resume, delete: each a plain POST with its `intent` (no
 * JavaScript needed), answered with a 303 and a toast. Deleting goes through a confirmation
 * step: « Supprimer… » is a link to the page with `?supprimer=1`, whose form alone deletes.
 */
export function ScheduleActions({ schedule, confirmDelete }: { schedule: ScheduleRow; confirmDelete: boolean }) {
  if (confirmDelete) return <DeleteConfirmation schedule={schedule} />;
  const active = schedule.status === "active";
  return (
    <div className="schedule-actions">
      {active && schedule.nextRun ? (
        <ActionForm intent="skip" label="Sauter la prochaine commande">
          La commande du {runDateText(schedule.nextRun)} ne partira pas ; la suivante partira à sa date.
        </ActionForm>
      ) : null}
      {active ? (
        <ActionForm intent="pause" label="Mettre en pause">
          Aucune commande ne partira tant que la programmation est en pause.
        </ActionForm>
      ) : (
        <ActionForm intent="resume" label="Reprendre">
          Les commandes repartent à la prochaine date du rythme.
        </ActionForm>
      )}
      <div className="schedule-action">
        <p>La programmation disparaît ; les commandes déjà passées restent dans vos commandes.</p>
        <p>
          <Link to={`${schedulePath(schedule.id)}?supprimer=1#suppression`} className="button">
            Supprimer…
          </Link>
        </p>
      </div>
    </div>
  );
}

function ActionForm({ intent, label, children }: { intent: string; label: string; children: string | string[] }) {
  return (
    <Form method="post" className="schedule-action" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <p>{children}</p>
      <p>
        <button type="submit" className="button">
          {label}
        </button>
      </p>
    </Form>
  );
}

function DeleteConfirmation({ schedule }: { schedule: ScheduleRow }) {
  return (
    <Form method="post" className="schedule-delete" id="suppression" aria-labelledby="suppression-titre">
      <h3 id="suppression-titre">Supprimer « {schedule.name} » ?</h3>
      <p>Plus aucune commande ne partira de cette programmation. Les commandes déjà passées restent dans vos commandes.</p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="confirmation" value="oui" />
      <p className="schedule-delete__buttons">
        <button type="submit" className="button button--primary">
          Oui, supprimer
        </button>{" "}
        <Link to={schedulePath(schedule.id)}>Non, garder la programmation</Link>
      </p>
    </Form>
  );
}
