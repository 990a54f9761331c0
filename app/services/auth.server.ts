import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { SessionResponse } from "@shared/contracts/api";
import { loginFormSchema, type LoginFormErrors } from "~/lib/login-form";
import type { PortalLoadContext } from "./context.server";
import { parseForm } from "~/services/forms/parse.server";
import { clientKey, throttled } from "~/services/rate-limit.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { readForm } from "~/services/forms/read.server";

/**
 * Login with remix-auth's form strategy against POST /api/auth/login (decision 0110): the
 * strategy's verify function returns the back-office session, or throws a LoginRefused with the
 * French errors to show, as remix-auth expects of a strategy; authenticateLogin turns the
 * refusal into an outcome the route draws. Failures in a row are throttled (decision 0136): per
 * account by the back-office, whoever calls it, and here per visitor's address, which only the
 * portal sees.
 */

export type LoginOutcome =
  | { ok: true; session: SessionResponse; redirectTo: string | null }
  | { ok: false; errors: LoginFormErrors; login: string; status: 400 | 401 | 429 | 503; retryAfterSeconds?: number };

type LoginSuccess = Extract<LoginOutcome, { ok: true }>;
type LoginRefusal = Extract<LoginOutcome, { ok: false }>;

/** A refused login: what the form shows again, and with which status. */
class LoginRefused extends Error {
  constructor(readonly refusal: LoginRefusal) {
    super("login refused");
  }
}

const WRONG_CREDENTIALS = "Identifiant ou mot de passe incorrect.";
const THROTTLED_WHAT = "tentatives de connexion";

function createLoginAuthenticator(context: PortalLoadContext): Authenticator<LoginSuccess> {
  const upstream = context.upstreamFor(null);
  const address = clientKey(context.clientAddress);
  return new Authenticator<LoginSuccess>().use(
    new FormStrategy(async ({ form }) => {
      const parsed = parseForm(form, loginFormSchema);
      const login = parsed.fields.login ?? "";
      // Only the login and the password can be refused (redirectTo is made safe, never refused).
      if (!parsed.ok) throw new LoginRefused({ ok: false, errors: parsed.fieldErrors, login, status: 400 });
      const gate = await context.rateLimits.attempt("address", address);
      if (!gate.allowed) {
        context.logger.info({ limit: "login-address" }, "login throttled");
        throw new LoginRefused(throttledRefusal(login, gate.retryAfterSeconds));
      }
      try {
        const session = await upstream.auth.login({ login: parsed.data.login, password: parsed.data.password });
        await context.rateLimits.succeeded("address", address, false);
        return { ok: true, session, redirectTo: parsed.data.redirectTo };
      } catch (error) {
        // Only a wrong login or password is a failure of this address; anything else is uncounted.
        if (error instanceof UpstreamError && error.status === 401) await context.rateLimits.failed("address", address);
        else await context.rateLimits.succeeded("address", address, false);
        if (!(error instanceof UpstreamError)) throw error;
        if (error.status === 429) throw new LoginRefused(throttledRefusal(login, error.retryAfterSeconds ?? 60, error.message));
        throw new LoginRefused({ ok: false, errors: { form: loginRefusalMessage(error) }, login, status: refusalStatus(error) });
      }
    }),
    "login-form",
  );
}

function throttledRefusal(
  login: string,
  retryAfterSeconds: number,
  message = throttled(retryAfterSeconds, THROTTLED_WHAT).message,
): LoginRefusal {
  return { ok: false, errors: { form: message }, login, status: 429, retryAfterSeconds };
}

function loginRefusalMessage(error: UpstreamError): string {
  if (error.isUnavailable) return error.message;
  // Throttling and locked accounts carry their own French message; every other refusal gets the
  // same words, so an attacker cannot tell an unknown login from a wrong password.
  if (error.status === 429 || error.status === 423) return error.message;
  return WRONG_CREDENTIALS;
}

function refusalStatus(error: UpstreamError): 401 | 429 | 503 {
  if (error.isUnavailable) return 503;
  return error.status === 429 ? 429 : 401;
}

export async function authenticateLogin(request: Request, context: PortalLoadContext): Promise<LoginOutcome> {
  // remix-auth-form reads the body itself and fails on one that is not a form: a copy is read
  // first, so that such a body is the French 400 of every form (decision 0159).
  await readForm(request.clone());
  try {
    return await createLoginAuthenticator(context).authenticate("login-form", request);
  } catch (error) {
    if (error instanceof LoginRefused) return error.refusal;
    throw error;
  }
}

/** Where a fresh login lands: contributors pick a client first; others go back where they were. */
export function landingPathAfterLogin(outcome: LoginSuccess): string {
  if (outcome.session.user.obj_class === "contributor") return "/clients";
  return outcome.redirectTo ?? "/";
}
