import { sql, type Kysely, type Selectable } from "kysely";
import type { CreateCustomerFromRequest } from "@shared/contracts/requests";
import type { AccountRequestsTable, Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { insertCustomer, setContributors } from "../customers/accounts";
import { inviterName, prepareInvitation, type PreparedInvitation } from "../customers/invitations";

/**
 * An accepted account request opens its customer in the same transaction as the state move
 * (decision 0179): the organization from the request (company, SIRET, VAT number, address),
 * its head office and its own account, and the contact as a people account administering the
 * organization's users, with every right, invited to choose a password. Anything in the way
 * (a reference or an e-mail already taken, an unknown contributor) refuses the whole move.
 */

const EVERY_RIGHT = { cart: true, orders: true, quotes: true, invoices: true, prices: true };

export interface OpenedCustomer {
  orgId: number;
  invitation: PreparedInvitation;
}

export async function openCustomerFromRequest(
  trx: Kysely<Database>,
  request: Selectable<AccountRequestsTable>,
  customer: CreateCustomerFromRequest,
  facts: { system: string; now: Date },
): Promise<OpenedCustomer> {
  const taken = await trx
    .selectFrom("organizations")
    .select("ref")
    .where(sql<string>`upper(ref)`, "=", customer.reference)
    .executeTakeFirst();
  if (taken)
    throw new ApiFailure(409, "customer_exists", `La référence ${customer.reference} est déjà celle d'une organisation du portail.`);
  const email = request.email.trim().toLowerCase();
  const logins = [email, customer.reference.toLowerCase()];
  const used = await trx
    .selectFrom("users")
    .select("login")
    .where(sql<string>`lower(login)`, "in", logins)
    .executeTakeFirst();
  if (used)
    throw new ApiFailure(
      409,
      "email_in_use",
      `« ${used.login} » est déjà l'identifiant d'un compte du portail : le contact de la demande a peut-être déjà un compte.`,
    );
  const contributors = customer.contributors.length
    ? await trx
        .selectFrom("users")
        .select(["id", "login"])
        .where("class", "=", "contributor")
        .where("disabled", "=", false)
        .where(sql<string>`lower(login)`, "in", customer.contributors)
        .execute()
    : [];
  const unknown = customer.contributors.filter((login) => !contributors.some((row) => row.login.toLowerCase() === login));
  if (unknown.length > 0)
    throw new ApiFailure(
      422,
      "unknown_contributor",
      `Aucun commercial du portail n'a l'identifiant ${unknown.map((login) => `« ${login} »`).join(", ")}.`,
    );

  const account = await insertCustomer(
    trx,
    {
      reference: customer.reference,
      name: request.company,
      street: request.street,
      street2: "",
      zipcode: request.zipcode,
      city: request.city,
      country: request.country,
      cat_compta: customer.cat_compta ?? (request.country === "FR" ? "Ventes France" : "Ventes CEE"),
      siret: request.siret || null,
      vat_number: request.vat_number || null,
      payment_terms: customer.payment_terms,
      free_shipping: customer.free_shipping,
      integrator: customer.integrator,
      phone: request.phone,
    },
    null,
  );
  const orgId = account.org_id;
  await setContributors(
    trx,
    orgId,
    contributors.map((row) => row.id),
    [],
  );
  const person = await trx
    .insertInto("users")
    .values({
      org_id: orgId,
      class: "people",
      login: email,
      password_hash: "",
      name: request.contact_name,
      title: "",
      auth_flags: JSON.stringify(EVERY_RIGHT),
      is_admin: true,
      phone: request.phone,
    })
    .returning(["id", "org_id", "login", "name"])
    .executeTakeFirstOrThrow();
  await trx.updateTable("account_requests").set({ org_id: orgId }).where("id", "=", request.id).execute();
  const invitation = await prepareInvitation(trx, person, {
    orgName: request.company,
    inviterName: await inviterName(trx, facts.system),
    system: facts.system,
    now: facts.now,
  });
  return { orgId, invitation };
}
