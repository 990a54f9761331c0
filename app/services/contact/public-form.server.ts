import { data } from "@remix-run/node";
import type { PortalLoadContext } from "~/services/context.server";
import { textFields } from "~/services/forms/parse.server";
import { clientKey, throttled, type RateLimitName } from "~/services/rate-limit.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { HONEYPOT_FIELD, type FormRefusal } from "./types";
import { readForm } from "~/services/forms/read.server";

/**
 * What the three public forms share (contact, account opening, forgotten password; decision
 * 0123): reading the form with its honeypot, counting the attempt against the rate limits, and
 * answering a refusal with the form drawn again, nothing typed lost.
 */

export interface PublicForm {
  /** The form's text fields, the honeypot left out. */
  fields: Record<string, string>;
  /** A robot filled the field people cannot see: the answer looks like a success, nothing is sent. */
  isRobot: boolean;
}

export async function readPublicForm(request: Request): Promise<PublicForm> {
  const { [HONEYPOT_FIELD]: honeypot = "", ...fields } = textFields(await readForm(request));
  return { fields, isRobot: honeypot.trim() !== "" };
}

/** The fields a schema knows, so a strict contract is not refused over a stray field. */
export function pickFields<F extends string>(fields: Record<string, string>, names: readonly F[]): Partial<Record<F, string>> {
  const picked: Partial<Record<F, string>> = {};
  for (const name of names) if (name in fields) picked[name] = fields[name];
  return picked;
}

export function refuseForm<F extends string>(
  status: number,
  message: string,
  errors: Partial<Record<F, string>>,
  values: Record<string, string>,
  headers?: Record<string, string>,
) {
  return data<FormRefusal<F>>({ ok: false, message, errors, values }, { status, headers });
}

/** The client address the throttles count by (the request's, as Express read it). */
export function clientOf(context: PortalLoadContext): string {
  return clientKey(context.clientAddress);
}

/**
 * Counts one attempt under each rule (in order, stopping at the first spent); a spent rule is a
 * 429 with Retry-After and a French message on the form; null when the attempt may go on.
 */
export async function throttle<F extends string>(
  context: PortalLoadContext,
  checks: Array<[RateLimitName, string]>,
  values: Record<string, string>,
  what: string,
) {
  for (const [name, key] of checks) {
    const verdict = await context.rateLimits.consume(name, key);
    if (!verdict.allowed) {
      context.logger.info({ limit: name }, "public form throttled");
      const { message, headers } = throttled(verdict.retryAfterSeconds, what);
      return refuseForm<F>(429, message, {}, values, headers);
    }
  }
  return null;
}

/** How long the back-office's own cap per e-mail address asks to wait (requests/limits.ts). */
const UPSTREAM_CAP_RETRY_SECONDS = 3600;

/**
 * The back-office's refusal as the form's answer: its French message over the form, with its
 * status (429 with Retry-After for its cap); unreachable, the form comes back as a 503 with
 * everything typed, to send again later. Anything but an UpstreamError is a bug.
 */
export function upstreamRefusal<F extends string>(error: unknown, values: Record<string, string>) {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.status === 429) return refuseForm<F>(429, error.message, {}, values, { "Retry-After": String(UPSTREAM_CAP_RETRY_SECONDS) });
  return refuseForm<F>(error.isUnavailable ? 503 : error.status, error.message, {}, values);
}
