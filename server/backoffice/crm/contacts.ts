import type { Kysely } from "kysely";
import type { Contacts, CustomerService } from "@shared/contracts/contacts";
import type { Database } from "../db/schema";

/**
 * The distributor's customer service, a fact of the distributor (not of a client): kept with
 * the back-office's configuration (docs/backoffice-api.md, CRM; docs/decisions/0106-contacts-on-the-account-home.md).
 */
export const CUSTOMER_SERVICE: CustomerService = {
  name: "Service clients NautiDistrib",
  email: "service.clients@nautidistrib.fr",
  phone: "+33 2 97 84 12 50",
  hours: "Du lundi au vendredi, de 8 h 30 à 12 h 30 et de 13 h 30 à 17 h 30",
};

/**
 * The organization's sales representatives: the enabled contributor accounts linked to it in
 * contributor_clients (the seed's links, docs/decisions/0020-backoffice-auth.md), by name.
 * Their login is their e-mail address; the users table keeps no phone, hence null.
 */
export async function organizationContacts(db: Kysely<Database>, orgId: number): Promise<Contacts> {
  const reps = await db
    .selectFrom("contributor_clients as cc")
    .innerJoin("users as u", "u.id", "cc.contributor_id")
    .select(["u.id", "u.name", "u.title", "u.login"])
    .where("cc.org_id", "=", orgId)
    .where("u.class", "=", "contributor")
    .where("u.disabled", "=", false)
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
  return {
    sales_representatives: reps.map((rep) => ({ usr_id: rep.id, name: rep.name, title: rep.title, email: rep.login, phone: null })),
    customer_service: CUSTOMER_SERVICE,
  };
}
