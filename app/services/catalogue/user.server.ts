import { redirect } from "@remix-run/node";
import { permissionsOf, type Permissions } from "@shared/domain/permissions";
import type { CatalogueServices } from "./services.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";

export interface CatalogueUser extends ActiveUser {
  /** The organization whose prices and tree are shown: the contract's usr_id. */
  usrId: number;
  permissions: Permissions;
  catCompta: string | undefined;
  /** The catalogue's tuning and caches (the portal's services). */
  catalogue: CatalogueServices;
}

/**
 * Every catalogue loader and action starts here: the user must be logged in, and a
 * contributor must first choose the client it acts for (the prices are the client's).
 */
export async function requireCatalogueUser(args: GuardArgs): Promise<CatalogueUser> {
  const active = await requireUser(args);
  const { user, master } = active.session;
  if (user.obj_class === "contributor") throw redirect("/clients");
  return {
    ...active,
    usrId: user.auth_org_id,
    permissions: permissionsOf(user, master),
    catCompta: user.obj_properties.N_CatCompta,
    catalogue: args.context.catalogue,
  };
}
