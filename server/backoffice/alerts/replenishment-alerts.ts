import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { LoadedAlert } from "./loaded-alert";

/**
 * The replenishment alerts (docs/replenishment.md): the reminder a few days before a run and
 * the run that placed nothing, both to the schedule's owner alone, people accounts included
 * (the schedule is theirs, as an approval request is its requester's: decision 0193).
 */

export type ReplenishmentAlertEvent = { kind: "replenishment_reminder" | "replenishment_failed"; scheduleId: number; runDate: string };

export async function loadReplenishmentAlert(db: Kysely<Database>, event: ReplenishmentAlertEvent): Promise<LoadedAlert | undefined> {
  const row = await db
    .selectFrom("replenishment_schedules as s")
    .innerJoin("order_lists as l", "l.id", "s.list_id")
    .innerJoin("organizations as g", "g.id", "s.org_id")
    .leftJoin("replenishment_runs as r", (join) => join.onRef("r.schedule_id", "=", "s.id").on("r.run_date", "=", event.runDate))
    .select([
      "s.id",
      "s.name",
      "s.org_id",
      "s.owner_id",
      "s.status",
      "s.next_run",
      "l.name as list_name",
      "g.name as org_name",
      "r.outcome",
      "r.reason",
    ])
    .where("s.id", "=", event.scheduleId)
    .executeTakeFirst();
  if (!row) return undefined;
  const common = { orgId: row.org_id, onlyUser: null, users: [row.owner_id], path: `/mon-compte/commandes-programmees/${row.id}` };
  if (event.kind === "replenishment_reminder") {
    // Skipped, paused or moved meanwhile: nothing to remind of.
    if (row.status !== "active" || row.next_run !== event.runDate) return undefined;
    return {
      ...common,
      kind: event.kind,
      key: `replenishment_reminder:${row.id}:${event.runDate}`,
      facts: { kind: event.kind, name: row.name, listName: row.list_name, orgName: row.org_name, runDate: event.runDate },
    };
  }
  if (row.outcome !== "failed" || row.reason === null) return undefined;
  return {
    ...common,
    kind: event.kind,
    key: `replenishment_failed:${row.id}:${event.runDate}`,
    facts: { kind: event.kind, name: row.name, listName: row.list_name, orgName: row.org_name, runDate: event.runDate, reason: row.reason },
  };
}
