import { redirect } from "@remix-run/node";
import { permissionsOf, type Permissions } from "@shared/domain/permissions";
import type { PortalLoadContext } from "~/services/context.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";

export interface HomeUser extends ActiveUser {
  /** The organization the page is about (its own, or the client chosen by login-as). */
  orgId: number;
  permissions: Permissions;
  catCompta: string | undefined;
  /** A representative logged in as this client: its own requests to study are shown too. */
  representative: boolean;
  context: PortalLoadContext;
}

/** The home page's user; a contributor chooses its client first (/clients), as before. */
export async function requireHomeUser(args: GuardArgs): Promise<HomeUser> {
  const active = await requireUser(args);
  const { user, master } = active.session;
  if (user.obj_class === "contributor") throw redirect("/clients");
  return {
    ...active,
    orgId: user.auth_org_id,
    permissions: permissionsOf(user, master),
    catCompta: user.obj_properties.N_CatCompta,
    representative: master?.obj_class === "contributor",
    context: args.context,
  };
}
