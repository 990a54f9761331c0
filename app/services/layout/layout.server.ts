import { permissionsOf } from "@shared/domain/permissions";
import { accountAccessOf } from "./account-pages";
import type { DefaultLayoutData } from "./types";
import { confirmWithBackoffice, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

export type { DefaultLayoutData };

/**
 * What the default layout shows around every page, from ONE back-office call: /auth/me
 * confirms that the session's token is still valid (guards.server.ts) and carries the cart's
 * line count, read live from the carts table (docs/decisions/0081-portal-round-trips.md), so
 * the header needs no second call to the cart.
 */
export async function loadDefaultLayout(args: GuardArgs, active: ActiveUser): Promise<DefaultLayoutData> {
  const me = await confirmWithBackoffice(args, active).catch(asRouteError);
  const { user, master } = active.session;
  // The rights come from /auth/me, not the cookie: a flag or the admin role the organization
  // changed a moment ago shows in the menu on the person's next page (docs/users.md).
  const permissions = permissionsOf(me.user, me.master);
  // A contributor has no cart of its own (it acts on a client's); anyone else sees the
  // organization's cart, read-only without the `cart` right.
  const hasCart = user.obj_class !== "contributor";
  return {
    organizationName: organizationNameOf(user),
    userName: master ? master.obj_name : user.obj_name,
    cartCount: hasCart ? (me.user.obj_properties.cart?.count ?? 0) : null,
    canEditCart: hasCart && permissions.canUpdateCart,
    access: accountAccessOf(me.user, me.master),
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
