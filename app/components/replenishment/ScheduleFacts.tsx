import { rhythmText } from "@shared/domain/replenishment";
import { runDateText, type ScheduleRow } from "~/services/replenishment/types";

/** « Active » or « En pause »: said in words, the colour only adds to them. */
export function ScheduleStatus({ status }: { status: ScheduleRow["status"] }) {
  return (
    <span className="schedule-status" data-status={status}>
      {status === "active" ? "Active" : "En pause"}
    </span>
  );
}

/** « Toutes les 2 semaines, le jeudi »: the rhythm in words, capitalised to start a cell. */
export function rhythmSentence(rhythm: ScheduleRow["rhythm"]): string {
  const text = rhythmText(rhythm);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The next date an order will be placed (« jeudi 5 mars 2027 »), with the date a skip passes
 * over; « Aucune, en pause » for a paused schedule.
 */
export function NextRun({ schedule }: { schedule: Pick<ScheduleRow, "nextRun" | "skippedDate" | "status"> }) {
  if (schedule.status === "paused" || schedule.nextRun === null) return <span className="schedule-next">Aucune : en pause</span>;
  return (
    <span className="schedule-next">
      <time dateTime={schedule.nextRun}>{runDateText(schedule.nextRun)}</time>
      {schedule.skippedDate ? (
        <span className="schedule-next__skipped">
          {" "}
          (celle du <time dateTime={schedule.skippedDate}>{runDateText(schedule.skippedDate)}</time> est sautée)
        </span>
      ) : null}
    </span>
  );
}
