import { z } from "zod";
// French zod messages, as every contract has them (docs/decisions/0096-french-zod-messages.md).
import "./french-messages";
import { idParam } from "./primitives";

/**
 * The organization's contacts at the distributor, shown on the account home
 * (docs/specification.md §6: every class but people and contributor;
 * docs/decisions/0106-contacts-on-the-account-home.md).
 * GET /api/crm/contacts?org_id= answers `contactsResponse`.
 */

export const contactsQuery = z.object({ org_id: idParam }).strict();
export type ContactsQuery = z.infer<typeof contactsQuery>;

/** A contributor account linked to the organization (its sales representative). */
export const salesRepresentative = z
  .object({
    usr_id: z.number().int().positive(),
    name: z.string().min(1),
    title: z.string(),
    email: z.email(),
    /** The back-office keeps no phone for its accounts yet: null until it does. */
    phone: z.string().min(1).nullable(),
  })
  .strict();
export type SalesRepresentative = z.infer<typeof salesRepresentative>;

/** The distributor's customer service: a fact of the distributor, the same for every client. */
export const customerService = z
  .object({
    name: z.string().min(1),
    email: z.email(),
    phone: z.string().min(1),
    /** Opening hours as shown to users, e.g. « Du lundi au vendredi, de 8 h 30 à 12 h 30 … ». */
    hours: z.string().min(1),
  })
  .strict();
export type CustomerService = z.infer<typeof customerService>;

/** Representatives by name (none when the organization has no linked contributor). */
export const contactsResponse = z
  .object({
    sales_representatives: z.array(salesRepresentative),
    customer_service: customerService,
  })
  .strict();
export type Contacts = z.infer<typeof contactsResponse>;
