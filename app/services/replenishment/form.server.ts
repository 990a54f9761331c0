import { z } from "zod";
import {
  createScheduleRequest,
  updateScheduleRequest,
  type CreateScheduleRequest,
  type UpdateScheduleRequest,
} from "@shared/contracts/replenishment";
import { parseForm } from "~/services/forms/parse.server";
import type { FieldErrors } from "~/services/forms/types";
import type { UpstreamIssue } from "~/services/upstream/http.server";
import { SCHEDULE_FIELDS as F, UNIT_CHOICES, type ScheduleField, type ScheduleRow } from "./types";

/**
 * The schedule's form (docs/replenishment-portal.md, decision 0201) into the contract's
 * request: every N (1–52) of a unit (semaines or mois), and the day of the unit's select
 * (`jour-semaine` for weeks, `jour-mois` for months; the other select is ignored, so the form
 * works without JavaScript showing both). Every mistake at once, each next to its field, in
 * French; nothing is sent while one remains. The contract's own messages (and the
 * back-office's 422) land on the same fields through `fieldOfPath`.
 */

export const FORM_REFUSED = "Vérifiez les champs signalés : rien n'a été enregistré.";
export const LIST_REQUIRED = "Choisissez la liste à commander.";
export const ADDRESS_REQUIRED = "Choisissez l'adresse de livraison.";
export const EVERY_INVALID = "Indiquez un nombre entier de 1 à 52.";
export const UNIT_REQUIRED = "Choisissez semaines ou mois.";
export const WEEKDAY_REQUIRED = "Choisissez le jour de la semaine.";
export const MONTH_DAY_REQUIRED = "Choisissez le jour du mois, de 1 à 31.";
export const START_INVALID = "Indiquez la date de la première commande, par exemple 05/03/2027.";
export const START_PAST = "La première commande ne peut pas être dans le passé : choisissez aujourd'hui ou une date à venir.";
export const INCREASE_INVALID = "Indiquez un pourcentage entier de 1 à 100, ou laissez vide.";

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9]\d{0,8}$/, message)
    .transform(Number);

/** A date as a date field sends it (2027-03-05), or as typed where the browser has none (05/03/2027). */
const dateField = z
  .string({ error: START_INVALID })
  .trim()
  .transform((text, context) => {
    const typed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    const iso = typed ? `${typed[3]}-${typed[2]?.padStart(2, "0")}-${typed[1]?.padStart(2, "0")}` : text;
    const date = new Date(`${iso}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
      context.addIssue({ code: "custom", message: START_INVALID });
      return z.NEVER;
    }
    return iso;
  });

const scheduleForm = z.object({
  [F.name]: z
    .string()
    .optional()
    .transform((text) => text ?? "")
    .pipe(createScheduleRequest.shape.name),
  [F.list]: id(LIST_REQUIRED),
  [F.every]: z
    .string({ error: EVERY_INVALID })
    .trim()
    .regex(/^\d{1,2}$/, EVERY_INVALID)
    .transform(Number)
    .refine((every) => every >= 1 && every <= 52, EVERY_INVALID),
  [F.unit]: z.enum(
    UNIT_CHOICES.map((choice) => choice.value),
    UNIT_REQUIRED,
  ),
  [F.weekday]: z.string().optional(),
  [F.monthDay]: z.string().optional(),
  [F.start]: dateField,
  [F.address]: id(ADDRESS_REQUIRED),
  [F.maxIncrease]: z
    .string()
    .optional()
    .transform((text, context): number | null => {
      const digits = (text ?? "").trim().replace(/\s*%$/, "");
      if (digits === "") return null;
      if (!/^\d{1,3}$/.test(digits) || Number(digits) < 1 || Number(digits) > 100) {
        context.addIssue({ code: "custom", message: INCREASE_INVALID });
        return z.NEVER;
      }
      return Number(digits);
    }),
});

/** A contract or back-office issue's path (« rhythm.day ») to the form's field, by the unit chosen. */
export function fieldOfPath(path: string, unit: "weeks" | "months"): ScheduleField | null {
  const head = path.split(".")[0];
  if (path === "rhythm.day") return unit === "weeks" ? F.weekday : F.monthDay;
  if (path === "rhythm.every") return F.every;
  if (path === "rhythm.unit" || path === "rhythm") return F.unit;
  const byHead: Record<string, ScheduleField> = {
    name: F.name,
    list_id: F.list,
    start: F.start,
    dlv_address_id: F.address,
    max_price_increase_pct: F.maxIncrease,
  };
  return head ? (byHead[head] ?? null) : null;
}

/** Issues onto the fields: the first of each field; the others (no field) stay for the form's alert. */
export function errorsOfIssues(issues: readonly UpstreamIssue[], unit: "weeks" | "months"): FieldErrors<ScheduleField> {
  const errors: FieldErrors<ScheduleField> = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, unit);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The unit the form chose, for placing the day's error (weeks unless it says months). */
export function unitOf(fields: Record<string, string>): "weeks" | "months" {
  return UNIT_CHOICES.find((choice) => choice.value === fields[F.unit])?.unit ?? "weeks";
}

type Read<T> = { ok: true; body: T } | { ok: false; message: string; errors: FieldErrors<ScheduleField> };

interface FormSchedule {
  name: string;
  list_id: number;
  rhythm: { every: number; unit: "weeks" | "months"; day: number };
  start: string;
  dlv_address_id: number;
  max_price_increase_pct: number | null;
}

/** The form's fields, checked, into a schedule (not yet against the contract). */
function readFields(fields: Record<string, string>, today: string): Read<FormSchedule> {
  const parsed = parseForm(fields, scheduleForm);
  const errors: FieldErrors<ScheduleField> = parsed.ok ? {} : { ...(parsed.fieldErrors as FieldErrors<ScheduleField>) };
  const unit = unitOf(fields);
  const dayField = unit === "weeks" ? F.weekday : F.monthDay;
  const dayText = (fields[dayField] ?? "").trim();
  const day = /^\d{1,2}$/.test(dayText) ? Number(dayText) : Number.NaN;
  if (!(day >= 1 && day <= (unit === "weeks" ? 7 : 31))) errors[dayField] ??= unit === "weeks" ? WEEKDAY_REQUIRED : MONTH_DAY_REQUIRED;
  // Said with the other mistakes, not only once they are corrected.
  const start = dateField.safeParse(fields[F.start] ?? "");
  if (start.success && start.data < today) errors[F.start] ??= START_PAST;
  if (!parsed.ok || Object.keys(errors).length > 0) return { ok: false, message: FORM_REFUSED, errors };
  const data = parsed.data;
  return {
    ok: true,
    body: {
      name: data[F.name],
      list_id: data[F.list],
      rhythm: { every: data[F.every], unit, day },
      start: data[F.start],
      dlv_address_id: data[F.address],
      max_price_increase_pct: data[F.maxIncrease],
    },
  };
}

/** The creation form into POST /api/replenishment/:orgId's body. */
export function readCreateForm(fields: Record<string, string>, today: string): Read<CreateScheduleRequest> {
  const read = readFields(fields, today);
  if (!read.ok) return read;
  const checked = createScheduleRequest.safeParse(read.body);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
    return { ok: false, message: FORM_REFUSED, errors: errorsOfIssues(issues, read.body.rhythm.unit) };
  }
  return { ok: true, body: checked.data };
}

const sameRhythm = (a: FormSchedule["rhythm"], b: ScheduleRow["rhythm"]) => a.every === b.every && a.unit === b.unit && a.day === b.day;

/**
 * The edit form into PATCH's body, against the schedule as saved: the name, list, address and
 * threshold as shown; the rhythm and its « from when » only when one of them changed, so that
 * saving a new address keeps a skipped run skipped.
 */
export function readUpdateForm(
  fields: Record<string, string>,
  today: string,
  current: ScheduleRow,
  shownStart: string,
): Read<UpdateScheduleRequest> {
  const read = readFields(fields, today);
  if (!read.ok) return read;
  const { rhythm, start, ...rest } = read.body;
  const rhythmChanged = !sameRhythm(rhythm, current.rhythm) || start !== shownStart;
  const body: UpdateScheduleRequest = rhythmChanged ? { ...rest, rhythm, start } : rest;
  const checked = updateScheduleRequest.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
    return { ok: false, message: FORM_REFUSED, errors: errorsOfIssues(issues, rhythm.unit) };
  }
  return { ok: true, body: checked.data };
}
