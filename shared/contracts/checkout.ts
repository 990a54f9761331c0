import { z } from "zod";
import { address } from "./entities";
import { idParam } from "./primitives";

/**
 * Back-office endpoints the checkout adds (docs/checkout.md), beside the contract of api.ts:
 * GET /api/crm/invoicing-address?org_id=  the organization's invoicing address (its head office)
 * GET /api/crm/order-recipients?org_id=   who receives the order confirmation email
 */

export const orgQuery = z.object({ org_id: idParam }).strict();

export const invoicingAddressResponse = address.extend({ obj_id: z.number().int().positive() });

export const orderRecipientsResponse = z.object({ emails: z.array(z.email()).max(10) }).strict();
export type OrderRecipients = z.infer<typeof orderRecipientsResponse>;
