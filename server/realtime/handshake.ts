import type { ExtendedError } from "socket.io";
import type { PortalServices } from "~/entry.server";
import type { PortalApp } from "../portal-build";
import { organizationRoom, sessionRoom, userRoom } from "./rooms";
import type { RealtimeSocket, SocketData } from "./types";

/**
 * Authenticates a socket.io handshake (and every reconnection, recovery included: the
 * middleware is not skipped) from the portal's session cookie, exactly as a page would: the
 * sealed cookie is read with the same secret, then the back-office confirms the token
 * (GET /api/auth/me), so a cookie replayed after logout is refused. The room comes from the
 * back-office's answer, never from the client.
 */

/** What a handshake uses of the portal: its services, and the error class of the same build. */
export interface HandshakePortal {
  services: PortalServices;
  app: Pick<PortalApp, "UpstreamError">;
}

export type RefusalCode = "unauthorized" | "no_organization" | "unavailable" | "too_many_connections";

const REFUSALS: Record<RefusalCode, string> = {
  unauthorized: "Connexion requise.",
  too_many_connections: "Trop de connexions en direct pour cette session : fermez des onglets du portail, puis rechargez la page.",
  no_organization: "Choisissez d'abord un client.",
  unavailable: "Service momentanément indisponible.",
};

/** The error the client receives in 'connect_error': a code it can act on and a French message. */
export function refusal(code: RefusalCode): ExtendedError {
  const error: ExtendedError = new Error(REFUSALS[code]);
  error.data = { code };
  return error;
}

function requestWithCookie(cookie: string | undefined): Request | null {
  try {
    return new Request("http://realtime.invalid/", { headers: cookie ? { cookie } : {} });
  } catch {
    return null; // a header the Fetch API refuses is no session
  }
}

/**
 * Admits one more connection of a session's room before the back-office is asked (decision
 * 0166): true holds a place, to be given back with `release` when the handshake fails.
 */
export interface ConnectionGate {
  admit(sessionRoom: string): Promise<boolean>;
  release(sessionRoom: string): void;
}

const OPEN_GATE: ConnectionGate = { admit: () => Promise.resolve(true), release: () => undefined };

export async function identifySocket(
  { services, app }: HandshakePortal,
  cookie: string | undefined,
  gate: ConnectionGate = OPEN_GATE,
): Promise<{ ok: true; data: SocketData } | { ok: false; code: RefusalCode }> {
  const request = requestWithCookie(cookie);
  if (!request) return { ok: false, code: "unauthorized" };
  const state = await services.sessions.read(request, services.now());
  if (state.status !== "active") return { ok: false, code: "unauthorized" };
  const { session } = state;
  const room = sessionRoom(session.sid);
  if (!(await gate.admit(room))) return { ok: false, code: "too_many_connections" };
  try {
    return await confirmedIdentity({ services, app }, session, room);
  } finally {
    gate.release(room); // an accepted socket counts in its room from now on, a refused one no more
  }
}

async function confirmedIdentity(
  { services, app }: HandshakePortal,
  session: { token: string; user: { auth_expiry: string } },
  room: string,
): Promise<{ ok: true; data: SocketData } | { ok: false; code: RefusalCode }> {
  try {
    const me = await services.upstreamFor(session.token).auth.me();
    // A contributor has no cart of its own: it joins a room only while acting for a client.
    if (me.user.obj_class === "contributor") return { ok: false, code: "no_organization" };
    return {
      ok: true,
      data: {
        orgRoom: organizationRoom(me.user.auth_org_id),
        sessionRoom: room,
        userRooms: [me.user, ...(me.master ? [me.master] : [])].map((account) => userRoom(account.auth_org_id, account.obj_id)),
        expiresAt: Date.parse(session.user.auth_expiry),
      },
    };
  } catch (error) {
    const revoked = error instanceof app.UpstreamError && (error.status === 401 || error.status === 403);
    return { ok: false, code: revoked ? "unauthorized" : "unavailable" };
  }
}

export function authenticateHandshake(portal: () => HandshakePortal, gate: ConnectionGate = OPEN_GATE) {
  return (socket: RealtimeSocket, next: (error?: ExtendedError) => void): void => {
    identifySocket(portal(), socket.request.headers.cookie, gate).then(
      (identity) => {
        if (!identity.ok) return next(refusal(identity.code));
        socket.data = identity.data;
        next();
      },
      () => next(refusal("unavailable")),
    );
  };
}
