import { permissionsOf } from "../../shared/domain/permissions";
import type { AccountMenuAccess } from "../components/layout/AccountMenu";
import type { ActiveUser } from "./guards.server";
import { countCartProducts } from "./upstream/oms.server";

export interface DefaultLayoutData {
  organizationName: string;
  userName: string;
  cartCount: number | null;
  access: AccountMenuAccess;
  actingFor: { clientName: string; clientRef: string; masterName: string } | null;
}

/**
 * What the default layout shows around every page. The cart count is read fresh from the
 * back-office; if that fails the page still renders, with the count known at login.
 */
export async function loadDefaultLayout({ session, upstream }: ActiveUser): Promise<DefaultLayoutData> {
  const { user, master } = session;
  const permissions = permissionsOf(user, master);
  const showsCart = permissions.canUpdateCart && user.obj_class !== "contributor";
  const cartCount = showsCart
    ? await upstream.oms
        .getCart(user.auth_org_id)
        .then(countCartProducts)
        .catch(() => user.obj_properties.cart?.count ?? 0)
    : null;
  return {
    organizationName: organizationNameOf(session.user),
    userName: master ? master.obj_name : user.obj_name,
    cartCount,
    access: {
      canOrder: permissions.canOrder,
      canViewQuotes: permissions.canViewQuotes,
      canViewInvoices: permissions.canViewInvoices,
      canViewPrices: permissions.canViewPrices,
      canPickClients: permissions.canPickClients,
    },
    actingFor: master ? { clientName: user.obj_name, clientRef: user.obj_ref, masterName: master.obj_name } : null,
  };
}

/**
 * An organization account carries its name. The contract gives a person only its
 * organization's reference (obj_title is the person's job), so that is what is shown.
 */
function organizationNameOf(user: ActiveUser["session"]["user"]): string {
  if (user.obj_class === "organization") return user.obj_name;
  if (user.obj_class === "contributor") return "NautiDistrib";
  return `Client ${user.obj_ref}`;
}
