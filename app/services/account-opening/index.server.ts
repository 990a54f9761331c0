import { redirect } from "@remix-run/node";
import {
  ACCOUNT_OPENING_FIELDS,
  ACTIVITIES,
  ACTIVITY_LABELS,
  COUNTRY_LABELS,
  REQUEST_LIMITS,
  accountOpeningRequest,
  type AccountOpeningField,
} from "@shared/contracts/requests";
import { clientOf, pickFields, readPublicForm, refuseForm, throttle, upstreamRefusal } from "~/services/contact/public-form.server";
import { parseForm } from "~/services/forms/index.server";
import { guardRequest, type GuardArgs } from "~/services/guards.server";
import type { AccountOpeningView } from "./types";

/**
 * /demande-ouverture-compte (docs/requests.md): a company asks for a professional account. For
 * visitors only (a signed-in user is sent to /). The SIRET, VAT number and postal code are
 * checked here with the back-office's own schema (shared/contracts/requests.ts), so every
 * mistake shows next to its field; the request is saved upstream in state « reçue », e-mailed
 * to sales and acknowledged to the requester (the e-mail gives its reference); the page then
 * says it is received. A robot caught by the honeypot lands on the very same page.
 */

export const ACCOUNT_OPENING_PATH = "/demande-ouverture-compte";
/** The page after the form: the same path, saying the request is received. */
export const ACCOUNT_OPENING_SENT_PATH = `${ACCOUNT_OPENING_PATH}?demande=envoyee`;

export async function loadAccountOpening(args: GuardArgs): Promise<AccountOpeningView> {
  await guardRequest(args);
  return {
    activities: ACTIVITIES.map((value) => ({ value, label: ACTIVITY_LABELS[value] })),
    countries: Object.entries(COUNTRY_LABELS).map(([value, label]) => ({ value, label })),
    sent: new URL(args.request.url).searchParams.get("demande") === "envoyee",
    maxMessageLength: REQUEST_LIMITS.message,
  };
}

/**
 * POST /demande-ouverture-compte: honeypot, the contract's checks, one attempt counted for the
 * client address, then the back-office (which also caps requests per e-mail address).
 */
export async function sendAccountOpeningForm(args: GuardArgs) {
  await guardRequest(args);
  const { context } = args;
  const form = await readPublicForm(args.request);
  const values = pickFields(form.fields, ACCOUNT_OPENING_FIELDS);
  if (form.isRobot) {
    await context.rateLimits.consume("accountOpening", clientOf(context));
    context.logger.info({ form: "account-opening" }, "honeypot filled: request dropped");
    return redirect(ACCOUNT_OPENING_SENT_PATH, 303);
  }
  const parsed = parseForm(values, accountOpeningRequest);
  if (!parsed.ok) return refuseForm<AccountOpeningField>(400, parsed.formError, parsed.fieldErrors, values);
  const limited = await throttle<AccountOpeningField>(context, [["accountOpening", clientOf(context)]], values, "demandes envoyées");
  if (limited) return limited;
  try {
    await context.upstreamFor(null).requests.openAccount(parsed.data);
  } catch (error) {
    return upstreamRefusal<AccountOpeningField>(error, values);
  }
  return redirect(ACCOUNT_OPENING_SENT_PATH, 303);
}
