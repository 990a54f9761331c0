import { redirect } from "@remix-run/node";
import {
  CONTACT_FIELDS,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  REQUEST_LIMITS,
  contactRequest,
  type ContactField,
  type ContactRequest,
} from "@shared/contracts/requests";
import { parseForm } from "~/services/forms/index.server";
import { guardRequest, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { clientOf, pickFields, readPublicForm, refuseForm, throttle, upstreamRefusal } from "./public-form.server";
import type { ContactPageView } from "./types";

/**
 * /nous-contacter (docs/requests.md): open to everyone, signed in or not (docs/specification.md
 * §2), in the layout of whoever asks; the form is pre-filled with the account's identity. The
 * message is saved and e-mailed upstream; the page then goes to /nous-contacter/merci.
 */

export const CONTACT_PATH = "/nous-contacter";
export const CONTACT_THANKS_PATH = "/nous-contacter/merci";

/** What a signed-in user need not type: their name, e-mail and phone (GET /api/crm/me), their organization. */
async function identityOf(active: ActiveUser): Promise<Partial<Record<ContactField, string>>> {
  const { user, master } = active.session;
  // A representative acting for a client writes as itself: its own name, its own company.
  if (master) return { name: master.obj_name, company: master.obj_properties.org_name ?? "" };
  const company = user.obj_class === "organization" ? user.obj_name : (user.obj_properties.org_name ?? "");
  try {
    const me = await active.upstream.users.me();
    return { name: me.name, email: me.email, phone: me.phone, company };
  } catch (error) {
    // The form works without the pre-fill: an unreachable back-office only costs some typing.
    if (error instanceof UpstreamError) return { name: user.obj_name, company };
    throw error;
  }
}

export async function loadContactPage(args: GuardArgs): Promise<ContactPageView> {
  const active = await guardRequest(args);
  return {
    subjects: CONTACT_SUBJECTS.map((value) => ({ value, label: CONTACT_SUBJECT_LABELS[value] })),
    values: active ? await identityOf(active) : {},
    signedIn: active !== null,
    maxMessageLength: REQUEST_LIMITS.message,
  };
}

async function send(args: GuardArgs, active: ActiveUser | null, request: ContactRequest): Promise<void> {
  const anonymous = args.context.upstreamFor(null).requests;
  try {
    await (active?.upstream.requests ?? anonymous).contact(request);
  } catch (error) {
    // A session revoked elsewhere does not lose the message: it leaves as a visitor's.
    if (!(error instanceof UpstreamError) || error.status !== 401 || !active) throw error;
    await anonymous.contact(request);
  }
}

/**
 * POST /nous-contacter: the honeypot first (a robot is shown the thank-you page, nothing is
 * sent), then the contract's checks with a French message per field, then one attempt counted
 * for the client address (429 beyond the rule), then the back-office.
 */
export async function sendContactForm(args: GuardArgs) {
  const active = await guardRequest(args);
  const { context } = args;
  const form = await readPublicForm(args.request);
  const values = pickFields(form.fields, CONTACT_FIELDS);
  if (form.isRobot) {
    await context.rateLimits.consume("contact", clientOf(context));
    context.logger.info({ form: "contact" }, "honeypot filled: message dropped");
    return redirect(CONTACT_THANKS_PATH, 303);
  }
  const parsed = parseForm(values, contactRequest);
  if (!parsed.ok) return refuseForm<ContactField>(400, parsed.formError, parsed.fieldErrors, values);
  const limited = await throttle<ContactField>(context, [["contact", clientOf(context)]], values, "messages envoyés");
  if (limited) return limited;
  try {
    await send(args, active, parsed.data);
  } catch (error) {
    return upstreamRefusal<ContactField>(error, values);
  }
  return redirect(CONTACT_THANKS_PATH, 303);
}
