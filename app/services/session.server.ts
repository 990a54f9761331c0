import { randomUUID } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { z } from "zod";
import { authUser, type AuthUser } from "@shared/contracts/entities";
import { createTokenSealer } from "./token-seal.server";

/**
 * The portal session: the current user and the master kept apart (docs/specification.md §4), plus the
 * back-office token sealed so the browser cannot read it. Signed cookie, no server state, so
 * any instance behind a load balancer can read it.
 */

export interface PortalSession {
  /** Random id minted at each login, so a session never survives a new login (no fixation). */
  sid: string;
  user: AuthUser;
  master: AuthUser | null;
  token: string;
}

export type SessionState = { status: "anonymous" } | { status: "expired" } | { status: "active"; session: PortalSession };

export interface PortalSessions {
  cookieName: string;
  read(request: Request, now: Date): Promise<SessionState>;
  /** Set-Cookie value of a brand-new session (never built on the previous one). */
  start(data: Omit<PortalSession, "sid">): Promise<string>;
  /** Set-Cookie value that keeps the session id but replaces user, master and token. */
  replace(previous: PortalSession, data: Omit<PortalSession, "sid">): Promise<string>;
  /** Set-Cookie value that removes the session. */
  end(): Promise<string>;
}

const storedSession = z.object({
  sid: z.string().min(1),
  user: authUser,
  master: authUser.nullable(),
  sealedToken: z.string().min(1),
});

export function sessionCookieName(secure: boolean): string {
  // __Host- makes the browser refuse the cookie unless Secure, Path=/ and no Domain.
  return secure ? "__Host-portail_session" : "portail_session";
}

export function isSessionLive(user: AuthUser, now: Date): boolean {
  return Date.parse(user.auth_expiry) > now.getTime();
}

export function createPortalSessions(options: { secret: string; secure: boolean }): PortalSessions {
  const cookieName = sessionCookieName(options.secure);
  const storage = createCookieSessionStorage({
    cookie: {
      name: cookieName,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: options.secure,
      secrets: [options.secret],
    },
  });
  const sealer = createTokenSealer(options.secret);

  async function write(sid: string, data: Omit<PortalSession, "sid">): Promise<string> {
    const session = await storage.getSession();
    session.set("sid", sid);
    session.set("user", data.user);
    session.set("master", data.master);
    session.set("sealedToken", sealer.seal(data.token));
    // The cookie dies with the back-office token: the master's expiry when acting for a client.
    return storage.commitSession(session, { expires: new Date(data.user.auth_expiry) });
  }

  return {
    cookieName,
    async read(request, now) {
      // A cookie whose signature does not match is ignored by getSession: it reads as empty.
      const session = await storage.getSession(request.headers.get("cookie"));
      const parsed = storedSession.safeParse({
        sid: session.get("sid"),
        user: session.get("user"),
        master: session.get("master"),
        sealedToken: session.get("sealedToken"),
      });
      if (!parsed.success) return { status: "anonymous" };
      const token = sealer.unseal(parsed.data.sealedToken);
      if (token === null) return { status: "anonymous" };
      if (!isSessionLive(parsed.data.user, now)) return { status: "expired" };
      const { sid, user, master } = parsed.data;
      return { status: "active", session: { sid, user, master, token } };
    },
    start: (data) => write(randomUUID(), data),
    replace: (previous, data) => write(previous.sid, data),
    end: async () => storage.destroySession(await storage.getSession()),
  };
}
