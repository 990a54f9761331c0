import type { RunOutcome, ScheduleUnit } from "@shared/contracts/replenishment";
import { formatDate } from "@shared/domain/french-format";
import { weekdayName } from "@shared/domain/replenishment";
import type { FieldErrors } from "~/services/forms/types";

/**
 * The scheduled replenishment pages' view models (issue 38, docs/replenishment-portal.md):
 * plain types and constants the components import as much as the server code.
 */

export const SCHEDULES_PATH = "/mon-compte/commandes-programmees";
export const schedulePath = (id: number) => `${SCHEDULES_PATH}/${id}`;
/** The order lists' page (another feature): where a list is made when there is none. */
export const LISTS_PATH = "/mon-compte/listes";

/** « jeudi 5 mars 2027 »: a run's date as the pages and the toasts say it. */
export function runDateText(isoDate: string): string {
  return `${weekdayName(isoDate)} ${formatDate(isoDate)}`;
}

/** What the page says to a person without `orders`: every run becomes a request for approval. */
export const RUNS_GO_TO_APPROVAL =
  "Votre compte ne permet pas de passer commande : chaque commande programmée sera envoyée pour validation, puis passée une fois validée.";

/** The form's fields, by their French names (as every form's). */
export const SCHEDULE_FIELDS = {
  name: "nom",
  list: "liste",
  every: "tous-les",
  unit: "unite",
  weekday: "jour-semaine",
  monthDay: "jour-mois",
  start: "debut",
  address: "adresse",
  maxIncrease: "hausse-max",
} as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[keyof typeof SCHEDULE_FIELDS];

/** The unit's values, French in the form, the contract's unit on the wire. */
export const UNIT_CHOICES: readonly { value: string; unit: ScheduleUnit; label: string }[] = [
  { value: "semaines", unit: "weeks", label: "semaines" },
  { value: "mois", unit: "months", label: "mois" },
];

export const WEEKDAY_CHOICES: readonly { value: number; label: string }[] = [
  { value: 1, label: "lundi" },
  { value: 2, label: "mardi" },
  { value: 3, label: "mercredi" },
  { value: 4, label: "jeudi" },
  { value: 5, label: "vendredi" },
  { value: 6, label: "samedi" },
  { value: 7, label: "dimanche" },
];

/** A choice of a select: an order list or a delivery address. */
export interface Choice {
  id: number;
  label: string;
}

/** One run of a schedule, as its history and the list's « Dernière commande » show it. */
export interface RunView {
  date: string;
  outcome: RunOutcome;
  /** Why nothing was placed (failed), in French. */
  reason: string | null;
  order: { id: number; ref: string } | null;
  approval: { id: number; number: string } | null;
}

export interface ScheduleRhythmView {
  every: number;
  unit: ScheduleUnit;
  day: number;
}

export interface ScheduleRow {
  id: number;
  name: string;
  listId: number;
  listName: string;
  rhythm: ScheduleRhythmView;
  status: "active" | "paused";
  /** YYYY-MM-DD; null when paused. */
  nextRun: string | null;
  /** The date the skip passes over, if the next run was skipped. */
  skippedDate: string | null;
  addressId: number | null;
  addressLabel: string | null;
  maxPriceIncreasePct: number | null;
  ownerName: string;
  lastRun: RunView | null;
  canEdit: boolean;
}

/** The values a schedule's form starts from (the edit form: the schedule's; the creation form: the defaults). */
export type ScheduleFormValues = Record<ScheduleField, string>;

/** What both pages' forms choose from, and what they say of the caller's rights. */
export interface ScheduleChoices {
  /** The lists the caller sees; empty: the page points to the lists' page. */
  lists: Choice[];
  addresses: Choice[];
  /** Without `orders` (with `cart`): every run goes for approval, the page says so. */
  runsGoToApproval: boolean;
  /** With `cart`: the caller makes lists (the page points to them when there is none). */
  canMakeLists: boolean;
  /** The earliest first date the form accepts (today in France), for the date field's `min`. */
  today: string;
}

/** /mon-compte/commandes-programmees */
export interface ScheduleListView extends ScheduleChoices {
  rows: ScheduleRow[];
  /** The creation form's defaults (the first date: tomorrow). */
  defaults: ScheduleFormValues;
}

/** /mon-compte/commandes-programmees/{id} */
export interface ScheduleDetailView extends ScheduleChoices {
  schedule: ScheduleRow;
  /** The next few dates (skips applied). */
  upcoming: string[];
  runs: RunView[];
  /** The edit form's values: the schedule's. */
  current: ScheduleFormValues;
  /** « ?supprimer=1 »: the deletion's confirmation step (no JavaScript needed). */
  confirmDelete: boolean;
}

/** A refused form drawn again: each message next to its field, everything as typed. */
export interface ScheduleRefusal {
  ok: false;
  /** Which form: "create", "update", or an action's intent. */
  form: string;
  message: string;
  errors: FieldErrors<ScheduleField>;
  values: Record<string, string>;
}
