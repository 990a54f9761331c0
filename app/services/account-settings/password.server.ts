import { data } from "@remix-run/node";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@shared/domain/password";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { confirmWithBackoffice, requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { throttled } from "~/services/rate-limit.server";
import { closeOtherSessionsSockets } from "~/services/realtime/sessions.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { PasswordField, PasswordRefusal, PasswordView } from "./types";
import { readForm } from "~/services/forms/read.server";

export const PASSWORD_PATH = "/mon-compte/mot-de-passe";

/** The back-office's codes of a refused change (docs/users.md « Password »). */
const WRONG_PASSWORD = "wrong_password";
const WEAK_PASSWORD = "weak_password";
const NEW_PASSWORD_CODES = new Set(["same_password"]);

/** The back-office's own words for the same refusal (server/backoffice/auth/password-change.ts). */
export const ACTING_FOR_CLIENT =
  "Vous agissez pour le compte d'un client : revenez à votre propre compte (« Revenir à mon compte ») pour changer votre mot de passe.";
export const PASSWORD_CHANGED = "Votre mot de passe est modifié. Vos autres sessions sont fermées et un e-mail vous le confirme.";

export interface PasswordPage extends PasswordView {
  /** Set for a contributor acting for a client: the page says why, and shows no form. */
  refusedBecause: string | null;
}

/**
 * The page's caller, confirmed by the back-office (one /auth/me per request, shared with the
 * layout): a session ended elsewhere (another device's password change, a deactivation)
 * leaves for /connexion with its cookie cleared, loader and action alike, instead of failing.
 */
async function requirePasswordUser(args: GuardArgs): Promise<ActiveUser & { actingForClient: boolean }> {
  const active = await requireUser(args);
  const me = await confirmWithBackoffice(args, active).catch(asRouteError);
  return { ...active, actingForClient: me.master !== null };
}

/**
 * GET: anyone logged in changes its own password. A contributor acting for a client holds the
 * client's token: it never sets a client's password, and is told so (403, as the back-office).
 */
export async function loadPasswordPage(args: GuardArgs) {
  const active = await requirePasswordUser(args);
  const page: PasswordPage = { minLength: MIN_PASSWORD_LENGTH, refusedBecause: active.actingForClient ? ACTING_FOR_CLIENT : null };
  return data(page, { status: active.actingForClient ? 403 : 200 });
}

const tooLong = `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`;
const passwordForm = z.object({
  actuel: z
    .string({ error: "Indiquez votre mot de passe actuel." })
    .min(1, "Indiquez votre mot de passe actuel.")
    .max(MAX_PASSWORD_LENGTH, tooLong),
  nouveau: z
    .string({ error: "Choisissez un nouveau mot de passe." })
    .min(1, "Choisissez un nouveau mot de passe.")
    .max(MAX_PASSWORD_LENGTH, tooLong),
  confirmation: z
    .string({ error: "Confirmez le nouveau mot de passe." })
    .min(1, "Confirmez le nouveau mot de passe.")
    .max(MAX_PASSWORD_LENGTH, tooLong),
});

function refusal(
  status: number,
  message: string,
  errors: Partial<Record<PasswordField, string>>,
  advice: string[] = [],
  headers: Record<string, string> = {},
) {
  return data<PasswordRefusal>({ ok: false, message, errors, advice }, { status, headers });
}

/** A refusal of the back-office, on the field it is about; a dead session or an outage stops the page. */
function refusalOf(error: unknown) {
  if (!(error instanceof UpstreamError) || error.isUnavailable || error.status === 401 || error.status === 404) return asRouteError(error);
  if (error.code === WRONG_PASSWORD) return refusal(error.status, error.message, { actuel: error.message });
  if (error.code === WEAK_PASSWORD) {
    // The rule's French reason next to the field, its advice under it (shared/domain/password.ts).
    const [reason = error.message, ...advice] = error.issues.map((issue) => issue.message);
    return refusal(error.status, error.message, { nouveau: reason }, advice);
  }
  if (NEW_PASSWORD_CODES.has(error.code)) return refusal(error.status, error.message, { nouveau: error.message });
  return refusal(error.status, error.message, {});
}

/** The account a change counts against: the person, whichever browser or session it uses. */
const accountKey = (active: ActiveUser): string => String(active.session.user.obj_id);

/**
 * POST /mon-compte/mot-de-passe. The cheap checks here (fields, the two copies, same as the
 * current one); then, within the account's rate limit, the back-office checks the current
 * password first and only then judges the new one with the rule (shared/domain/password.ts),
 * whose French reasons and advice come back to show under the field; it revokes the user's
 * other tokens and sends the security e-mail; then the other sessions' live connections close
 * (decision 0120). The strength check is never run before the current password is known good,
 * nor more often than the limit allows (decision 0162). Nothing typed is sent back to the page.
 */
export async function changePasswordFromForm(args: GuardArgs) {
  const active = await requirePasswordUser(args);
  if (active.actingForClient) return refusal(403, ACTING_FOR_CLIENT, {});
  const parsed = parseForm(await readForm(args.request), passwordForm);
  if (!parsed.ok) return refusal(400, parsed.formError, parsed.fieldErrors);
  const { actuel, nouveau, confirmation } = parsed.data;
  if (nouveau !== confirmation)
    return refusal(400, "Les deux mots de passe saisis sont différents.", {
      confirmation: "Les deux mots de passe saisis sont différents.",
    });
  if (nouveau === actuel)
    return refusal(400, "Le nouveau mot de passe doit être différent de l'actuel.", {
      nouveau: "Le nouveau mot de passe doit être différent de l'actuel.",
    });
  const verdict = await args.context.rateLimits.consume("passwordChange", accountKey(active));
  if (!verdict.allowed) {
    const { message, headers } = throttled(verdict.retryAfterSeconds, "tentatives de changement de mot de passe");
    return refusal(429, message, {}, [], headers);
  }
  try {
    await args.context.passwordChanges.run(active.session.user.obj_id, () => active.upstream.users.changePassword(actuel, nouveau));
  } catch (error) {
    return refusalOf(error);
  }
  closeOtherSessionsSockets(args.context, active.session);
  return redirectWithToast(args.context, PASSWORD_PATH, { type: "success", message: PASSWORD_CHANGED });
}
