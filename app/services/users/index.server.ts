import { data } from "@remix-run/node";
import { z } from "zod";
import { inviteRequest } from "@shared/contracts/users";
import { permissionsOf } from "@shared/domain/permissions";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast, respond } from "~/services/forms/index.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import type { OrdersUser } from "~/services/orders/index.server";
import { confirmWithBackoffice, requireUser, type GuardArgs } from "~/services/guards.server";
import { canManageUsers } from "~/services/layout/account-pages";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { USER_FLAGS, USER_FLAG_LABELS, type InviteRefusal, type UsersView } from "./types";
import { publishAccessChange } from "./publish.server";
import { usersViewOf } from "./views.server";
import { readForm } from "~/services/forms/read.server";

export const USERS_PATH = "/mon-compte/utilisateurs";

/**
 * The users page's caller (loader and action alike): the organization account (a contributor
 * after login-as acts as it) or a people account made administrator. Judged on /auth/me, asked
 * once per request with the layout, not on the cookie: a person made administrator (or no
 * longer) a moment ago is judged on that. Anyone else gets this page's 404, as for any page an
 * account has no right to (and no menu link): a people account without the role, a
 * contributor that has not chosen a client. The back-office checks it again on every call.
 */
export async function requireUsersPageUser(args: GuardArgs): Promise<OrdersUser> {
  const active = await requireUser(args);
  const me = await confirmWithBackoffice(args, active).catch(asRouteError);
  if (!canManageUsers(me.user)) throw data({ message: null }, { status: 404 });
  return { ...active, orgId: me.user.auth_org_id, permissions: permissionsOf(me.user, me.master) };
}

export async function loadUsers(user: OrdersUser): Promise<UsersView> {
  const response = await user.upstream.users.list(user.orgId).catch(asRouteError);
  return usersViewOf(response, user.session.user.obj_id);
}

const userId = z
  .string()
  .regex(/^\d{1,9}$/, "Utilisateur inconnu.")
  .transform(Number);
const onOff = z.enum(["on", "off"], { error: "Valeur invalide." }).transform((value) => value === "on");

const usersForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("inviter"), email: z.string().max(300), name: z.string().max(300) }),
  z.object({ intent: z.literal("droit"), utilisateur: userId, droit: z.enum(USER_FLAGS, { error: "Droit inconnu." }), valeur: onOff }),
  z.object({ intent: z.literal("admin"), utilisateur: userId, valeur: onOff }),
  z.object({ intent: z.enum(["desactiver", "reactiver", "renvoyer", "revoquer"]), utilisateur: userId }),
]);
type UsersForm = z.output<typeof usersForm>;

/** A refusal of the back-office in the user's words; a 404 (another organization's person) and an outage stop the page. */
function refusalOf(error: unknown): Outcome {
  if (error instanceof UpstreamError && !error.isUnavailable && error.status !== 404) return refused(error.status, error.message);
  return asRouteError(error);
}

/** The invitation sent (an Outcome), or its form to draw again with the messages next to the fields. */
async function invite(user: OrdersUser, form: Extract<UsersForm, { intent: "inviter" }>): Promise<Outcome | { form: InviteRefusal }> {
  const values = { email: form.email.trim(), name: form.name.trim() };
  const checked = inviteRequest.safeParse({ org_id: user.orgId, email: values.email, name: values.name });
  if (!checked.success) {
    const errors: InviteRefusal["errors"] = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "name") && !(field in errors)) errors[field] = issue.message;
    }
    return { form: { ok: false, message: checked.error.issues[0]?.message ?? "Vérifiez le formulaire.", errors, values } };
  }
  try {
    await user.upstream.users.invite(checked.data);
    return saved(`Invitation envoyée à ${checked.data.email}.`);
  } catch (error) {
    // « Already in use » is a 409 about the e-mail: it goes next to that field.
    if (error instanceof UpstreamError && error.status === 409)
      return { form: { ok: false, message: error.message, errors: { email: error.message }, values } };
    return refusalOf(error);
  }
}

async function change(user: OrdersUser, form: Exclude<UsersForm, { intent: "inviter" }>, context: PortalLoadContext): Promise<Outcome> {
  const { users } = user.upstream;
  try {
    switch (form.intent) {
      case "droit":
        await users.update(form.utilisateur, { org_id: user.orgId, flags: { [form.droit]: form.valeur } });
        publishAccessChange(context, user.session);
        // Invoices go with prices (decision 0188): the toast says so.
        if (form.droit === "prices" && !form.valeur) return saved("Voir les prix : retiré, et Voir les factures avec lui.");
        return saved(`${USER_FLAG_LABELS[form.droit]} : ${form.valeur ? "accordé" : "retiré"}.`);
      case "admin":
        await users.update(form.utilisateur, { org_id: user.orgId, is_admin: form.valeur });
        publishAccessChange(context, user.session);
        return saved(form.valeur ? "Droits d'administrateur accordés." : "Droits d'administrateur retirés.");
      case "desactiver":
      case "reactiver":
        await users.update(form.utilisateur, { org_id: user.orgId, disabled: form.intent === "desactiver" });
        publishAccessChange(context, user.session, form.intent === "desactiver" ? { deactivated: form.utilisateur } : {});
        return saved(form.intent === "desactiver" ? "Compte désactivé : ses sessions sont fermées." : "Compte réactivé.");
      case "renvoyer":
        await users.resendInvitation(user.orgId, form.utilisateur);
        return saved("Invitation renvoyée : l'ancien lien ne fonctionne plus.");
      case "revoquer":
        await users.revokeInvitation(user.orgId, form.utilisateur);
        return saved("Invitation révoquée.");
    }
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * POST /mon-compte/utilisateurs: one action, the form's intent says which change. A switch or
 * a button comes back to the page with a toast; a refused invitation draws its form again
 * with the message next to the field.
 */
export async function usersAction(user: OrdersUser, context: PortalLoadContext, request: Request) {
  const parsed = parseForm(await readForm(request), usersForm);
  if (!parsed.ok) return redirectWithToast(context, USERS_PATH, { type: "error", message: parsed.formError });
  if (parsed.data.intent === "inviter") {
    const outcome = await invite(user, parsed.data);
    if ("form" in outcome) return data<InviteRefusal>(outcome.form, { status: 400 });
    return respond(context, outcome, { redirectTo: USERS_PATH, fields: parsed.fields });
  }
  return respond(context, await change(user, parsed.data, context), { redirectTo: USERS_PATH, fields: parsed.fields });
}
