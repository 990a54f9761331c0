import { createHash } from "node:crypto";

export { organizationRoom } from "@shared/realtime/events";

/**
 * Room of one portal session (every tab of one browser): logout disconnects it, the author's
 * browser is excluded from its own notices through it. The session id is hashed so it never
 * travels on the Redis channels.
 */
export function sessionRoom(sessionKey: string): string {
  return `session:${createHash("sha256").update(sessionKey).digest("base64url").slice(0, 32)}`;
}

/**
 * Room of one user (every session of one account, on every device): when the back-office ends
 * the user's sessions (a password change, a deactivation), their sockets close through it
 * (decision 0120). The ids are the back-office's answer at the handshake, never the client's.
 */
export function userRoom(orgId: number, userId: number): string {
  return `user:${orgId}:${userId}`;
}
