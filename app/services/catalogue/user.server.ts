import { redirect } from "@remix-run/node";
import { permissionsOf, type Permissions } from "@shared/domain/permissions";
import type { CatalogueServices } from "./services.server";
import type { Brand } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import { confirmWithBackoffice, requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";

export interface CatalogueUser extends ActiveUser {
  /** The organization whose prices and tree are shown: the contract's usr_id. */
  usrId: number;
  permissions: Permissions;
  catCompta: string | undefined;
  /** The catalogue's tuning and caches (the portal's services). */
  catalogue: CatalogueServices;
  /** The back-office's catalogue revision, from this request's /auth/me (asked once, shared with the layout). */
  catalogueRevision: () => Promise<number>;
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
    catalogueRevision: async () => (await confirmWithBackoffice(args, active)).catalogue_revision,
  };
}

/** The category tree the user sees, from this process's cache while the catalogue has not changed. */
export async function categoryTreeOf(user: CatalogueUser): Promise<Category[]> {
  return user.catalogue.caches.categoryTree(user.upstream, user.usrId, await user.catalogueRevision());
}

/** The brands with their product counts, from this process's cache while the catalogue has not changed. */
export async function brandsOf(user: CatalogueUser): Promise<Brand[]> {
  return user.catalogue.caches.brands(user.upstream, await user.catalogueRevision());
}
