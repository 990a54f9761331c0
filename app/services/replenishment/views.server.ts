import type { Address } from "@shared/contracts/entities";
import type { ScheduleRun, ScheduleSummary } from "@shared/contracts/replenishment";
import { parisDate } from "@shared/domain/calendar";
import { addDays } from "@shared/domain/replenishment";
import type { PortalLoadContext } from "~/services/context.server";
import { UpstreamError } from "~/services/upstream/index.server";
import {
  SCHEDULE_FIELDS,
  UNIT_CHOICES,
  type Choice,
  type RunView,
  type ScheduleChoices,
  type ScheduleFormValues,
  type ScheduleRow,
} from "./types";
import type { ReplenishmentUser } from "./user.server";

/** The contract's schedules and runs into the pages' view models (app/services/replenishment/types.ts). */

export function runView(run: ScheduleRun): RunView {
  return {
    date: run.run_date,
    outcome: run.outcome,
    reason: run.reason,
    order: run.order_id !== null ? { id: run.order_id, ref: run.order_ref ?? `n° ${run.order_id}` } : null,
    approval: run.approval_id !== null ? { id: run.approval_id, number: run.approval_number ?? `n° ${run.approval_id}` } : null,
  };
}

export function scheduleRow(schedule: ScheduleSummary): ScheduleRow {
  return {
    id: schedule.id,
    name: schedule.name,
    listId: schedule.list_id,
    listName: schedule.list_name,
    rhythm: { ...schedule.rhythm },
    status: schedule.status,
    nextRun: schedule.next_run,
    skippedDate: schedule.skipped_date,
    addressId: schedule.dlv_address_id,
    addressLabel: schedule.dlv_address_label,
    maxPriceIncreasePct: schedule.max_price_increase_pct,
    ownerName: schedule.owner_name,
    lastRun: schedule.last_run ? runView(schedule.last_run) : null,
    canEdit: schedule.can_edit,
  };
}

/** « Atelier — 12 quai Ouest, 17000 La Rochelle »: enough to tell the organization's addresses apart. */
export function addressLabel(address: Address): string {
  return `${address.adr_name} — ${address.adr_line1}, ${address.adr_zipcode} ${address.adr_city}`;
}

/** Today in France, by the injected clock (tests play the calendar). */
export function todayOf(context: Pick<PortalLoadContext, "now">): string {
  return parisDate(context.now());
}

/**
 * The lists the caller sees and the organization's delivery addresses (the checkout's
 * delivery step reads the same), for the forms' selects. An account the lists are refused to
 * (no `cart`) gets none: the page says where lists are made.
 */
export async function loadChoices(user: ReplenishmentUser, context: Pick<PortalLoadContext, "now">): Promise<ScheduleChoices> {
  const [lists, addresses] = await Promise.all([
    user.upstream.orderLists.list(user.orgId).then(
      (answer) => answer.items.map((list): Choice => ({ id: list.id, label: list.name })),
      (error: unknown) => {
        if (error instanceof UpstreamError && error.status === 403) return [];
        throw error;
      },
    ),
    user.upstream.crm.listAddresses(user.orgId),
  ]);
  return {
    lists,
    addresses: addresses.flatMap((address) => (address.obj_id ? [{ id: address.obj_id, label: addressLabel(address) }] : [])),
    runsGoToApproval: !user.permissions.canOrder,
    canMakeLists: user.permissions.canUpdateCart,
    today: todayOf(context),
  };
}

/** The creation form's defaults: monthly, on the first date's day, from tomorrow, to the first address. */
export function defaultFormValues(choices: ScheduleChoices): ScheduleFormValues {
  const tomorrow = addDays(choices.today, 1);
  return {
    [SCHEDULE_FIELDS.name]: "",
    [SCHEDULE_FIELDS.list]: choices.lists.length === 1 ? String(choices.lists[0]?.id) : "",
    [SCHEDULE_FIELDS.every]: "1",
    [SCHEDULE_FIELDS.unit]: "mois",
    [SCHEDULE_FIELDS.weekday]: "1",
    [SCHEDULE_FIELDS.monthDay]: String(Number(tomorrow.slice(8, 10))),
    [SCHEDULE_FIELDS.start]: tomorrow,
    [SCHEDULE_FIELDS.address]: choices.addresses.length > 0 ? String(choices.addresses[0]?.id) : "",
    [SCHEDULE_FIELDS.maxIncrease]: "",
  };
}

/** The edit form's values: the schedule as saved (its next date as « from when », tomorrow when paused). */
export function currentFormValues(schedule: ScheduleRow, today: string): ScheduleFormValues {
  const { rhythm } = schedule;
  return {
    [SCHEDULE_FIELDS.name]: schedule.name,
    [SCHEDULE_FIELDS.list]: String(schedule.listId),
    [SCHEDULE_FIELDS.every]: String(rhythm.every),
    [SCHEDULE_FIELDS.unit]: UNIT_CHOICES.find((choice) => choice.unit === rhythm.unit)?.value ?? "mois",
    [SCHEDULE_FIELDS.weekday]: rhythm.unit === "weeks" ? String(rhythm.day) : "1",
    [SCHEDULE_FIELDS.monthDay]: rhythm.unit === "months" ? String(rhythm.day) : "1",
    [SCHEDULE_FIELDS.start]: schedule.nextRun ?? addDays(today, 1),
    [SCHEDULE_FIELDS.address]: schedule.addressId === null ? "" : String(schedule.addressId),
    [SCHEDULE_FIELDS.maxIncrease]: schedule.maxPriceIncreasePct === null ? "" : String(schedule.maxPriceIncreasePct),
  };
}
