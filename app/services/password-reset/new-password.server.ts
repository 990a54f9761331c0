import { data } from "@remix-run/node";
import { z } from "zod";
import type { PasswordResetInfo } from "@shared/contracts/requests";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordStrength } from "@shared/domain/password";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { guardRequest, type GuardArgs } from "~/services/guards.server";
import { closeUserSockets } from "~/services/realtime/sessions.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { DeadResetLink, DeadResetReason, NewPasswordField, NewPasswordPage, NewPasswordRefusal } from "./types";
import { readForm } from "~/services/forms/read.server";

/**
 * /nouveau-mot-de-passe?jeton=… (decision 0124), the link of the reset e-mail: for visitors (a
 * signed-in user is sent to /). The token is the only proof: the back-office keeps its hash,
 * uses it up and lets it expire; it is never logged nor put in another URL. The password is
 * judged here with the rule and the login's words so the reasons show under the field, then
 * set upstream, which ends every session of the user.
 */

/** The back-office's own shape of a token: anything else is no link. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

const DEAD: Record<DeadResetReason, { status: number; code: string; message: string }> = {
  unknown: {
    status: 404,
    code: "reset_unknown",
    message: "Ce lien de réinitialisation n'est pas valable : vérifiez qu'il est complet, ou demandez-en un nouveau.",
  },
  used: {
    status: 410,
    code: "reset_used",
    message: "Ce lien de réinitialisation a déjà servi ou a été remplacé par un plus récent : demandez-en un nouveau si besoin.",
  },
  expired: { status: 410, code: "reset_expired", message: "Ce lien de réinitialisation a expiré : demandez-en un nouveau." },
};

function dead(reason: DeadResetReason, message = DEAD[reason].message): DeadResetLink {
  return { state: "dead", reason, message };
}

/** A link the back-office refused, in its words; anything else (an outage) says nothing about the link. */
function deadOf(error: unknown): DeadResetLink | null {
  if (!(error instanceof UpstreamError)) return null;
  const reason = (Object.keys(DEAD) as DeadResetReason[]).find((key) => DEAD[key].code === error.code);
  return reason ? dead(reason, error.message) : null;
}

function answerDead(page: DeadResetLink) {
  return data<NewPasswordPage | NewPasswordRefusal>(page, { status: DEAD[page.reason].status });
}

async function lookUp(context: PortalLoadContext, token: string): Promise<{ state: "open"; info: PasswordResetInfo } | DeadResetLink> {
  if (!TOKEN.test(token)) return dead("unknown");
  try {
    return { state: "open", info: await context.upstreamFor(null).requests.checkPasswordReset(token) };
  } catch (error) {
    return deadOf(error) ?? asRouteError(error);
  }
}

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("jeton") ?? "";
}

/** GET /nouveau-mot-de-passe?jeton=… */
export async function loadNewPassword(args: GuardArgs) {
  await guardRequest(args);
  const token = tokenOf(args.request);
  const found = await lookUp(args.context, token);
  if (found.state === "dead") return answerDead(found);
  return data<NewPasswordPage | NewPasswordRefusal>({
    state: "open",
    token,
    email: found.info.email,
    expiresAt: found.info.expires_at,
    minLength: MIN_PASSWORD_LENGTH,
  });
}

const tooLong = `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`;
const newPasswordForm = z.object({
  nouveau: z
    .string({ error: "Choisissez un nouveau mot de passe." })
    .min(1, "Choisissez un nouveau mot de passe.")
    .max(MAX_PASSWORD_LENGTH, tooLong),
  confirmation: z
    .string({ error: "Confirmez le nouveau mot de passe." })
    .min(1, "Confirmez le nouveau mot de passe.")
    .max(MAX_PASSWORD_LENGTH, tooLong),
});

function refusal(status: number, message: string, errors: Partial<Record<NewPasswordField, string>>, advice: string[] = []) {
  return data<NewPasswordPage | NewPasswordRefusal>({ state: "refused", message, errors, advice }, { status });
}

/**
 * POST /nouveau-mot-de-passe?jeton=…: the token comes back with the form (a hidden field, the
 * URL's otherwise). A refusal changes nothing and the link still works; a link used up or
 * expired meanwhile is said so. Then the login page, every other session of the user ended.
 */
export async function sendNewPasswordForm(args: GuardArgs) {
  await guardRequest(args);
  const form = await readForm(args.request);
  const sent = form.get("jeton");
  const token = typeof sent === "string" && sent !== "" ? sent : tokenOf(args.request);
  const found = await lookUp(args.context, token);
  if (found.state === "dead") return answerDead(found);
  const parsed = parseForm(form, newPasswordForm);
  if (!parsed.ok) return refusal(400, parsed.formError, parsed.fieldErrors);
  const { nouveau, confirmation } = parsed.data;
  if (nouveau !== confirmation)
    return refusal(400, "Les deux mots de passe saisis sont différents.", {
      confirmation: "Les deux mots de passe saisis sont différents.",
    });
  const strength = passwordStrength(nouveau, [found.info.email]);
  if (!strength.acceptable) {
    const [reason = "Ce mot de passe est trop faible.", ...advice] = strength.messages;
    return refusal(400, "Ce mot de passe est trop faible.", { nouveau: reason }, advice);
  }
  try {
    await args.context.upstreamFor(null).requests.confirmPasswordReset(token, nouveau);
  } catch (error) {
    const gone = deadOf(error);
    if (gone) return answerDead(gone);
    // The back-office also judges with the person's name and organization: its reason, under the field.
    if (error instanceof UpstreamError && !error.isUnavailable && error.status < 500)
      return refusal(error.status, error.message, { nouveau: error.message });
    return asRouteError(error);
  }
  // Every session ended upstream: their open live connections close too, on every instance (decision 0120).
  closeUserSockets(args.context, { orgId: found.info.org_id, userId: found.info.usr_id });
  return redirectWithToast(args.context, "/connexion", {
    type: "success",
    message: `Mot de passe enregistré, toutes vos sessions sont fermées : connectez-vous avec ${found.info.email}.`,
  });
}
