/** The layout's view models, imported by its components and its server code alike. */

/**
 * What the account menu may offer; computed on the server (account-pages.ts) from the
 * back-office's fresh view of the user, so a right removed a moment ago leaves the menu at once.
 */
export interface AccountMenuAccess {
  canViewQuotes: boolean;
  canViewInvoices: boolean;
  canViewPrices: boolean;
  canPickClients: boolean;
  /** /mon-compte/validations: who may fill the cart may ask for approval (docs/approvals.md). */
  canUpdateCart: boolean;
  /** /mon-compte/commandes-programmees: who may order, or fill the cart (its runs then go to approval: docs/replenishment.md). */
  canSchedule: boolean;
  /** /mon-compte/retours: who may order may send products back (docs/returns-portal.md). */
  canReturn: boolean;
  /** /mon-compte/utilisateurs: the organization account (a contributor after login-as included) or a people administrator. */
  canManageUsers: boolean;
  /** /mon-compte/alertes-emails: every class but people (docs/specification.md §6). */
  canConfigureAlerts: boolean;
  /** /mon-compte/mot-de-passe: not while a contributor acts for a client (its password is its own). */
  canChangePassword: boolean;
}

/** A link to one of the account's pages. */
export interface AccountPageLink {
  to: string;
  label: string;
}

/** What the default layout shows around every page (layout.server.ts loadDefaultLayout). */
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
