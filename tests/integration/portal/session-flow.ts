import * as connexion from "~/routes/_public.connexion";
import type { PortalSession } from "~/services/session.server";
import { DEMO_PASSWORD, callRoute, cookieJar, formRequest, pageRequest, responseOf, type Backoffice } from "./harness";

/** Logs in through the real /connexion action and returns the browser's cookies and the redirect. */
export async function logIn(
  backoffice: Pick<Backoffice, "context">,
  login: string,
  extra: Record<string, string> = {},
): Promise<{ cookie: string; location: string | null; response: Response }> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD, ...extra }), backoffice.context()),
  );
  return { cookie: cookieJar("", response), location: response.headers.get("location"), response };
}

/** The session as the portal reads it from these cookies. */
export async function sessionOf(backoffice: Pick<Backoffice, "context">, cookie: string): Promise<PortalSession | null> {
  const context = backoffice.context();
  const state = await context.sessions.read(pageRequest("/", cookie), context.now());
  return state.status === "active" ? state.session : null;
}
