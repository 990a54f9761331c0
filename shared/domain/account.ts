import type { AuthUser } from "../contracts/entities";

/** What the price, tax and shipping rules need to know about the organization. */
export interface AccountContext {
  objRef: string;
  zipcode: string;
  country: string;
  catCompta: string | undefined;
  /**
   * A tag integrator programs the beacons itself: its orders are not checked for MMSI
   * certificates (organizations.is_integrator, set by the customers feed; absent: not one).
   */
  integrator?: boolean;
}

/** Accounting categories (N_CatCompta) invoiced without VAT nor ecotax: the "HT" accounts. */
export const TAX_EXEMPT_CATEGORIES: readonly string[] = ["Ventes en suspension de taxe", "Ventes export", "Ventes CEE"];
export const EXPORT_CATEGORY = "Ventes export";
/** Every accounting category an organization may have: the usual one (VAT and ecotax charged), then the "HT" ones. */
export const ACCOUNTING_CATEGORIES = ["Ventes France", "Ventes en suspension de taxe", "Ventes export", "Ventes CEE"] as const;
export type AccountingCategory = (typeof ACCOUNTING_CATEGORIES)[number];

export function isTaxExempt(catCompta: string | undefined): boolean {
  return catCompta !== undefined && TAX_EXEMPT_CATEGORIES.includes(catCompta.trim());
}

export function isExportAccount(catCompta: string | undefined): boolean {
  return catCompta?.trim() === EXPORT_CATEGORY;
}

/** Corsica: a French zip code starting with "20" (2A and 2B départements). */
export function isCorsica(zipcode: string, country: string): boolean {
  return country.trim().toUpperCase() === "FR" && zipcode.trim().startsWith("20");
}

/** Whether the organization's orders skip the MMSI certificate check (decision 0178: a column, no longer three references). */
export function isTagIntegrator(account: Pick<AccountContext, "integrator">): boolean {
  return account.integrator === true;
}

/** The context of the organization the user acts for (after login-as, the client). */
export function accountContextOf(user: AuthUser): AccountContext {
  return {
    objRef: user.obj_ref,
    zipcode: user.adr_zipcode,
    country: user.adr_country,
    catCompta: user.obj_properties.N_CatCompta,
    integrator: user.obj_properties.integrator === true,
  };
}
