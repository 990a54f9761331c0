import { data } from "@remix-run/node";
import { z } from "zod";
import type { InvitationInfo } from "@shared/contracts/users";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordStrength } from "@shared/domain/password";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { guardRequest, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { DeadInvitation, DeadReason, InvitationField, InvitationPage, InvitationRefusal } from "./types";
import { readForm } from "~/services/forms/read.server";

/**
 * /invitation/:token, the link the back-office e-mails to an invited person (docs/users.md
 * « Invitations »): public, since the person has no password yet, and shown even to a browser
 * signed in as someone else. The token is the only proof: it is never logged nor put in
 * another URL; the back-office keeps only its hash, uses it up and lets it expire.
 */

/** The back-office's own shape of a token (server/backoffice/auth/routes.ts): anything else is no link. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

const DEAD: Record<DeadReason, { status: number; code: string; message: string }> = {
  unknown: {
    status: 404,
    code: "invitation_unknown",
    message: "Ce lien d'invitation n'est pas valable : il a peut-être été remplacé par un plus récent, ou l'invitation a été annulée.",
  },
  used: {
    status: 410,
    code: "invitation_used",
    message: "Ce lien d'invitation a déjà servi : connectez-vous avec votre adresse e-mail et votre mot de passe.",
  },
  expired: {
    status: 410,
    code: "invitation_expired",
    message: "Ce lien d'invitation a expiré : demandez à votre organisation de vous en renvoyer un.",
  },
};

function dead(reason: DeadReason, message = DEAD[reason].message): DeadInvitation {
  return { state: "dead", reason, message };
}

/** A link the back-office refused, in its words; anything else (an outage) is no answer about the link. */
function deadOf(error: unknown): DeadInvitation | null {
  if (!(error instanceof UpstreamError)) return null;
  const reason = (Object.keys(DEAD) as DeadReason[]).find((key) => DEAD[key].code === error.code);
  if (reason) return dead(reason, error.message);
  return error.status === 404 ? dead("unknown") : null;
}

function answerDead(page: DeadInvitation) {
  return data<InvitationPage>(page, { status: DEAD[page.reason].status });
}

/** Whom the link is for, or why it cannot be used. An unreachable back-office is the 503 page. */
async function lookUp(context: PortalLoadContext, token: string): Promise<{ state: "open"; info: InvitationInfo } | DeadInvitation> {
  if (!TOKEN.test(token)) return dead("unknown");
  try {
    return { state: "open", info: await context.upstreamFor(null).users.invitation(token) };
  } catch (error) {
    return deadOf(error) ?? asRouteError(error);
  }
}

/** GET /invitation/:token (`token` as the URL gave it). */
export async function loadInvitation(args: GuardArgs, token: string) {
  const active = await guardRequest(args);
  const found = await lookUp(args.context, token);
  if (found.state === "dead") return answerDead(found);
  const { info } = found;
  return data<InvitationPage>({
    state: "open",
    name: info.name,
    email: info.email,
    orgName: info.org_name,
    expiresAt: info.expires_at,
    minLength: MIN_PASSWORD_LENGTH,
    signedInAs: active ? (active.session.master ?? active.session.user).obj_name : null,
  });
}

const tooLong = `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`;
const invitationForm = z.object({
  nouveau: z.string({ error: "Choisissez un mot de passe." }).min(1, "Choisissez un mot de passe.").max(MAX_PASSWORD_LENGTH, tooLong),
  confirmation: z.string({ error: "Confirmez le mot de passe." }).min(1, "Confirmez le mot de passe.").max(MAX_PASSWORD_LENGTH, tooLong),
});

function refusal(status: number, message: string, errors: Partial<Record<InvitationField, string>>, advice: string[] = []) {
  return data<InvitationRefusal | InvitationPage>({ state: "refused", message, errors, advice }, { status });
}

/**
 * POST /invitation/:token: the password, twice, judged here with the back-office's rule and
 * the person's own words (name, e-mail, organization) so the French reasons show under the
 * field, then set upstream, which uses the link up. A refusal changes nothing: the link still
 * works. Then the login page, whose toast names the e-mail to log in with.
 */
export async function acceptInvitationFromForm(args: GuardArgs, token: string) {
  const active = await guardRequest(args);
  const found = await lookUp(args.context, token);
  if (found.state === "dead") return answerDead(found);
  const { info } = found;
  const parsed = parseForm(await readForm(args.request), invitationForm);
  if (!parsed.ok) return refusal(400, parsed.formError, parsed.fieldErrors);
  const { nouveau, confirmation } = parsed.data;
  if (nouveau !== confirmation)
    return refusal(400, "Les deux mots de passe saisis sont différents.", {
      confirmation: "Les deux mots de passe saisis sont différents.",
    });
  const strength = passwordStrength(nouveau, [info.name, info.email, info.org_name]);
  if (!strength.acceptable) {
    const [reason = "Ce mot de passe est trop faible.", ...advice] = strength.messages;
    return refusal(400, "Ce mot de passe est trop faible.", { nouveau: reason }, advice);
  }
  try {
    await args.context.upstreamFor(null).users.acceptInvitation(token, nouveau);
  } catch (error) {
    const gone = deadOf(error);
    if (gone) return answerDead(gone);
    if (error instanceof UpstreamError && !error.isUnavailable && error.status < 500)
      return refusal(error.status, error.message, { nouveau: error.message });
    return asRouteError(error);
  }
  // A browser signed in as someone else is offered to log out first (the login page would send it home).
  const next = active ? "/deconnexion" : "/connexion";
  return redirectWithToast(args.context, next, { type: "success", message: `Mot de passe enregistré : connectez-vous avec ${info.email}` });
}
