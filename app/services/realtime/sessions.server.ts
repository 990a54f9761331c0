import type { PortalLoadContext } from "~/services/context.server";
import type { PortalSession } from "~/services/session.server";

/**
 * When the back-office has ended a user's sessions (a password change ends the others, a
 * deactivation all of them), their pages fail on the next request; their live connections
 * are closed here, on every instance (decision 0120). Called after the back-office answered:
 * a browser that reconnects is then refused at the handshake. Never throws: the change is
 * made, and a socket left open still dies at its token's expiry and hears nothing it may not.
 */

type RealtimeContext = Pick<PortalLoadContext, "realtime" | "logger">;

export interface SocketOwner {
  orgId: number;
  userId: number;
}

export function closeUserSockets(context: RealtimeContext, owner: SocketOwner, keepSessionKey?: string): void {
  try {
    context.realtime.disconnectUser(owner.orgId, owner.userId, keepSessionKey);
  } catch (error) {
    context.logger.error({ error: String(error) }, "closing a user's sockets failed");
  }
}

/** After a password change: every socket of the account but this session's (its other tabs stay). */
export function closeOtherSessionsSockets(context: RealtimeContext, session: PortalSession): void {
  closeUserSockets(context, { orgId: session.user.auth_org_id, userId: session.user.obj_id }, session.sid);
}
