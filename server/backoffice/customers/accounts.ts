import type { Kysely } from "kysely";
import type { PaymentTerms } from "@shared/contracts/imports";
import type { AccountingCategory } from "@shared/domain/account";
import type { Database } from "../db/schema";
import type { InvitedAccount } from "./invitations";

/**
 * A customer as the distributor's systems open it (the customers feed, an accepted account
 * request; decisions 0178 and 0179): the organization, its head office (the invoicing
 * address, decision 0071) and its own account (class organization, sharing the
 * organization's id, as login-as needs). Accounts are created without a password: nobody
 * logs in before choosing one through an invitation (docs/users.md).
 */

export interface CustomerFacts {
  reference: string;
  name: string;
  street: string;
  street2: string;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** An accounting category (ACCOUNTING_CATEGORIES); null only when an existing organization has none and the file says nothing. */
  cat_compta: AccountingCategory | null;
  siret: string | null;
  vat_number: string | null;
  payment_terms: PaymentTerms;
  free_shipping: boolean;
  integrator: boolean;
  /** The head office's phone, international format, or ''. */
  phone: string;
}

/** The organization's columns for these facts: the SIREN is the SIRET's first nine digits. */
export function organizationColumns(facts: CustomerFacts) {
  return {
    ref: facts.reference,
    name: facts.name,
    title: facts.name,
    street: facts.street,
    zipcode: facts.zipcode,
    city: facts.city,
    country: facts.country,
    cat_compta: facts.cat_compta,
    siret: facts.siret,
    siren: facts.siret ? facts.siret.slice(0, 9) : null,
    vat_number: facts.vat_number,
    payment_terms_days: facts.payment_terms.days,
    payment_terms_end_of_month: facts.payment_terms.end_of_month,
    free_shipping_eligible: facts.free_shipping,
    is_integrator: facts.integrator,
  };
}

/** Address names are 100 characters at most (the contract's `adr_name`). */
const addressName = (name: string, what: string) => `${name.slice(0, 100 - what.length - 3)} (${what})`;
export const headOfficeName = (name: string) => addressName(name, "siège");
export const deliveryName = (name: string) => addressName(name, "livraison");

/**
 * The login of an organization account without an e-mail: its reference. It never receives
 * mail (order e-mails go to logins with an « @ ») and cannot log in until an e-mail is given
 * and an invitation used.
 */
export function organizationLogin(reference: string, email: string | null): string {
  return email ?? reference;
}

/** Inserts the organization, its head office and its own account; returns the account. */
export async function insertCustomer(trx: Kysely<Database>, facts: CustomerFacts, email: string | null): Promise<InvitedAccount> {
  const { id } = await trx.insertInto("organizations").values(organizationColumns(facts)).returning("id").executeTakeFirstOrThrow();
  await trx
    .insertInto("addresses")
    .values({
      org_id: id,
      name: headOfficeName(facts.name),
      line1: facts.street,
      line2: facts.street2,
      zipcode: facts.zipcode,
      city: facts.city,
      country: facts.country,
      phone: facts.phone,
    })
    .execute();
  return insertOrganizationAccount(trx, { id, name: facts.name }, organizationLogin(facts.reference, email));
}

/** The organization's own account, without a password (the contract: its id is the organization's). */
export async function insertOrganizationAccount(
  trx: Kysely<Database>,
  org: { id: number; name: string },
  login: string,
): Promise<InvitedAccount> {
  await trx
    .insertInto("users")
    .values({
      id: org.id,
      org_id: org.id,
      class: "organization",
      login,
      password_hash: "",
      name: org.name,
      title: org.name,
      auth_flags: null,
    })
    .execute();
  return { id: org.id, org_id: org.id, login, name: org.name };
}

/** Makes `wanted` the contributors following the organization: the missing links added, the others removed. */
export async function setContributors(
  trx: Kysely<Database>,
  orgId: number,
  wanted: readonly number[],
  current: readonly number[],
): Promise<void> {
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (added.length > 0)
    await trx
      .insertInto("contributor_clients")
      .values(added.map((contributorId) => ({ contributor_id: contributorId, org_id: orgId })))
      .execute();
  if (removed.length > 0)
    await trx.deleteFrom("contributor_clients").where("org_id", "=", orgId).where("contributor_id", "in", removed).execute();
}
