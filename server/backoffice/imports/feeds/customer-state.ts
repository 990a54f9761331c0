import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * What the customers and users feeds read of the database before planning: organizations by
 * reference, every account's login, the contributors, their links and the addresses a
 * customer line may change (the head office, and the feed's delivery address), and the price
 * groups a customer may be put in.
 */

/** The key of the delivery address the customers feed manages (addresses.erp_ref, migration 0022). */
export const DELIVERY_KEY = "LIVRAISON";

export interface StoredOrganization {
  id: number;
  ref: string;
  name: string;
  title: string;
  street: string | null;
  zipcode: string;
  city: string;
  country: string;
  cat_compta: string | null;
  siret: string | null;
  siren: string | null;
  vat_number: string | null;
  payment_terms_days: number;
  payment_terms_end_of_month: boolean;
  free_shipping_eligible: boolean;
  is_integrator: boolean;
  is_distributor: boolean;
  price_group_id: number | null;
}

export interface StoredAccount {
  id: number;
  org_id: number;
  class: "organization" | "people" | "contributor";
  login: string;
  password_hash: string;
  disabled: boolean;
}

export interface StoredAddress {
  id: number;
  org_id: number;
  name: string;
  line1: string;
  line2: string;
  zipcode: string;
  city: string;
  country: string;
  erp_ref: string | null;
}

export interface CustomerState {
  /** By upper-cased reference. */
  organizations: Map<string, StoredOrganization>;
  /** By lower-cased login: the unique index compares logins so. */
  logins: Map<string, StoredAccount>;
  /** Each organization's own account, by organization id. */
  organizationAccounts: Map<number, StoredAccount>;
  /** Active contributors' ids by lower-cased login. */
  contributors: Map<string, number>;
  /** The contributors following each organization. */
  links: Map<number, number[]>;
  headOffices: Map<number, StoredAddress>;
  deliveries: Map<number, StoredAddress>;
  /** The price groups' ids by upper-cased reference (the price-groups feed's). */
  priceGroups: Map<string, number>;
}

export async function loadCustomerState(trx: Kysely<Database>): Promise<CustomerState> {
  const [organizations, accounts, links, addresses, priceGroups] = await Promise.all([
    trx
      .selectFrom("organizations")
      .select([
        "id",
        "ref",
        "name",
        "title",
        "street",
        "zipcode",
        "city",
        "country",
        "cat_compta",
        "siret",
        "siren",
        "vat_number",
        "payment_terms_days",
        "payment_terms_end_of_month",
        "free_shipping_eligible",
        "is_integrator",
        "is_distributor",
        "price_group_id",
      ])
      .execute(),
    trx.selectFrom("users").select(["id", "org_id", "class", "login", "password_hash", "disabled"]).execute(),
    trx.selectFrom("contributor_clients").select(["contributor_id", "org_id"]).execute(),
    trx
      .selectFrom("addresses")
      .select(["id", "org_id", "name", "line1", "line2", "zipcode", "city", "country", "erp_ref"])
      .where((eb) =>
        eb.or([
          eb("erp_ref", "=", DELIVERY_KEY),
          eb(
            "id",
            "in",
            eb
              .selectFrom("addresses")
              .select(sql<number>`min(id)`.as("id"))
              .groupBy("org_id"),
          ),
        ]),
      )
      .execute(),
    trx.selectFrom("price_groups").select(["id", "ref"]).execute(),
  ]);
  const state: CustomerState = {
    organizations: new Map(organizations.map((org) => [org.ref.toUpperCase(), org])),
    logins: new Map(accounts.map((account) => [account.login.toLowerCase(), account])),
    organizationAccounts: new Map(
      accounts.filter((account) => account.class === "organization").map((account) => [account.org_id, account]),
    ),
    contributors: new Map(
      accounts
        .filter((account) => account.class === "contributor" && !account.disabled)
        .map((account) => [account.login.toLowerCase(), account.id]),
    ),
    links: new Map(),
    headOffices: new Map(),
    deliveries: new Map(),
    priceGroups: new Map(priceGroups.map((group) => [group.ref.toUpperCase(), group.id])),
  };
  for (const link of links) state.links.set(link.org_id, [...(state.links.get(link.org_id) ?? []), link.contributor_id]);
  for (const address of addresses) {
    if (address.erp_ref === DELIVERY_KEY) state.deliveries.set(address.org_id, address);
    else state.headOffices.set(address.org_id, address);
  }
  return state;
}
