import { sql, type Kysely, type Transaction } from "kysely";
import type { PurchaserRules, PurchasingRules, PurchasingStandingView, SaveRulesRequest } from "@shared/contracts/approvals";
import { frenchOrder, monthOf, type PurchasingStanding } from "@shared/domain/index";
import type { Database, UserRow } from "../db/schema";
import { ApiFailure, forbidden } from "../http/errors";
import { approverIds } from "./approvers";
import { assertActingOrg, hasFlag, requireClientAccount, type Session } from "../http/session";

/**
 * An organization's purchasing rules (docs/approvals.md, decision 0191): who approves, the
 * threshold, each person's limit and monthly budget, and what a person has spent this month.
 * The administrators are the organization's accounts and the people who manage users.
 */

type Reader = Kysely<Database> | Transaction<Database>;

const CUSTOMERS_OWN = "les règles d'achat et les validations sont celles d'une organisation cliente";

/** The acting organization, for anyone of it (a contributor after login-as included). */
export function purchasingOrg(session: Session, orgId: number | null): number {
  const acting = assertActingOrg(session, orgId);
  requireClientAccount(session, CUSTOMERS_OWN);
  return acting;
}

/** A contributor acting for the client reads the customer's purchasing governance but never changes it (decision 0191). */
function requireCustomer(session: Session, message: string): void {
  if (session.master !== null) throw forbidden(message);
}

export function isAdministrator(user: Pick<UserRow, "class" | "is_admin">): boolean {
  return user.class === "organization" || (user.class === "people" && user.is_admin);
}

/** Sets the rules: the organization's administrators, themselves (not a contributor for them). */
export function requireRulesManager(session: Session, orgId: number | null): number {
  const acting = purchasingOrg(session, orgId);
  if (!isAdministrator(session.user)) throw forbidden("Seuls les administrateurs de votre organisation règlent ses achats.");
  return acting;
}

export function requireRulesEditor(session: Session, orgId: number | null): number {
  const acting = requireRulesManager(session, orgId);
  requireCustomer(session, "Les règles d'achat se règlent par les administrateurs du client, pas en agissant pour lui.");
  return acting;
}

/** Deciding a request is the customer's own act: never after login-as. */
export function requireDecider(session: Session): void {
  requireCustomer(session, "Une demande de validation se décide par le client lui-même, pas en agissant pour lui.");
}

interface OrgRules {
  threshold: number | null;
  mode: "administrators" | "named";
  updatedAt: Date | null;
  updatedBy: string | null;
}

async function orgRules(db: Reader, orgId: number): Promise<OrgRules> {
  const row = await db.selectFrom("purchasing_rules").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  return row
    ? { threshold: row.approval_threshold, mode: row.approvers, updatedAt: row.updated_at, updatedBy: row.updated_by }
    : { threshold: null, mode: "administrators", updatedAt: null, updatedBy: null };
}

/** HT totals of the month's orders (Paris dates) per author, cancelled ones excluded. */
async function spentThisMonth(db: Reader, orgId: number, today: string, userIds?: readonly number[]): Promise<Map<number, number>> {
  const { from } = monthOf(today);
  let query = db
    .selectFrom("orders")
    .select(["usr_id", sql<string>`sum(total_ht)`.as("spent")])
    .where("org_id", "=", orgId)
    .where("status", "!=", "annulée")
    .where("created_at", ">=", sql<Date>`(${from}::date::timestamp at time zone 'Europe/Paris')`)
    .where("created_at", "<", sql<Date>`((${from}::date + interval '1 month')::timestamp at time zone 'Europe/Paris')`)
    .groupBy("usr_id");
  if (userIds) query = query.where("usr_id", "in", userIds.length > 0 ? [...userIds] : [0]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.usr_id, Number(row.spent)]));
}

/** The rules page: the organization's threshold, its approvers and every person's limits. */
export async function readRules(db: Reader, orgId: number, today: string): Promise<PurchasingRules> {
  const [rules, people, limits, named, spent] = await Promise.all([
    orgRules(db, orgId),
    db.selectFrom("users").selectAll().where("org_id", "=", orgId).where("class", "=", "people").where("disabled", "=", false).execute(),
    db.selectFrom("purchasing_limits").selectAll().where("org_id", "=", orgId).execute(),
    db.selectFrom("purchasing_approvers").select("user_id").where("org_id", "=", orgId).execute(),
    spentThisMonth(db, orgId, today),
  ]);
  const limitOf = new Map(limits.map((row) => [row.user_id, row]));
  const namedIds = new Set(named.map((row) => row.user_id));
  const rows: PurchaserRules[] = people.map((user) => ({
    usr_id: user.id,
    name: user.name,
    title: user.title,
    login: user.login,
    can_order: user.auth_flags?.orders !== false,
    is_admin: user.is_admin,
    is_named_approver: namedIds.has(user.id),
    order_limit: limitOf.get(user.id)?.order_limit ?? null,
    monthly_budget: limitOf.get(user.id)?.monthly_budget ?? null,
    spent_this_month: spent.get(user.id) ?? 0,
  }));
  return {
    approval_threshold: rules.threshold,
    approvers: rules.mode,
    people: rows.sort((a, b) => frenchOrder.compare(a.name, b.name)),
    updated_at: rules.updatedAt?.toISOString() ?? null,
    updated_by: rules.updatedBy,
  };
}

/**
 * Replaces the organization's rules in one transaction. Every person named must be an active
 * people account of the organization; "named" needs at least one approver.
 */
export async function writeRules(db: Kysely<Database>, orgId: number, body: SaveRulesRequest, author: string, now: Date): Promise<void> {
  const named = [...new Set(body.named_approvers)];
  if (body.approvers === "named" && named.length === 0) {
    throw new ApiFailure(422, "no_approver", "Désignez au moins une personne qui valide, ou confiez la validation aux administrateurs.");
  }
  const mentioned = [...new Set([...named, ...body.people.map((person) => person.usr_id)])];
  await db.transaction().execute(async (trx) => {
    const known =
      mentioned.length === 0
        ? []
        : await trx
            .selectFrom("users")
            .select("id")
            .where("org_id", "=", orgId)
            .where("class", "=", "people")
            .where("id", "in", mentioned)
            .execute();
    if (known.length !== mentioned.length) {
      throw new ApiFailure(422, "unknown_person", "Une des personnes nommées n'appartient pas à votre organisation.");
    }
    await trx
      .insertInto("purchasing_rules")
      .values({
        org_id: orgId,
        approval_threshold: body.approval_threshold,
        approvers: body.approvers,
        updated_at: now,
        updated_by: author,
      })
      .onConflict((oc) =>
        oc
          .column("org_id")
          .doUpdateSet({ approval_threshold: body.approval_threshold, approvers: body.approvers, updated_at: now, updated_by: author }),
      )
      .execute();
    await trx.deleteFrom("purchasing_approvers").where("org_id", "=", orgId).execute();
    if (body.approvers === "named") {
      await trx
        .insertInto("purchasing_approvers")
        .values(named.map((userId) => ({ org_id: orgId, user_id: userId })))
        .execute();
    }
    for (const person of body.people) {
      if (person.order_limit === null && person.monthly_budget === null) {
        await trx.deleteFrom("purchasing_limits").where("user_id", "=", person.usr_id).execute();
        continue;
      }
      await trx
        .insertInto("purchasing_limits")
        .values({ user_id: person.usr_id, org_id: orgId, order_limit: person.order_limit, monthly_budget: person.monthly_budget })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ order_limit: person.order_limit, monthly_budget: person.monthly_budget }))
        .execute();
    }
  });
}

/**
 * What applies to the caller when they order (the pure rule reads it): their `orders` right,
 * their limit and budget with what they spent this month, and the organization's threshold
 * unless they approve. An organization account has no limit of its own.
 */
export async function standingOf(db: Reader, session: Session, today: string): Promise<PurchasingStanding & { isApprover: boolean }> {
  return standingOfUser(db, session.org.id, session.user, today, hasFlag(session, "orders"));
}

export async function standingOfUser(
  db: Reader,
  orgId: number,
  user: Pick<UserRow, "id" | "class">,
  today: string,
  canOrder: boolean,
): Promise<PurchasingStanding & { isApprover: boolean }> {
  const [rules, approvers, limits, spent] = await Promise.all([
    orgRules(db, orgId),
    approverIds(db, orgId),
    user.class === "people"
      ? db.selectFrom("purchasing_limits").selectAll().where("user_id", "=", user.id).where("org_id", "=", orgId).executeTakeFirst()
      : Promise.resolve(undefined),
    spentThisMonth(db, orgId, today, [user.id]),
  ]);
  const isApprover = approvers.includes(user.id);
  return {
    canOrder,
    orderLimit: limits?.order_limit ?? null,
    monthlyBudget: limits?.monthly_budget ?? null,
    spentThisMonth: spent.get(user.id) ?? 0,
    threshold: isApprover ? null : rules.threshold,
    isApprover,
  };
}

export { approverIds };

export function standingView(standing: PurchasingStanding & { isApprover: boolean }, pendingForMe: number): PurchasingStandingView {
  return {
    can_order: standing.canOrder,
    order_limit: standing.orderLimit,
    monthly_budget: standing.monthlyBudget,
    spent_this_month: standing.spentThisMonth,
    threshold: standing.threshold,
    is_approver: standing.isApprover,
    pending_for_me: pendingForMe,
  };
}
