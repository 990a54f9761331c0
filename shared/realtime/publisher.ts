import type { CartUpdatePayload } from "./protocol";

/**
 * What the portal's loaders and actions see of the realtime server (the load context's
 * `realtime`). A plain interface, no class: the server builds it from the sources while routes
 * run from the Remix build (docs/decisions/0032), so `instanceof` would not hold.
 */

/** Who must not get a notice of their own change. */
export interface AuthorExclusion {
  /** The portal session (PortalSession.sid) that made the change: its whole browser is the author. */
  sessionKey?: string;
  /** One socket (a tab) that made the change. */
  socketId?: string;
}

export interface CartUpdatePublisher {
  /**
   * Sends 'cart-update' to every socket of the organization, on every instance. `except`
   * (a socket id, or the author's session) gets no notice; the author's other tabs refresh
   * silently. Never throws: a failed publish costs a notice, not the user's change.
   */
  publishCartUpdate(orgId: number, event: CartUpdatePayload, except?: string | AuthorExclusion): void;
  /** Closes the sockets of a session (logout, or a contributor switching client). */
  disconnectSession(sessionKey: string): void;
  /**
   * Closes every socket of a user, on every instance, but those of `exceptSessionKey`: the
   * back-office ended the user's sessions (a password change keeps the session that made it,
   * a deactivation keeps none).
   */
  disconnectUser(orgId: number, userId: number, exceptSessionKey?: string): void;
}

export interface RecordedCartUpdate {
  orgId: number;
  event: CartUpdatePayload;
  except: AuthorExclusion;
}

export interface RecordingPublisher extends CartUpdatePublisher {
  /** What was published, oldest first (the last 200). */
  readonly published: readonly RecordedCartUpdate[];
  readonly disconnectedSessions: readonly string[];
  readonly disconnectedUsers: readonly DisconnectedUser[];
}

export interface DisconnectedUser {
  orgId: number;
  userId: number;
  exceptSessionKey: string | null;
}

const RECORD_LIMIT = 200;

export function normalizeExclusion(except: string | AuthorExclusion | undefined): AuthorExclusion {
  if (except === undefined) return {};
  return typeof except === "string" ? { socketId: except } : except;
}

/**
 * A publisher with no socket server behind it: it keeps what it was asked to send. Loader
 * tests read it; a portal context built without a socket server (scripts) uses it.
 */
export function createRecordingPublisher(): RecordingPublisher {
  const published: RecordedCartUpdate[] = [];
  const disconnectedSessions: string[] = [];
  const disconnectedUsers: DisconnectedUser[] = [];
  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > RECORD_LIMIT) list.shift();
  };
  return {
    published,
    disconnectedSessions,
    disconnectedUsers,
    publishCartUpdate: (orgId, event, except) => keep(published, { orgId, event, except: normalizeExclusion(except) }),
    disconnectSession: (sessionKey) => keep(disconnectedSessions, sessionKey),
    disconnectUser: (orgId, userId, exceptSessionKey) =>
      keep(disconnectedUsers, { orgId, userId, exceptSessionKey: exceptSessionKey ?? null }),
  };
}
