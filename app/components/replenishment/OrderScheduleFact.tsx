import { Link } from "@remix-run/react";
import { schedulePath } from "~/services/replenishment/types";

/** An order placed by a run of a schedule (docs/replenishment-portal.md): the schedule's name, a link to it, beside « Passée par ». */
export function OrderScheduleFact({ schedule }: { schedule: { id: number; name: string } }) {
  return (
    <div data-testid="order-schedule">
      <dt>Origine</dt>
      <dd>
        <Link to={schedulePath(schedule.id)}>Commande programmée « {schedule.name} »</Link>
      </dd>
    </div>
  );
}
