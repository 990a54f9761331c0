import { data, redirect } from "@remix-run/node";
import type { PortalLoadContext } from "~/services/context.server";
import type { ToastMessage } from "~/services/toast.server";
import { FETCH_MODE_FIELD, FETCH_MODE_VALUE, type FieldErrors, type FormAnswer } from "./types";

/**
 * How an action answers (docs/decisions/0101-form-pipeline.md): the route says what happened
 * (an Outcome), respond() says it the way the client needs: data to a fetcher, a 303 with a
 * toast to a plain form (it works without JavaScript), or the refused form drawn again.
 */

/** A refusal: its status (for a fetcher or a form drawn again) and its French reason. */
export interface Refusal {
  ok: false;
  status: number;
  message: string;
  /** The message of each refused field, for a form drawn again. */
  errors?: FieldErrors;
}

/** What an action did, in the user's words. `payload` is what a fetcher gets instead of { ok, message }. */
export type Outcome<T = never> = { ok: true; message: string; payload?: T } | Refusal;

export function saved<T = never>(message: string, payload?: T): Outcome<T> {
  return payload === undefined ? { ok: true, message } : { ok: true, message, payload };
}

export function refused(status: number, message: string, errors?: FieldErrors): Refusal {
  return errors === undefined ? { ok: false, status, message } : { ok: false, status, message, errors };
}

/**
 * A redirect carrying a flash message to the next page: 303 after a POST (the default), 302
 * for a page. `setCookie` adds another cookie (the checkout progress). Returned by an action,
 * thrown by a guard (`throw await redirectWithToast(…)`).
 */
export async function redirectWithToast(
  context: PortalLoadContext,
  location: string,
  toast: ToastMessage,
  options: { status?: number; setCookie?: string | null } = {},
): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await context.toasts.set(toast));
  if (options.setCookie) headers.append("Set-Cookie", options.setCookie);
  return redirect(location, { status: options.status ?? 303, headers });
}

export interface RespondOptions {
  /** Where a plain form goes after the POST, the message shown there as a toast. */
  redirectTo: string;
  /** The fields sent (`mode=fetch`: a fetcher sent them). Absent: a plain form. */
  fields?: Record<string, string>;
  /** Another Set-Cookie for the redirect after a success (the checkout progress). */
  setCookie?: string | null;
  /**
   * A refused plain form: "toast" goes to `redirectTo` with the reason as a toast (the
   * default); "page" draws the form again, with its status, field errors and what was typed.
   */
  refused?: "toast" | "page";
}

export async function respond<T = never>(context: PortalLoadContext, outcome: Outcome<T>, options: RespondOptions) {
  const fields = options.fields ?? {};
  if (fields[FETCH_MODE_FIELD] === FETCH_MODE_VALUE) {
    if (outcome.ok) return data<T | FormAnswer>(outcome.payload ?? { ok: true, message: outcome.message }, { status: 200 });
    return data<T | FormAnswer>({ ok: false, message: outcome.message }, { status: outcome.status });
  }
  if (!outcome.ok && options.refused === "page") {
    return data<T | FormAnswer>(
      { ok: false, message: outcome.message, errors: outcome.errors ?? {}, values: fields },
      { status: outcome.status },
    );
  }
  const toast: ToastMessage = { type: outcome.ok ? "success" : "error", message: outcome.message };
  return redirectWithToast(context, options.redirectTo, toast, { setCookie: outcome.ok ? options.setCookie : null });
}
