import { redirect } from "@remix-run/node";
import { UpstreamError } from "~/services/upstream/index.server";
import type { PortalLoadContext } from "./context.server";
import type { PortalSession } from "./session.server";
import type { Upstream } from "~/services/upstream/index.server";

export type BackofficeMe = Awaited<ReturnType<Upstream["auth"]["me"]>>;

/**
 * The route guards of docs/specification.md §2, in one place. Layout loaders (and any loader that
 * needs the user) call `guardRequest`; the rule depends only on the path, so a page cannot
 * forget it by being mounted under another layout.
 */

export type PathRule = "open" | "guests-only" | "members-only";

// /invitation/: the e-mailed link of an invited person, who has no password yet (docs/users.md).
// Beyond the spec's two: the invitation and unsubscribe links of e-mails, whose token is the
// only proof, work with or without a session (docs/users.md, docs/alerts.md); the
// accessibility statement must be reachable from every page, the login page included (RGAA).
const OPEN_PREFIXES = ["/api/", "/nous-contacter", "/invitation/", "/desabonnement", "/accessibilite"];
// The publisher's identity (LCEN art. 6) must be reachable by anyone, and the privacy
// information given where personal data is collected (GDPR art. 13): the public forms ask
// visitors for names, e-mails and phones. Open on purpose, against the spec (decision 0187).
const OPEN_PATHS = ["/mentions-legales", "/politique-de-confidentialite"];
const GUEST_ONLY_PATHS = ["/connexion", "/demande-ouverture-compte", "/mot-de-passe-oublie", "/nouveau-mot-de-passe"];

export function ruleForPath(pathname: string): PathRule {
  if (OPEN_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return "open";
  if (OPEN_PATHS.some((path) => pathname === path || pathname === `${path}/`)) return "open";
  const isGuestPage = GUEST_ONLY_PATHS.some((path) => pathname === path || pathname === `${path}/`);
  return isGuestPage ? "guests-only" : "members-only";
}

export interface GuardArgs {
  request: Request;
  context: PortalLoadContext;
}

export interface ActiveUser {
  session: PortalSession;
  /** Back-office clients carrying this session's token. */
  upstream: Upstream;
}

/** Login URL that brings the user back to the page asked for. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/" ? "/connexion" : `/connexion?redirectTo=${encodeURIComponent(target)}`;
}

/** Applies the rule of the request's path; returns the active user, if any, when it passes. */
export async function guardRequest({ request, context }: GuardArgs): Promise<ActiveUser | null> {
  const state = await context.sessions.read(request, context.now());
  const active = state.status === "active" ? state.session : null;
  const rule = ruleForPath(new URL(request.url).pathname);

  if (rule === "guests-only" && active) throw redirect("/");
  if (rule === "members-only" && !active) {
    const headers = new Headers();
    if (state.status === "expired") {
      headers.append("Set-Cookie", await context.sessions.end());
      headers.append("Set-Cookie", await context.toasts.set({ type: "info", message: "Votre session a expiré. Reconnectez-vous." }));
    }
    throw redirect(loginUrlFor(request), { headers });
  }
  return active ? { session: active, upstream: context.upstreamFor(active.token) } : null;
}

/** For loaders and actions that cannot work without a user, whatever the path. */
export async function requireUser(args: GuardArgs): Promise<ActiveUser> {
  const active = await guardRequest(args);
  if (!active) throw redirect(loginUrlFor(args.request));
  return active;
}

export const CHOOSE_A_CLIENT_FIRST = "Choisissez d'abord le client pour lequel vous agissez.";

/**
 * The pages of a client organization (its cart, quick order, orders…) for a contributor that
 * has not chosen a client yet: the client picker, saying why, rather than a 404.
 */
export async function requireClientChosen(args: GuardArgs, active: ActiveUser): Promise<void> {
  if (active.session.user.obj_class !== "contributor") return;
  const toast = await args.context.toasts.set({ type: "info", message: CHOOSE_A_CLIENT_FIRST });
  throw redirect("/clients", { headers: { "Set-Cookie": toast } });
}

/** A contributor, or a client organization a contributor is acting for. */
export function actsAsContributor(session: PortalSession): boolean {
  return session.user.obj_class === "contributor" || session.master?.obj_class === "contributor";
}

/**
 * Asks the back-office whether the session's token is still valid. The cookie alone cannot
 * know that a logout (here or on another device) revoked it; layouts call this once per page,
 * so a replayed cookie is refused. A back-office that cannot be reached is not a logout: the
 * error goes on to the page. Returns the back-office's fresh view of the user (its cart
 * summary included), so the layout needs no second call. Asked once per request: the layout
 * and the page's loader (the cart's, for its version) share the answer.
 */
export async function confirmWithBackoffice(args: GuardArgs, active: ActiveUser): Promise<BackofficeMe> {
  try {
    return await args.context.memo.once(`me:${active.session.token}`, () => active.upstream.auth.me());
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 401) throw error;
    const headers = new Headers();
    headers.append("Set-Cookie", await args.context.sessions.end());
    headers.append("Set-Cookie", await args.context.toasts.set({ type: "info", message: "Votre session a pris fin. Reconnectez-vous." }));
    throw redirect(loginUrlFor(args.request), { headers });
  }
}
