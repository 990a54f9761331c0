import { z } from "zod";
import { calendarDate, isoDate, isoDateTime } from "./primitives";

/**
 * Scheduled replenishment (issue 38, docs/replenishment.md): an order list ordered every N
 * weeks or months on a chosen day. Each run places an order through the normal confirmation
 * (that day's prices, stock, shipping, and the purchasing rules: a run that needs approval
 * becomes an approval request), or places nothing and says why. Creating and changing a
 * schedule needs the `orders` right or, without it, the `cart` right (its runs then go to
 * approval). A schedule is its author's; the organization's administrators see and change all.
 *
 * GET  /api/replenishment/:orgId              the schedules the caller sees
 * POST /api/replenishment/:orgId              a new schedule
 * GET  /api/replenishment/:orgId/:id          one schedule with its next date and its runs
 * PATCH /api/replenishment/:orgId/:id         change its list, rhythm, address, price threshold
 * POST /api/replenishment/:orgId/:id/skip     skip the next run (the one after is shown)
 * POST /api/replenishment/:orgId/:id/pause | /resume
 * DELETE /api/replenishment/:orgId/:id
 */

export const SCHEDULE_UNITS = ["weeks", "months"] as const;
export const scheduleUnit = z.enum(SCHEDULE_UNITS, "Choisissez semaines ou mois.");
export type ScheduleUnit = z.infer<typeof scheduleUnit>;

/**
 * The rhythm: every `every` weeks on weekday `day` (1 = Monday … 7 = Sunday), or every `every`
 * months on day `day` of the month (1–31; a month without that day runs on its last day).
 */
export const scheduleRhythm = z
  .object({
    every: z.number().int().min(1, "Au moins toutes les 1 semaine ou 1 mois.").max(52, "Au plus toutes les 52 semaines ou 52 mois."),
    unit: scheduleUnit,
    day: z.number().int().min(1, "Jour invalide.").max(31, "Jour invalide."),
  })
  .strict()
  .refine((rhythm) => rhythm.unit === "months" || rhythm.day <= 7, { message: "Choisissez un jour de la semaine.", path: ["day"] });
export type ScheduleRhythm = z.infer<typeof scheduleRhythm>;

export const SCHEDULE_STATUSES = ["active", "paused"] as const;
export const scheduleStatus = z.enum(SCHEDULE_STATUSES);

export const RUN_OUTCOMES = ["placed", "approval", "failed", "skipped", "missed"] as const;
export const runOutcome = z.enum(RUN_OUTCOMES);
export type RunOutcome = z.infer<typeof runOutcome>;

export const scheduleRun = z
  .object({
    run_date: isoDate,
    outcome: runOutcome,
    at: isoDateTime,
    /** Why nothing was placed (failed), in French; null otherwise. */
    reason: z.string().nullable(),
    order_id: z.number().int().positive().nullable(),
    order_ref: z.string().nullable(),
    approval_id: z.number().int().positive().nullable(),
    approval_number: z.string().nullable(),
  })
  .strict();
export type ScheduleRun = z.infer<typeof scheduleRun>;

export const scheduleSummary = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    list_id: z.number().int().positive(),
    list_name: z.string(),
    rhythm: z.object({ every: z.number().int().positive(), unit: scheduleUnit, day: z.number().int().positive() }).strict(),
    status: scheduleStatus,
    /** The next date an order will be placed (skips applied); null when paused. */
    next_run: isoDate.nullable(),
    /** The next run was skipped: this date is passed over. */
    skipped_date: isoDate.nullable(),
    dlv_address_id: z.number().int().positive().nullable(),
    dlv_address_label: z.string().nullable(),
    /** Nothing is placed when a line's price rose by more than this percentage since the last order; null: no check. */
    max_price_increase_pct: z.number().int().min(1).max(100).nullable(),
    owner_id: z.number().int().positive(),
    owner_name: z.string(),
    last_run: scheduleRun.nullable(),
    can_edit: z.boolean(),
  })
  .strict();
export type ScheduleSummary = z.infer<typeof scheduleSummary>;

export const scheduleListResponse = z.object({ items: z.array(scheduleSummary) }).strict();
export type ScheduleListResponse = z.infer<typeof scheduleListResponse>;

export const scheduleDetail = scheduleSummary
  .extend({
    /** The next few dates (skips applied), to show the rhythm. */
    upcoming: z.array(isoDate),
    runs: z.array(scheduleRun),
  })
  .strict();
export type ScheduleDetail = z.infer<typeof scheduleDetail>;

const scheduleName = z
  .string()
  .trim()
  .min(1, "Donnez un nom à la commande programmée.")
  .max(80, "Le nom compte au plus 80 caractères.")
  .regex(/^\P{Cc}*$/u, "Le nom ne doit pas contenir de caractères de contrôle.");

export const createScheduleRequest = z
  .object({
    name: scheduleName,
    list_id: z.number().int().positive(),
    rhythm: scheduleRhythm,
    /** The first date it may run (today at the earliest). */
    start: calendarDate,
    dlv_address_id: z.number().int().positive(),
    max_price_increase_pct: z.number().int().min(1, "Au moins 1 %.").max(100, "Au plus 100 %.").nullable(),
  })
  .strict();
export type CreateScheduleRequest = z.infer<typeof createScheduleRequest>;

export const updateScheduleRequest = z
  .object({
    name: scheduleName.optional(),
    list_id: z.number().int().positive().optional(),
    rhythm: scheduleRhythm.optional(),
    /** With a new rhythm: from when (the next run is the first date on or after it). */
    start: calendarDate.optional(),
    dlv_address_id: z.number().int().positive().optional(),
    max_price_increase_pct: z.number().int().min(1, "Au moins 1 %.").max(100, "Au plus 100 %.").nullable().optional(),
  })
  .strict();
export type UpdateScheduleRequest = z.infer<typeof updateScheduleRequest>;

/** Days before a run its reminder e-mail goes (« votre commande programmée partira jeudi »). */
export const REMINDER_DAYS_BEFORE = 3;
