import { sql, type Kysely, type Transaction } from "kysely";
import type { CartToSave } from "@shared/contracts/api";
import type { Cart } from "@shared/contracts/entities";
import type { RunOutcome } from "@shared/contracts/replenishment";
import { approvalReasons, emptyCart, formatDate, lineUnitPrice, parisDate, type Totals } from "@shared/domain/index";
import { formatEuros } from "@shared/domain/french-format";
import { priceRisePct, runsUntil, type Rhythm } from "@shared/domain/replenishment";
import type { AlertNotifier } from "../alerts/dispatcher";
import { insertApprovalRequest } from "../approvals/requests";
import { standingOfUser } from "../approvals/rules";
import { headOfficeAddress, ownAddresses } from "../crm/addresses";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { ApiFailure, type ErrorLogger } from "../http/errors";
import { insertOrder, orderableCart } from "../oms/confirm";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { runView, scheduleSummaryOf, type ScheduleRow } from "./views";

/**
 * The runs of the replenishment schedules (docs/replenishment.md, decisions 0198–0200). Each
 * due schedule is run in a transaction of its own with its row locked (`for update skip
 * locked`: a second process passes it by), and its run row (unique per schedule and date) is
 * written before anything else: one run per schedule and date whatever the processes. A run is
 * the owner's normal confirmation at the day's prices, stock and shipping, under the purchasing
 * rules (an order, or an approval request), or nothing placed with the reason why. Dates missed
 * while no process ran are recorded as missed; only the latest is run (catch-up, decision 0199).
 */

export interface RunnerDeps {
  db: Kysely<Database>;
  alerts: AlertNotifier;
  logger: ErrorLogger;
}

export interface RunResult {
  scheduleId: number;
  runDate: string;
  outcome: RunOutcome;
  /** Dates before it that no process ran in time. */
  missed: string[];
  orderId: number | null;
  approvalId: number | null;
  reason: string | null;
}

/** What a run makes: an order, a request, or the reason why nothing (French, naming the products). */
type Made =
  | { outcome: "placed"; orderId: number; basis: Record<string, number> }
  | { outcome: "approval"; approvalId: number }
  | { outcome: "failed"; reason: string };

class RunRefused extends Error {}

function productNames(rows: ReadonlyArray<{ ref: string; title: string }>): string {
  return rows.map((row) => `${row.ref} (${row.title})`).join(", ");
}

/** The list's lines as a cart: the schedule's delivery address, the head office for invoicing, default shipping. */
async function cartOfSchedule(trx: Transaction<Database>, row: ScheduleRow, listName: string): Promise<CartToSave> {
  const lines = await trx
    .selectFrom("order_list_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.product_id", "l.qty", "p.ref", "p.title", "p.discontinued", "p.is_port"])
    .where("l.list_id", "=", row.list_id)
    .orderBy("l.position")
    .execute();
  if (lines.length === 0) throw new RunRefused(`La liste « ${listName} » est vide : ajoutez-y des produits.`);
  const gone = lines.filter((line) => line.discontinued || line.is_port);
  if (gone.length > 0) {
    const many = gone.length > 1;
    throw new RunRefused(
      `${many ? "Produits arrêtés" : "Produit arrêté"}, plus en vente : ${productNames(gone)}. Retirez-${many ? "les" : "le"} de la liste « ${listName} » ou remplacez-${many ? "les" : "le"}, puis la prochaine commande partira.`,
    );
  }
  const delivery =
    row.dlv_address_id === null ? undefined : (await ownAddresses(trx, row.org_id, [row.dlv_address_id])).get(row.dlv_address_id);
  if (!delivery) throw new RunRefused("Aucune adresse de livraison : choisissez-en une sur la page de la commande programmée.");
  const invoicing = await headOfficeAddress(trx, row.org_id);
  if (!invoicing)
    throw new RunRefused("Aucune adresse de facturation n'est enregistrée pour votre organisation : contactez votre commercial.");
  return {
    ...emptyCart(),
    ref: row.name.slice(0, 60),
    products: lines.map((line) => ({ obj_id: line.product_id, obj_ref: line.ref, qty: line.qty, line_id: `liste-${line.product_id}` })),
    dlv_address: delivery,
    inv_address: invoicing,
  };
}

/** Lines whose unit price rose by more than the schedule's threshold since the last order placed (lines without one are not checked). */
function assertPrices(row: ScheduleRow, cart: Cart): void {
  const limit = row.max_price_increase_pct;
  if (limit === null) return;
  const risen = cart.products.flatMap((line) => {
    const before = row.price_basis[String(line.obj_id)];
    if (line.prd_is_port || before === undefined) return [];
    const now = lineUnitPrice(line);
    const rise = priceRisePct(before, now);
    return rise > limit ? [`${line.obj_ref} (${line.obj_title}) ${formatEuros(before)} → ${formatEuros(now)} HT, +${rise} %`] : [];
  });
  if (risen.length > 0) {
    throw new RunRefused(
      `Prix en hausse de plus de ${limit} % depuis la dernière commande : ${risen.join(" ; ")}. Vérifiez ces prix, puis relevez le seuil ou passez la commande vous-même.`,
    );
  }
}

function basisOf(cart: Cart): Record<string, number> {
  return Object.fromEntries(cart.products.filter((line) => !line.prd_is_port).map((line) => [String(line.obj_id), lineUnitPrice(line)]));
}

async function ownerOf(trx: Transaction<Database>, row: ScheduleRow): Promise<UserRow> {
  const owner = await trx.selectFrom("users").selectAll().where("id", "=", row.owner_id).executeTakeFirst();
  if (!owner || owner.disabled || owner.org_id !== row.org_id) {
    throw new RunRefused(
      `${row.owner_name} n'a plus accès au portail : un administrateur peut reprendre cette commande programmée à son nom en la recréant.`,
    );
  }
  return owner;
}

/** The order or request of one run, inside its transaction; a refusal is the run's reason. */
async function make(
  trx: Transaction<Database>,
  row: ScheduleRow,
  org: OrganizationRow,
  runDate: string,
  today: string,
  now: Date,
): Promise<Made> {
  const list = await trx.selectFrom("order_lists").select("name").where("id", "=", row.list_id).executeTakeFirstOrThrow();
  let cart: Cart;
  let totals: Totals;
  let owner: UserRow;
  try {
    owner = await ownerOf(trx, row);
    ({ cart, totals } = await orderableCart(trx, org, await cartOfSchedule(trx, row, list.name), today));
    assertPrices(row, cart);
  } catch (error) {
    if (error instanceof RunRefused || error instanceof ApiFailure) return { outcome: "failed", reason: error.message };
    throw error;
  }
  const key = `schedule:${row.id}:${runDate}`;
  // The owner's own confirmation: its right to order, limit, budget and the organization's threshold (decision 0198).
  const canOrder = owner.class !== "people" || owner.auth_flags?.orders !== false;
  const reasons = approvalReasons(await standingOfUser(trx, row.org_id, owner, today, canOrder), totals.ht);
  if (reasons.length > 0) {
    const approvalId = await insertApprovalRequest(trx, {
      orgId: row.org_id,
      requesterId: owner.id,
      requesterName: row.owner_name,
      idempotencyKey: key,
      message: `Commande programmée « ${row.name} » du ${formatDate(runDate)}.`,
      reasons,
      cart,
      totals,
      now,
    });
    return { outcome: "approval", approvalId };
  }
  const orderId = await insertOrder(
    trx,
    { org, authorId: owner.id, authorName: row.owner_name, idempotencyKey: key, now, scheduleId: row.id },
    cart,
    totals,
  );
  return { outcome: "placed", orderId, basis: basisOf(cart) };
}

/** Runs one schedule if it is still due (null: another process has it, or it is done). */
async function runSchedule(deps: RunnerDeps, scheduleId: number, today: string, now: Date): Promise<RunResult | null> {
  const result = await deps.db.transaction().execute(async (trx): Promise<RunResult | null> => {
    const row = await trx
      .selectFrom("replenishment_schedules")
      .selectAll()
      .where("id", "=", scheduleId)
      .where("status", "=", "active")
      .where("next_run", "<=", today)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    const rhythm: Rhythm = { every: row.every, unit: row.unit, day: row.day };
    const { passed, next } = runsUntil(rhythm, row.next_run, today);
    const runDate = passed[passed.length - 1] ?? row.next_run;
    const earlier = passed.slice(0, -1);
    const missedReason = `Aucune commande n'a pu partir ce jour-là (service arrêté) : seule celle du ${formatDate(runDate)} a été passée.`;
    const missed: string[] = [];
    for (const date of earlier) {
      const inserted = await trx
        .insertInto("replenishment_runs")
        .values({ schedule_id: row.id, run_date: date, outcome: "missed", at: now, reason: missedReason })
        .onConflict((oc) => oc.columns(["schedule_id", "run_date"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) missed.push(date);
    }
    const advance = () =>
      trx.updateTable("replenishment_schedules").set({ next_run: next, skipped_date: null }).where("id", "=", row.id).execute();
    // The run's row first: a date already run (or skipped) makes nothing, whoever tries it (decision 0200).
    const claimed = await trx
      .insertInto("replenishment_runs")
      .values({ schedule_id: row.id, run_date: runDate, outcome: "failed", at: now, reason: null })
      .onConflict((oc) => oc.columns(["schedule_id", "run_date"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) {
      await advance();
      return null;
    }
    const org = await trx.selectFrom("organizations").selectAll().where("id", "=", row.org_id).executeTakeFirstOrThrow();
    const made = await make(trx, row, org, runDate, today, now);
    await trx
      .updateTable("replenishment_runs")
      .set({
        outcome: made.outcome,
        reason: made.outcome === "failed" ? made.reason : null,
        order_id: made.outcome === "placed" ? made.orderId : null,
        approval_id: made.outcome === "approval" ? made.approvalId : null,
      })
      .where("id", "=", claimed.id)
      .execute();
    if (made.outcome === "placed") {
      // The prices of this order are the basis of the next run's check.
      await trx
        .updateTable("replenishment_schedules")
        .set({ price_basis: sql<string>`price_basis || ${JSON.stringify(made.basis)}::jsonb` })
        .where("id", "=", row.id)
        .execute();
    }
    await advance();
    if (made.outcome === "failed") {
      const { can_edit: _canEdit, ...schedule } = await scheduleSummaryOf(trx, row.id, false);
      const run = await trx
        .selectFrom("replenishment_runs as r")
        .selectAll("r")
        .select([sql<string | null>`null`.as("order_ref"), sql<string | null>`null`.as("approval_number")])
        .where("r.id", "=", claimed.id)
        .executeTakeFirstOrThrow();
      await recordOutboxEvent(trx, {
        type: "replenishment.run_failed",
        stream: `schedule:${row.id}`,
        orgId: row.org_id,
        at: now,
        data: { customer: await eventCustomerOf(trx, row.org_id), schedule, run: runView(run) },
      });
    }
    return {
      scheduleId: row.id,
      runDate,
      outcome: made.outcome,
      missed,
      orderId: made.outcome === "placed" ? made.orderId : null,
      approvalId: made.outcome === "approval" ? made.approvalId : null,
      reason: made.outcome === "failed" ? made.reason : null,
    };
  });
  // Told once committed, never inside the transaction (alerts/dispatcher.ts).
  if (result?.outcome === "placed" && result.orderId !== null) deps.alerts.notify({ kind: "order_confirmed", orderId: result.orderId });
  if (result?.outcome === "approval" && result.approvalId !== null) {
    deps.alerts.notify({ kind: "approval_requested", approvalId: result.approvalId });
  }
  if (result?.outcome === "failed")
    deps.alerts.notify({ kind: "replenishment_failed", scheduleId: result.scheduleId, runDate: result.runDate });
  return result;
}

/**
 * Runs every active schedule due on `now`'s day in France, each on its own: one that fails
 * (the database, a bug) is logged and tried again on the next pass, the others go on.
 */
export async function runDueSchedules(deps: RunnerDeps, now: Date): Promise<RunResult[]> {
  const today = parisDate(now);
  const due = await deps.db
    .selectFrom("replenishment_schedules")
    .select("id")
    .where("status", "=", "active")
    .where("next_run", "<=", today)
    .orderBy("next_run")
    .orderBy("id")
    .execute();
  const results: RunResult[] = [];
  for (const { id } of due) {
    try {
      const result = await runSchedule(deps, id, today, now);
      if (result) results.push(result);
    } catch (error) {
      deps.logger.error({ err: error, scheduleId: id }, "replenishment run failed");
    }
  }
  return results;
}
