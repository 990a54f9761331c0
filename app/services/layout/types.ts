/** The layout's view models, imported by its components and its server code alike. */

/** What the account menu may offer; computed on the server from shared/domain's permissions. */
export interface AccountMenuAccess {
  canViewQuotes: boolean;
  canViewInvoices: boolean;
  canViewPrices: boolean;
  canPickClients: boolean;
}
