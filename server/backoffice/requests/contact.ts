import type { Kysely, Selectable } from "kysely";
import type { ContactReceipt, ContactRequest, ContactView } from "@shared/contracts/requests";
import type { ContactRequestsTable, Database } from "../db/schema";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import type { Session } from "../http/session";
import type { UserMail } from "../users/mail";
import { CONTACT_CAP, assertUnderCap } from "./limits";
import { contactCopyMail, contactToDistributorMail } from "./mail";

/**
 * A contact message (docs/requests.md): saved first, then e-mailed to the distributor's contact
 * address, before the answer. Only a signed-in writer gets a copy, at the account's own address
 * (its login), never at the one typed: a copy of any text to any address, from the
 * distributor's address, would be a relay for strangers. A message that could not be e-mailed
 * stays saved (the distributor's systems list them, GET /api/erp/contact-requests) and the
 * failure is logged. Signed in, the message is tied to the account that wrote it.
 */

export interface ContactDeps {
  db: Kysely<Database>;
  mail: UserMail;
  /** The distributor's contact address (requests/config.ts). */
  contactAddress: string;
}

/** The person who wrote: a contributor acting for a client is itself, for that client. */
function writerOf(session: Session | null): { userId: number | null; orgId: number | null; account: string | null; copyTo: string | null } {
  if (!session) return { userId: null, orgId: null, account: null, copyTo: null };
  const writer = session.master ?? session.user;
  return { userId: writer.id, orgId: session.org.id, account: `${session.org.name} (${session.org.ref})`, copyTo: writer.login };
}

export async function sendContact(deps: ContactDeps, request: ContactRequest, session: Session | null, now: Date): Promise<ContactReceipt> {
  await assertUnderCap(deps.db, CONTACT_CAP, request.email, now);
  const writer = writerOf(session);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("contact_requests")
      .values({
        subject: request.subject,
        message: request.message,
        name: request.name,
        email: request.email,
        phone: request.phone,
        company: request.company,
        user_id: writer.userId,
        org_id: writer.orgId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The distributor's CRM hears of it through the outbox, committed with it (decision 0182).
    await recordOutboxEvent(trx, {
      type: "contact_message.received",
      stream: `contact:${row.id}`,
      orgId: writer.orgId,
      at: now,
      data: { customer: writer.orgId === null ? null : await eventCustomerOf(trx, writer.orgId), message: contactViewOf(row) },
    });
    return row;
  });
  const facts = { request, receivedAt: now, account: writer.account };
  await deps.mail.send(deps.contactAddress, contactToDistributorMail(facts), "contact");
  if (writer.copyTo) await deps.mail.send(writer.copyTo, contactCopyMail(facts), "contact_copy");
  return { id: saved.id, received_at: now.toISOString() };
}

export async function listContacts(db: Kysely<Database>, limit: number): Promise<ContactView[]> {
  const rows = await db
    .selectFrom("contact_requests")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(contactViewOf);
}

function contactViewOf(row: Selectable<ContactRequestsTable>): ContactView {
  return {
    id: row.id,
    subject: row.subject as ContactView["subject"],
    message: row.message,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    usr_id: row.user_id,
    org_id: row.org_id,
    received_at: row.created_at.toISOString(),
  };
}
