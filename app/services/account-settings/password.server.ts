import { data } from "@remix-run/node";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordStrength } from "@shared/domain/password";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { PasswordField, PasswordRefusal, PasswordView } from "./types";

export const PASSWORD_PATH = "/mon-compte/mot-de-passe";

/** The back-office's code for a wrong current password (docs/users.md). */
const WRONG_PASSWORD = "wrong_password";
const WEAK_PASSWORD = "weak_password";

/**
 * Anyone logged in changes its own password, except a contributor acting for a client: the
 * token is the client's there, and a representative never sets a client's password (a 404, no
 * menu link; its own password is changed from its own account).
 */
export async function requirePasswordUser(args: GuardArgs): Promise<ActiveUser> {
  const active = await requireUser(args);
  if (active.session.master) throw data({ message: null }, { status: 404 });
  return active;
}

export function passwordView(): PasswordView {
  return { minLength: MIN_PASSWORD_LENGTH };
}

const tooLong = `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`;
const passwordForm = z.object({
  actuel: z.string({ error: "Indiquez votre mot de passe actuel." }).min(1, "Indiquez votre mot de passe actuel.").max(MAX_PASSWORD_LENGTH, tooLong),
  nouveau: z.string({ error: "Choisissez un nouveau mot de passe." }).min(1, "Choisissez un nouveau mot de passe.").max(MAX_PASSWORD_LENGTH, tooLong),
  confirmation: z.string({ error: "Confirmez le nouveau mot de passe." }).max(MAX_PASSWORD_LENGTH, tooLong),
});

function refusal(status: number, message: string, errors: Partial<Record<PasswordField, string>>, advice: string[] = []) {
  return data<PasswordRefusal>({ ok: false, message, errors, advice }, { status });
}

/** The words a password must not be built on: the person's name, e-mail and organization. */
function personalWords(active: ActiveUser): string[] {
  const { user } = active.session;
  return [user.obj_name, user.obj_title, user.obj_properties.org_name ?? ""].filter((word) => word !== "");
}

/**
 * POST /mon-compte/mot-de-passe. Checked here first with the same rule as the back-office
 * (shared/domain/password.ts), so the French advice shows under the field; the back-office
 * checks the current password, judges again, ends the user's other sessions and sends the
 * security e-mail. Nothing typed is sent back to the page.
 */
export async function changePasswordFromForm(active: ActiveUser, context: PortalLoadContext, request: Request) {
  const parsed = parseForm(await request.formData(), passwordForm);
  if (!parsed.ok) return refusal(400, parsed.formError, parsed.fieldErrors);
  const { actuel, nouveau, confirmation } = parsed.data;
  if (nouveau !== confirmation) return refusal(400, "Les deux mots de passe saisis sont différents.", { confirmation: "Les deux mots de passe saisis sont différents." });
  if (nouveau === actuel) return refusal(400, "Le nouveau mot de passe doit être différent de l'actuel.", { nouveau: "Le nouveau mot de passe doit être différent de l'actuel." });
  const strength = passwordStrength(nouveau, personalWords(active));
  if (!strength.acceptable) {
    const [reason = "Ce mot de passe est trop faible.", ...advice] = strength.messages;
    return refusal(400, "Ce mot de passe est trop faible.", { nouveau: reason }, advice);
  }
  try {
    await active.upstream.users.changePassword(actuel, nouveau);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.isUnavailable || error.status === 401 || error.status === 404) return asRouteError(error);
    if (error.code === WRONG_PASSWORD) return refusal(error.status, error.message, { actuel: error.message });
    if (error.code === WEAK_PASSWORD) return refusal(error.status, error.message, { nouveau: error.message });
    return refusal(error.status, error.message, {});
  }
  return redirectWithToast(context, PASSWORD_PATH, { type: "success", message: "Votre mot de passe est changé. Vos autres sessions sont fermées." });
}
