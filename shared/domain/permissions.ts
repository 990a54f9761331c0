import type { AuthUser } from "../contracts/entities";
import type { PeopleFlagsView } from "../contracts/users";

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
    canViewInvoices: invoicesVisible(flags),
    canViewPrices: flags.prices ?? true,
    canViewContacts: user.obj_class === "organization",
    canConfigureAlerts: !isPeople,
    canPickClients: user.obj_class === "contributor" || master?.obj_class === "contributor",
  };
}

/** The two flags the invoices rule reads, each true when absent (a people account's stored flags). */
export interface PriceAndInvoiceFlags {
  invoices?: boolean | undefined;
  prices?: boolean | undefined;
}

/**
 * Invoices are amounts: a person who may not see prices may not see invoices either, whatever
 * the invoices flag says (issue 36, decision 0188). The back-office's session check, the
 * portal's permissions and the users page all read the right through this.
 */
export function invoicesVisible(flags: PriceAndInvoiceFlags): boolean {
  return (flags.invoices ?? true) && (flags.prices ?? true);
}

/** Said where the invoices right is refused for want of the prices right (users page, API, ERP feed). */
export const INVOICES_NEED_PRICES =
  "« Voir les factures » demande « Voir les prix » : une facture montre les montants. Accordez d'abord « Voir les prix ».";

/** Flags that give invoices without prices: refused when written (an invitation, an ERP file). */
export function invoicesWithoutPrices(flags: PriceAndInvoiceFlags): boolean {
  return flags.invoices === true && flags.prices === false;
}

export type FlagChange = { ok: true; flags: PeopleFlagsView } | { ok: false; message: string };

/**
 * A change of a person's rights, as the users page and `PATCH /crm/users/:id` ask it: removing
 * « Voir les prix » removes « Voir les factures » with it; granting invoices while prices stay
 * off is refused (nothing changes). Granting both at once is fine; any other change leaves the
 * flags coherent.
 */
export function changeFlags(before: PeopleFlagsView, asked: Partial<PeopleFlagsView>): FlagChange {
  const after: PeopleFlagsView = { ...before };
  for (const [name, value] of Object.entries(asked) as Array<[keyof PeopleFlagsView, boolean | undefined]>) {
    if (value !== undefined) after[name] = value;
  }
  if (asked.invoices === true && !after.prices) return { ok: false, message: INVOICES_NEED_PRICES };
  // Prices removed (or a row stored before the rule): invoices go with them.
  after.invoices = after.invoices && after.prices;
  return { ok: true, flags: after };
}
