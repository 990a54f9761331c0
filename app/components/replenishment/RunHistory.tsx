import { runDateText, type RunView } from "~/services/replenishment/types";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { RunOutcome } from "./RunOutcome";

/** A schedule's runs, newest first as the back-office gives them: the date and what happened. */
export function RunHistory({ runs }: { runs: RunView[] }) {
  if (runs.length === 0) return <p>Aucune commande n'est encore partie de cette programmation.</p>;
  return (
    <table className="table run-history">
      <caption>Commandes de cette programmation</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Résultat</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.date} data-testid={`run-${run.date}`}>
            <th scope="row">
              <time dateTime={run.date}>{runDateText(run.date)}</time>
            </th>
            <LabelledCell label="Résultat">
              <RunOutcome run={run} />
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
