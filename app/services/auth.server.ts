import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { SessionResponse } from "@shared/contracts/api";
import { loginFormSchema, type LoginFormErrors } from "~/lib/login-form";
import type { PortalLoadContext } from "./context.server";
import { parseForm } from "~/services/forms/parse.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * Login with remix-auth's form strategy against POST /api/auth/login. The strategy returns
 * either the back-office session or the French errors to show; it never throws for a refusal.
 */

export type LoginOutcome =
  | { ok: true; session: SessionResponse; redirectTo: string | null }
  | { ok: false; errors: LoginFormErrors; login: string; status: 400 | 401 | 429 | 503 };

const WRONG_CREDENTIALS = "Identifiant ou mot de passe incorrect.";

function createLoginAuthenticator(context: PortalLoadContext): Authenticator<LoginOutcome> {
  const upstream = context.upstreamFor(null);
  return new Authenticator<LoginOutcome>().use(
    new FormStrategy(async ({ form }) => {
      const parsed = parseForm(form, loginFormSchema);
      const login = parsed.fields.login ?? "";
      // Only the login and the password can be refused (redirectTo is made safe, never refused).
      if (!parsed.ok) return { ok: false, errors: parsed.fieldErrors, login, status: 400 };
      try {
        const session = await upstream.auth.login({ login: parsed.data.login, password: parsed.data.password });
        return { ok: true, session, redirectTo: parsed.data.redirectTo };
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return { ok: false, errors: { form: loginRefusalMessage(error) }, login, status: refusalStatus(error) };
      }
    }),
    "login-form",
  );
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

export function authenticateLogin(request: Request, context: PortalLoadContext): Promise<LoginOutcome> {
  return createLoginAuthenticator(context).authenticate("login-form", request);
}

/** Where a fresh login lands: contributors pick a client first; others go back where they were. */
export function landingPathAfterLogin(outcome: Extract<LoginOutcome, { ok: true }>): string {
  if (outcome.session.user.obj_class === "contributor") return "/clients";
  return outcome.redirectTo ?? "/";
}
