import type { Kysely } from "kysely";
import type { SessionResponse } from "@shared/contracts/api";
import { scheduleDetail, type CreateScheduleRequest, type ScheduleDetail } from "@shared/contracts/replenishment";
import type { Database } from "../../../server/backoffice/db/schema";
import { call, type Backoffice, type CallResult } from "../backoffice/harness";

/**
 * Replenishment schedules in tests (docs/replenishment.md): order lists made by direct inserts
 * (the lists' own routes are another area's), schedules made and changed through the API.
 */

let lists = 0;

/** An order list of `owner` with these products and quantities; private unless `shared`. */
export async function newList(
  db: Kysely<Database>,
  owner: SessionResponse,
  lines: ReadonlyArray<readonly [{ id: number }, number]>,
  shared = false,
): Promise<{ id: number; name: string }> {
  const name = `Liste de test ${++lists}`;
  const at = new Date("2026-11-01T09:00:00Z");
  const { id } = await db
    .insertInto("order_lists")
    .values({
      org_id: owner.user.auth_org_id,
      owner_id: owner.user.obj_id,
      owner_name: owner.user.obj_name,
      name,
      shared,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await db
      .insertInto("order_list_lines")
      .values(lines.map(([product, qty], position) => ({ list_id: id, product_id: product.id, position, qty })))
      .execute();
  }
  return { id, name };
}

export function scheduleCall<T = Record<string, unknown>>(
  bo: Backoffice,
  session: SessionResponse,
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<CallResult<T>> {
  return call<T>(bo, `/replenishment/${session.user.auth_org_id}${path}`, { token: session.token, ...options });
}

export async function createSchedule(bo: Backoffice, session: SessionResponse, body: CreateScheduleRequest): Promise<ScheduleDetail> {
  const answer = await scheduleCall(bo, session, "", { body });
  if (answer.status !== 201) throw new Error(`schedule: ${answer.status} ${JSON.stringify(answer.body)}`);
  return scheduleDetail.parse(answer.body);
}

export async function readSchedule(bo: Backoffice, session: SessionResponse, id: number): Promise<ScheduleDetail> {
  const answer = await scheduleCall(bo, session, `/${id}`);
  if (answer.status !== 200) throw new Error(`schedule ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return scheduleDetail.parse(answer.body);
}

/** An instant of that day in France, in the morning. */
export const morningOf = (date: string): Date => new Date(`${date}T08:00:00+01:00`);

/** Every day from `from` to `to` included, as YYYY-MM-DD (computed without the code under test). */
export function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T12:00:00Z`); day.toISOString().slice(0, 10) <= to; day = new Date(day.getTime() + 86_400_000)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
