import { data } from "@remix-run/node";
import { actsAsContributor, confirmWithBackoffice, requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

/** A contributor on its representative's pages, acting for a client or not. */
export interface SalesUser {
  active: ActiveUser;
  /** The contributor's own name (the master's while acting for a client). */
  contributorName: string;
  /** The organization the session's catalogue calls are made for (resolving a reference needs one). */
  catalogueOrgId: number;
}

/**
 * Every loader and action of /clients/devis starts here. The pages do not exist for a client
 * (404, as /clients answers). The session's token is all the back-office needs: it reads the
 * contributor from the session's master when acting for a client (server/backoffice/quotes/
 * access.ts salesCaller), so the representative never has to go back to its own account.
 */
export async function requireSalesUser(args: GuardArgs): Promise<SalesUser> {
  const active = await requireUser(args);
  if (!actsAsContributor(active.session)) throw data({ message: null }, { status: 404 });
  // A revoked token (a logout elsewhere) ends the session here, as the layouts do.
  await confirmWithBackoffice(args, active).catch(asRouteError);
  const { user, master } = active.session;
  return { active, contributorName: (master ?? user).obj_name, catalogueOrgId: user.auth_org_id };
}
