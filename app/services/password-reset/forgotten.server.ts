import { redirect } from "@remix-run/node";
import { PASSWORD_RESET_LIFETIME_MINUTES, passwordResetRequest } from "@shared/contracts/requests";
import { clientOf, pickFields, readPublicForm, refuseForm, throttle, upstreamRefusal } from "~/services/contact/public-form.server";
import { parseForm } from "~/services/forms/index.server";
import { guardRequest, type GuardArgs } from "~/services/guards.server";
import type { ForgottenPasswordView } from "./types";

/**
 * /mot-de-passe-oublie (decision 0124): a visitor asks for a link to choose a new password. The
 * answer says the same thing, in the same time, whether the address is an account or not: the
 * portal does the same work for both (the same checks, the same throttles, the same back-office
 * call, which answers 202 before any e-mail leaves), then the same redirect.
 */

export const FORGOTTEN_PASSWORD_PATH = "/mot-de-passe-oublie";
export const FORGOTTEN_PASSWORD_SENT_PATH = `${FORGOTTEN_PASSWORD_PATH}?demande=envoyee`;

export async function loadForgottenPassword(args: GuardArgs): Promise<ForgottenPasswordView> {
  await guardRequest(args);
  return {
    sent: new URL(args.request.url).searchParams.get("demande") === "envoyee",
    lifetimeMinutes: PASSWORD_RESET_LIFETIME_MINUTES,
  };
}

/**
 * POST /mot-de-passe-oublie: honeypot, the address checked, one attempt counted for the client
 * address and one for the account (the address typed, whether it exists or not), then the back-office.
 */
export async function sendForgottenPasswordForm(args: GuardArgs) {
  await guardRequest(args);
  const { context } = args;
  const form = await readPublicForm(args.request);
  const values = pickFields(form.fields, ["email"] as const);
  if (form.isRobot) {
    await context.rateLimits.consume("passwordResetByAddress", clientOf(context));
    context.logger.info({ form: "password-reset" }, "honeypot filled: request dropped");
    return redirect(FORGOTTEN_PASSWORD_SENT_PATH, 303);
  }
  const parsed = parseForm(values, passwordResetRequest);
  if (!parsed.ok) return refuseForm<"email">(400, parsed.formError, parsed.fieldErrors, values);
  const { email } = parsed.data;
  const checks: Array<["passwordResetByAddress" | "passwordResetByAccount", string]> = [
    ["passwordResetByAddress", clientOf(context)],
    ["passwordResetByAccount", email],
  ];
  const limited = await throttle<"email">(context, checks, values, "demandes de nouveau mot de passe");
  if (limited) return limited;
  try {
    await context.upstreamFor(null).requests.requestPasswordReset(email);
  } catch (error) {
    return upstreamRefusal<"email">(error, values);
  }
  return redirect(FORGOTTEN_PASSWORD_SENT_PATH, 303);
}
