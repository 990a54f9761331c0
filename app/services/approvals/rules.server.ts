import { data } from "@remix-run/node";
import { z } from "zod";
import type { PurchaserRules, PurchasingRules, SaveRulesRequest } from "@shared/contracts/approvals";
import { formatPlainAmount } from "@shared/domain/french-format";
import { permissionsOf } from "@shared/domain/permissions";
import type { PortalLoadContext } from "~/services/context.server";
import { checkboxField, optionalEurosField } from "~/services/forms/fields.server";
import { parseForm, textFields } from "~/services/forms/parse.server";
import { readForm } from "~/services/forms/read.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import type { FieldErrors } from "~/services/forms/types";
import { confirmWithBackoffice, requireUser, type GuardArgs } from "~/services/guards.server";
import { canManageUsers } from "~/services/layout/account-pages";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { APPROVERS_CHOICES, RULES_FIELDS, RULES_READ_ONLY, type RulesPersonRow, type RulesRefusal, type RulesView } from "./types";

/**
 * /mon-compte/regles-d-achat (docs/approvals.md « The rules »): the organization's threshold,
 * who approves, and each person's limit per order and monthly budget, set by the
 * organization's administrators in one form. The back-office checks every call again.
 */

export const RULES_PATH = "/mon-compte/regles-d-achat";

export const RULES_SAVED = "Règles d'achat enregistrées.";
export const RULES_REFUSED = "Vérifiez les champs signalés : rien n'a été enregistré.";
export const NAME_AN_APPROVER = "Cochez au moins une personne qui valide, ou choisissez « Les administrateurs ».";

export interface RulesUser extends OrdersUser {
  /** A contributor after login-as: reads the rules, sets none (the customer's own decision). */
  readOnly: boolean;
}

/**
 * The rules page's caller: the same people as the users page's (the organization's account, a
 * contributor acting for it, a people account made administrator), judged on /auth/me. Anyone
 * else gets this page's 404, as for any page an account has no right to.
 */
export async function requireRulesPageUser(args: GuardArgs): Promise<RulesUser> {
  const active = await requireUser(args);
  const me = await confirmWithBackoffice(args, active).catch(asRouteError);
  if (!canManageUsers(me.user)) throw data({ message: null }, { status: 404 });
  return {
    ...active,
    orgId: me.user.auth_org_id,
    permissions: permissionsOf(me.user, me.master),
    readOnly: me.master?.obj_class === "contributor",
  };
}

/** An amount as the form shows it (« 2000,00 »), empty for none: what the parser reads back. */
const amountText = (cents: number | null) => (cents === null ? "" : formatPlainAmount(cents));

function personRow(person: PurchaserRules, showSpent: boolean): RulesPersonRow {
  return {
    id: person.usr_id,
    name: person.name,
    title: person.title,
    login: person.login,
    canOrder: person.can_order,
    isAdmin: person.is_admin,
    isNamedApprover: person.is_named_approver,
    orderLimit: amountText(person.order_limit),
    monthlyBudget: amountText(person.monthly_budget),
    spentThisMonth: showSpent ? person.spent_this_month : null,
  };
}

export function rulesViewOf(rules: PurchasingRules, user: Pick<RulesUser, "readOnly" | "permissions">): RulesView {
  return {
    threshold: amountText(rules.approval_threshold),
    approvers: rules.approvers,
    // What the people spent is an amount of orders: not for an administrator without `prices`.
    people: rules.people.map((person) => personRow(person, user.permissions.canViewPrices)),
    updatedAt: rules.updated_at,
    updatedBy: rules.updated_by,
    readOnly: user.readOnly,
  };
}

export async function loadRules(user: RulesUser): Promise<RulesView> {
  const rules = await user.upstream.approvals.rules(user.orgId).catch(asRouteError);
  return rulesViewOf(rules, user);
}

/** The form's schema for the people it may list: every amount in euros, each message naming its field. */
function rulesForm(people: readonly PurchaserRules[]) {
  const shape: Record<string, z.ZodType> = {
    [RULES_FIELDS.threshold]: optionalEurosField("Seuil de validation"),
    [RULES_FIELDS.approvers]: z.enum(
      APPROVERS_CHOICES.map((choice) => choice.value) as [string, ...string[]],
      "Choisissez qui valide : les administrateurs ou des personnes désignées.",
    ),
    [RULES_FIELDS.people]: z.string().max(6000).optional(),
  };
  for (const person of people) {
    shape[RULES_FIELDS.limit(person.usr_id)] = optionalEurosField(`Limite par commande de ${person.name}`);
    shape[RULES_FIELDS.budget(person.usr_id)] = optionalEurosField(`Budget mensuel de ${person.name}`);
    shape[RULES_FIELDS.approver(person.usr_id)] = checkboxField();
  }
  return z.object(shape);
}

/** The ids of the people the form showed (a hidden field): someone added since keeps what is saved. */
function shownPeople(fields: Record<string, string>): Set<number> {
  const listed = (fields[RULES_FIELDS.people] ?? "").split(",").filter((id) => /^\d{1,9}$/.test(id));
  return new Set(listed.map(Number));
}

type Read = { ok: true; body: SaveRulesRequest } | { ok: false; errors: FieldErrors };

/**
 * The form into the contract's request, against the rules as saved now: a field the form did
 * not show leaves its value as it is; an empty amount is none. Every mistake at once, each
 * next to its field; nothing is sent while one remains.
 */
export function readRulesForm(fields: Record<string, string>, current: PurchasingRules): Read {
  const parsed = parseForm(fields, rulesForm(current.people));
  const shown = shownPeople(fields);
  const named = current.people.filter((person) => shown.has(person.usr_id) && fields[RULES_FIELDS.approver(person.usr_id)] === "on");
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  const mode = APPROVERS_CHOICES.find((choice) => choice.value === fields[RULES_FIELDS.approvers])?.mode;
  if (mode === "named" && named.length === 0) errors[RULES_FIELDS.approvers] ??= NAME_AN_APPROVER;
  if (!parsed.ok || mode === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  const values = parsed.data as Record<string, number | null | undefined>;
  const amount = (field: string, saved: number | null) => {
    const typed = values[field];
    return typed === undefined ? saved : typed;
  };
  return {
    ok: true,
    body: {
      approval_threshold: amount(RULES_FIELDS.threshold, current.approval_threshold),
      approvers: mode,
      named_approvers:
        mode === "named"
          ? current.people
              .filter((person) => (shown.has(person.usr_id) ? named.includes(person) : person.is_named_approver))
              .map((person) => person.usr_id)
          : [],
      people: current.people.map((person) => ({
        usr_id: person.usr_id,
        order_limit: shown.has(person.usr_id) ? amount(RULES_FIELDS.limit(person.usr_id), person.order_limit) : person.order_limit,
        monthly_budget: shown.has(person.usr_id)
          ? amount(RULES_FIELDS.budget(person.usr_id), person.monthly_budget)
          : person.monthly_budget,
      })),
    },
  };
}

/**
 * POST /mon-compte/regles-d-achat: one form, one save. A refused form is drawn again with each
 * message next to its field and everything as typed (nothing saved); a save comes back to the
 * page with a toast. A contributor acting for the client is refused before the back-office is
 * asked (it would refuse too).
 */
export async function rulesAction(user: RulesUser, context: PortalLoadContext, request: Request) {
  if (user.readOnly) return redirectWithToast(context, RULES_PATH, { type: "error", message: RULES_READ_ONLY });
  const fields = textFields(await readForm(request));
  const current = await user.upstream.approvals.rules(user.orgId).catch(asRouteError);
  const read = readRulesForm(fields, current);
  const refusal = (message: string, errors: FieldErrors, status: number) =>
    data<RulesRefusal>({ ok: false, message, errors, values: fields }, { status });
  if (!read.ok) return refusal(RULES_REFUSED, read.errors, 400);
  try {
    await user.upstream.approvals.saveRules(user.orgId, read.body);
  } catch (error) {
    // The back-office's reason (a person no longer of the organization, a right withdrawn) above the form, as typed.
    if (error instanceof UpstreamError && !error.isUnavailable && error.status !== 404 && error.status !== 401)
      return refusal(error.message, {}, error.status);
    return asRouteError(error);
  }
  return redirectWithToast(context, RULES_PATH, { type: "success", message: RULES_SAVED });
}
