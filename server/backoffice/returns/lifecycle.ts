import type { Kysely, Transaction, Updateable } from "kysely";
import type { ReturnReason, ReturnStatus, ReturnStepKind } from "@shared/contracts/returns";
import { normalizeReference, parisDate } from "@shared/domain/index";
import { statusAfter, stepRefusal } from "@shared/domain/returns";
import type { Database, ReturnsTable } from "../db/schema";
import { ApiFailure, type ApiIssue } from "../http/errors";
import { recordOutboxEvent } from "../outbox/record";
import { loadServiceReturn } from "./view";

/**
 * The distributor's steps on a return (docs/returns.md): accepted or refused, received, credited
 * (credit.ts) or exchanged. Each runs in one transaction with the return's row locked
 * (`for update`): the step's refusal when the status does not allow it (409, stepRefusal's
 * French sentence), its instant, the row's new status, one return_events row with its date and
 * author, and the `return.status_changed` event in the outbox, all committed together.
 */

export type DistributorStep = Exclude<ReturnStepKind, "requested" | "withdrawn">;

export interface StepInput {
  /** RET-2026-000012, upper-cased. */
  number: string;
  /** The service token's name: the step's author. */
  author: string;
  /** The instant or date sent; now when absent. */
  at?: string;
  note?: string;
  now: Date;
}

/** A return locked for the rest of the transaction, with the instant of its latest step. */
export interface LockedReturn {
  id: number;
  number: string;
  org_id: number;
  order_id: number;
  status: ReturnStatus;
  reason: ReturnReason;
  last_step_at: Date;
}

export const unknownReturn = (number: string): ApiFailure => new ApiFailure(404, "unknown_return", `Retour ${number} introuvable.`);

/** The return of this number (any organization's: the distributor's calls), locked. */
export async function lockReturn(trx: Transaction<Database>, number: string): Promise<LockedReturn> {
  const row = await trx
    .selectFrom("returns")
    .select(["id", "number", "org_id", "order_id", "status", "reason", "requested_at"])
    .where("number", "=", number)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw unknownReturn(number);
  const last = await trx
    .selectFrom("return_events")
    .select((eb) => eb.fn.max("at").as("at"))
    .where("return_id", "=", row.id)
    .executeTakeFirst();
  const lastAt = last?.at ? new Date(last.at) : row.requested_at;
  return { ...row, last_step_at: lastAt > row.requested_at ? lastAt : row.requested_at };
}

/** Refuses a step the return's status does not allow: 409 return_state, in French. */
export function assertStep(locked: LockedReturn, step: DistributorStep): void {
  const refusal = stepRefusal(locked.number, locked.status, step);
  if (refusal) throw new ApiFailure(409, "return_state", refusal, { status: locked.status });
}

/** A step's instant may be a few minutes ahead of this server's clock (the ERP's own clock). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const invalidDate = (message: string, issue: string) =>
  new ApiFailure(422, "invalid_date", message, { issues: [{ path: "at", message: issue }] });

/**
 * When the step happened: the instant sent, or now; never in the future (as the invoices' steps)
 * nor before the return's latest step, so that its history reads in order. A date alone (France)
 * is taken at noon UTC, kept between that latest step and now when it is the day of either.
 */
export function stepInstant(sent: string | undefined, now: Date, locked: LockedReturn): Date {
  if (sent === undefined) return now;
  const last = locked.last_step_at;
  const tooEarly = () =>
    invalidDate(`La date indiquée précède la dernière étape du retour ${locked.number}.`, "Date antérieure à la dernière étape du retour.");
  const future = () => invalidDate("La date indiquée est dans le futur.", "Date dans le futur.");
  if (/^\d{4}-\d{2}-\d{2}$/.test(sent)) {
    if (sent > parisDate(now)) throw future();
    if (sent < parisDate(last)) throw tooEarly();
    const noon = new Date(`${sent}T12:00:00Z`).getTime();
    return new Date(Math.min(now.getTime(), Math.max(last.getTime(), noon)));
  }
  const at = new Date(sent);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw future();
  if (at.getTime() < last.getTime()) throw tooEarly();
  return at;
}

/**
 * Writes a step taken on a locked return: its status and the step's other columns, the history's
 * row, and the event for the ERP with the return as it now is (amounts always: it is the
 * distributor's own feed).
 */
export async function recordStep(
  trx: Transaction<Database>,
  locked: LockedReturn,
  step: DistributorStep,
  taken: { at: Date; author: string; note: string | null; now: Date },
  columns: Omit<Updateable<ReturnsTable>, "status" | "updated_at"> = {},
): Promise<void> {
  await trx
    .updateTable("returns")
    .set({ ...columns, status: statusAfter(step), updated_at: taken.now })
    .where("id", "=", locked.id)
    .execute();
  await trx
    .insertInto("return_events")
    .values({ return_id: locked.id, at: taken.at, kind: step, author: taken.author, note: taken.note })
    .execute();
  const detail = await loadServiceReturn(trx, locked.number);
  if (!detail) throw new Error(`return ${locked.number} vanished inside its own step`);
  const { customer, ...data } = detail;
  await recordOutboxEvent(trx, {
    type: "return.status_changed",
    stream: `return:${locked.number}`,
    orgId: locked.org_id,
    at: taken.at,
    data: { customer, step, return: data },
  });
}

/** Runs one step in its transaction; `apply` checks its own input and returns the columns it sets. */
export async function takeStep(
  db: Kysely<Database>,
  step: DistributorStep,
  input: StepInput,
  apply: (
    trx: Transaction<Database>,
    locked: LockedReturn,
    at: Date,
  ) => Promise<{ columns?: Omit<Updateable<ReturnsTable>, "status" | "updated_at">; note?: string | null }>,
): Promise<LockedReturn> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockReturn(trx, input.number);
    assertStep(locked, step);
    const at = stepInstant(input.at, input.now, locked);
    const applied = await apply(trx, locked, at);
    await recordStep(
      trx,
      locked,
      step,
      { at, author: input.author, note: applied.note ?? input.note ?? null, now: input.now },
      applied.columns,
    );
    return locked;
  });
}

// ---- the steps ------------------------------------------------------------------------------------

export function acceptReturn(db: Kysely<Database>, input: StepInput): Promise<LockedReturn> {
  return takeStep(db, "accepted", input, async () => ({}));
}

/** Refused with the reason the customer reads (returns.refusal); the step's note is the note, else the reason. */
export function refuseReturn(db: Kysely<Database>, input: StepInput & { reason: string }): Promise<LockedReturn> {
  return takeStep(db, "refused", input, async () => ({ columns: { refusal: input.reason }, note: input.note ?? input.reason }));
}

export interface Exchange {
  carrier: string;
  tracking_number?: string;
  tracking_url?: string;
}

/** The replacement shipped (decision 0206): recorded on the return, nothing billed. */
export function exchangeReturn(db: Kysely<Database>, input: StepInput & { exchange: Exchange }): Promise<LockedReturn> {
  return takeStep(db, "exchanged", input, async (_trx, _locked, at) => ({
    columns: {
      exchange_carrier: input.exchange.carrier,
      exchange_tracking_number: input.exchange.tracking_number ?? null,
      exchange_tracking_url: input.exchange.tracking_url ?? null,
      exchange_shipped_at: at,
    },
  }));
}

const invalidReception = (issues: ApiIssue[]) =>
  new ApiFailure(422, "invalid_reception", issues.map((issue) => issue.message).join(" "), { issues });

/**
 * The units the warehouse received, per reference: never more than a line asked, a line left out
 * received nothing, and at least one unit in all (nothing received is a refusal, not a reception).
 */
export function receiveReturn(
  db: Kysely<Database>,
  input: StepInput & { lines: readonly { obj_ref: string; qty: number }[] },
): Promise<LockedReturn> {
  return takeStep(db, "received", input, async (trx, locked) => {
    const asked = await trx
      .selectFrom("return_lines")
      .select(["position", "obj_ref", "qty"])
      .where("return_id", "=", locked.id)
      .orderBy("position")
      .execute();
    const byRef = new Map<string, typeof asked>();
    for (const line of asked) byRef.set(normalizeReference(line.obj_ref), [...(byRef.get(normalizeReference(line.obj_ref)) ?? []), line]);
    const issues: ApiIssue[] = [];
    const seen = new Set<string>();
    const receivedByRef = new Map<string, number>();
    input.lines.forEach((line, index) => {
      const key = normalizeReference(line.obj_ref);
      const lines = byRef.get(key);
      if (!lines) {
        issues.push({ path: `lines.${index}.obj_ref`, message: `${line.obj_ref} ne figure pas sur le retour ${locked.number}.` });
      } else if (seen.has(key)) {
        issues.push({ path: `lines.${index}.obj_ref`, message: `${line.obj_ref} est indiqué deux fois.` });
      } else {
        const total = lines.reduce((sum, candidate) => sum + candidate.qty, 0);
        if (line.qty > total) {
          issues.push({
            path: `lines.${index}.qty`,
            message: `Quantité reçue trop élevée pour ${lines[0]?.obj_ref ?? line.obj_ref} : ${total} demandé${total > 1 ? "s" : ""} au retour.`,
          });
        }
        receivedByRef.set(key, line.qty);
      }
      seen.add(key);
    });
    if (issues.length > 0) throw invalidReception(issues);
    if ([...receivedByRef.values()].every((qty) => qty === 0)) {
      throw invalidReception([{ path: "lines", message: "Rien n'a été reçu : refusez le retour plutôt." }]);
    }
    // A reference asked on several lines fills them in order.
    for (const [key, lines] of byRef) {
      let left = receivedByRef.get(key) ?? 0;
      for (const line of lines) {
        const received = Math.min(left, line.qty);
        left -= received;
        await trx
          .updateTable("return_lines")
          .set({ received })
          .where("return_id", "=", locked.id)
          .where("position", "=", line.position)
          .execute();
      }
    }
    return {};
  });
}
