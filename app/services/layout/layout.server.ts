import { permissionsOf } from "@shared/domain/permissions";
import type { AccountMenuAccess } from "./types";
import { confirmWithBackoffice, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

export interface DefaultLayoutData {
  organizationName: string;
  userName: string;
  /** Products in the organization's cart, for every account that can see it (read-only too). */
  cartCount: number | null;
  /** False for a people account without the `cart` right: its cart is read-only, no quick order. */
  canEditCart: boolean;
  access: AccountMenuAccess;
  actingFor: { clientName: string; clientRef: string; masterName: string } | null;
}

/**
 * What the default layout shows around every page, from ONE back-office call: /auth/me
 * confirms that the session's token is still valid (guards.server.ts) and carries the cart's
 * line count, read live from the carts table (docs/decisions/0081-portal-round-trips.md), so
 * the header needs no second call to the cart.
 */
export async function loadDefaultLayout(args: GuardArgs, active: ActiveUser): Promise<DefaultLayoutData> {
  const me = await confirmWithBackoffice(args, active).catch(asRouteError);
  const { user, master } = active.session;
  const permissions = permissionsOf(user, master);
  // A contributor has no cart of its own (it acts on a client's); anyone else sees the
  // organization's cart, read-only without the `cart` right.
  const hasCart = user.obj_class !== "contributor";
  return {
    organizationName: organizationNameOf(user),
    userName: master ? master.obj_name : user.obj_name,
    cartCount: hasCart ? (me.user.obj_properties.cart?.count ?? 0) : null,
    canEditCart: hasCart && permissions.canUpdateCart,
    access: {
      canViewQuotes: permissions.canViewQuotes,
      canViewInvoices: permissions.canViewInvoices,
      canViewPrices: permissions.canViewPrices,
      canPickClients: permissions.canPickClients,
    },
    actingFor: master ? { clientName: user.obj_name, clientRef: user.obj_ref, masterName: master.obj_name } : null,
  };
}

/**
 * An organization account carries its name; a person or a contributor carries its own
 * organization's name in obj_properties.org_name (an upstream without it: the reference).
 */
function organizationNameOf(user: ActiveUser["session"]["user"]): string {
  if (user.obj_class === "organization") return user.obj_name;
  return user.obj_properties.org_name ?? `Client ${user.obj_ref}`;
}
