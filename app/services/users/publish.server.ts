import type { PortalLoadContext } from "~/services/context.server";
import { authorNameOf } from "~/services/realtime/publish.server";
import { closeUserSockets } from "~/services/realtime/sessions.server";
import type { PortalSession } from "~/services/session.server";

export interface AccessChangeOptions {
  /**
   * The person deactivated: the back-office revoked every token of theirs, and their live
   * connections close now, on every instance (decision 0120), not at their next click.
   */
  deactivated?: number;
}

/**
 * After a person's rights, admin role or state changed upstream: the organization's live pages
 * reload (the 'access' kind of the cart channel), so the person's open page drops a price or
 * a button at once instead of on its next click. The change is saved already: a lost message
 * costs only that, and never throws.
 */
export function publishAccessChange(
  context: Pick<PortalLoadContext, "realtime" | "logger">,
  session: PortalSession,
  options: AccessChangeOptions = {},
): void {
  const orgId = session.user.auth_org_id;
  if (options.deactivated !== undefined) closeUserSockets(context, { orgId, userId: options.deactivated });
  try {
    context.realtime.publishCartUpdate(
      orgId,
      { kind: "access", products: [], author: authorNameOf(session), orgId, version: 0 },
      { sessionKey: session.sid },
    );
  } catch (error) {
    context.logger.error({ error: String(error) }, "access publish failed");
  }
}
