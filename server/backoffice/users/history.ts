import type { Kysely } from "kysely";
import type { UserChange, UserChangeKind } from "@shared/contracts/users";
import type { Database, UserRow } from "../db/schema";

/** How many lines of history the users page gets: the latest, newest first. */
export const HISTORY_LIMIT = 50;

export interface ChangeLine {
  orgId: number;
  /** No id for a system (an ERP's import, decision 0178): its name only. */
  actor: { id: number | null; name: string };
  target: Pick<UserRow, "id" | "name">;
  change: UserChangeKind;
  details?: Record<string, string | boolean | number | null>;
  at: Date;
}

/** Written in the same transaction as the change: a change without its line cannot happen. */
export async function recordChange(db: Kysely<Database>, line: ChangeLine): Promise<void> {
  await db
    .insertInto("user_changes")
    .values({
      org_id: line.orgId,
      actor_id: line.actor.id,
      actor_name: line.actor.name,
      target_id: line.target.id,
      target_name: line.target.name,
      change: line.change,
      details: line.details ? JSON.stringify(line.details) : null,
      at: line.at,
    })
    .execute();
}

export async function organizationHistory(db: Kysely<Database>, orgId: number): Promise<UserChange[]> {
  const rows = await db
    .selectFrom("user_changes")
    .select(["at", "actor_name", "target_id", "target_name", "change", "details"])
    .where("org_id", "=", orgId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    at: row.at.toISOString(),
    actor_name: row.actor_name,
    target_id: row.target_id,
    target_name: row.target_name,
    change: row.change as UserChangeKind,
    details: (row.details as UserChange["details"]) ?? null,
  }));
}
