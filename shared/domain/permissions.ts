import type { AuthUser } from "../contracts/entities";

/** What the current user may do in the portal (docs/specification.md §6). */
export interface Permissions {
  canUpdateCart: boolean;
  canOrder: boolean;
  canViewQuotes: boolean;
  canViewInvoices: boolean;
  canViewPrices: boolean;
  canViewContacts: boolean;
  canConfigureAlerts: boolean;
  /** The /clients picker and login-as. */
  canPickClients: boolean;
}

/**
 * Organization and contributor accounts may do everything their class allows; a people
 * account's cart, orders, quotes, invoices and prices rights come from its auth flags, each
 * true when absent. After login-as the user is the client organization and the contributor is
 * the master: pass the master so the picker stays reachable to switch clients.
 */
export function permissionsOf(user: AuthUser, master: AuthUser | null = null): Permissions {
  const isPeople = user.obj_class === "people";
  const flags = isPeople ? (user.obj_properties.auth ?? {}) : {};
  return {
    canUpdateCart: flags.cart ?? true,
    canOrder: flags.orders ?? true,
    canViewQuotes: flags.quotes ?? true,
    canViewInvoices: flags.invoices ?? true,
    canViewPrices: flags.prices ?? true,
    canViewContacts: user.obj_class === "organization",
    canConfigureAlerts: !isPeople,
    canPickClients: user.obj_class === "contributor" || master?.obj_class === "contributor",
  };
}
