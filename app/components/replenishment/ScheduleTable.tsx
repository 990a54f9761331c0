import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { runDateText, schedulePath, type ScheduleRow } from "~/services/replenishment/types";
import { RunOutcome } from "./RunOutcome";
import { NextRun, ScheduleStatus, rhythmSentence } from "./ScheduleFacts";

/** The schedules the caller sees: each one's list, rhythm in words, next date, status and last run. */
export function ScheduleTable({ rows }: { rows: ScheduleRow[] }) {
  return (
    <table className="table schedule-table">
      <caption>Vos commandes programmées</caption>
      <thead>
        <tr>
          <th scope="col">Nom</th>
          <th scope="col">Liste</th>
          <th scope="col">Rythme</th>
          <th scope="col">Prochaine commande</th>
          <th scope="col">Statut</th>
          <th scope="col">Dernière commande</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={`schedule-${row.id}`}>
            <th scope="row">
              <Link to={schedulePath(row.id)}>{row.name}</Link>
            </th>
            <LabelledCell label="Liste">{row.listName}</LabelledCell>
            <LabelledCell label="Rythme">{rhythmSentence(row.rhythm)}</LabelledCell>
            <LabelledCell label="Prochaine commande">
              <NextRun schedule={row} />
            </LabelledCell>
            <LabelledCell label="Statut">
              <ScheduleStatus status={row.status} />
            </LabelledCell>
            <LabelledCell label="Dernière commande">
              {row.lastRun ? (
                <>
                  <time dateTime={row.lastRun.date}>{runDateText(row.lastRun.date)}</time>
                  {" — "}
                  <RunOutcome run={row.lastRun} />
                </>
              ) : (
                "Aucune pour l'instant"
              )}
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
