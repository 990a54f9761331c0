import type { PortalSession } from "~/services/session.server";

/**
 * What the default layout gives the browser to decide whether to open the live channel: it
 * changes when the organization followed changes (login-as), so the socket reconnects and
 * the server places it anew. Null for a contributor without a client (no cart to follow).
 * Carries no secret: the server authenticates the socket from the session cookie alone.
 */
export function liveCartKeyOf(session: PortalSession): string | null {
  const { user } = session;
  if (user.obj_class === "contributor") return null;
  return `${user.auth_org_id}-${user.obj_id}`;
}
