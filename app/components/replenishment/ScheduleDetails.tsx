import { runDateText, type ScheduleRow } from "~/services/replenishment/types";
import { NextRun, ScheduleStatus, rhythmSentence } from "./ScheduleFacts";

/** A schedule's facts: list, rhythm in words, next date and the ones after, address, threshold, author. */
export function ScheduleDetails({ schedule, upcoming }: { schedule: ScheduleRow; upcoming: string[] }) {
  const later = schedule.status === "active" ? upcoming.filter((date) => date !== schedule.nextRun).slice(0, 5) : [];
  return (
    <>
      <dl className="order-facts schedule-facts">
        <div>
          <dt>Statut</dt>
          <dd>
            <ScheduleStatus status={schedule.status} />
          </dd>
        </div>
        <div>
          <dt>Liste</dt>
          <dd>{schedule.listName}</dd>
        </div>
        <div>
          <dt>Rythme</dt>
          <dd>{rhythmSentence(schedule.rhythm)}</dd>
        </div>
        <div>
          <dt>Prochaine commande</dt>
          <dd>
            <NextRun schedule={schedule} />
          </dd>
        </div>
        <div>
          <dt>Adresse de livraison</dt>
          <dd>{schedule.addressLabel ?? "Aucune : choisissez-en une, sinon rien ne sera commandé"}</dd>
        </div>
        <div>
          <dt>Hausse de prix tolérée</dt>
          <dd>
            {schedule.maxPriceIncreasePct === null
              ? "Aucune limite"
              : `Rien n'est commandé si un prix a augmenté de plus de ${schedule.maxPriceIncreasePct} %`}
          </dd>
        </div>
        <div>
          <dt>Créée par</dt>
          <dd>{schedule.ownerName}</dd>
        </div>
      </dl>
      {later.length > 0 ? (
        <section aria-labelledby="programmation-dates">
          <h2 id="programmation-dates">Les dates suivantes</h2>
          <ol className="schedule-upcoming">
            {later.map((date) => (
              <li key={date}>
                <time dateTime={date}>{runDateText(date)}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
