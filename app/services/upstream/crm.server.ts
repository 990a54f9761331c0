import { z } from "zod";
import { addressListResponse } from "@shared/contracts/api";
import { contactsResponse, type Contacts } from "@shared/contracts/contacts";
import { invoicingAddressResponse, orderRecipientsResponse } from "@shared/contracts/checkout";
import { address, type Address } from "@shared/contracts/entities";
import type { UpstreamHttp } from "./http.server";

/** The back-office's /api/crm endpoints used so far; the checkout and account issues extend it. */
export interface CrmClient {
  listAddresses(orgId: number): Promise<Address[]>;
  /**
   * Adds a delivery address; `created` is false when the organization already had the same one
   * (case and spaces aside), answered instead of a copy (decision 0133).
   */
  createAddress(input: Omit<Address, "obj_id">): Promise<{ address: Address; created: boolean }>;
  /** The organization's invoicing address (its head office); a 404 UpstreamError when it has none. */
  getInvoicingAddress(orgId: number): Promise<Address>;
  /** Who receives the order confirmation email of this organization and caller. */
  getOrderRecipients(orgId: number): Promise<string[]>;
  /** Sales representatives and customer service; a 403 UpstreamError for a people account. */
  contacts(orgId: number): Promise<Contacts>;
}

const createdAddress = address.extend({ obj_id: z.number().int().positive() });

export function createCrmClient(http: UpstreamHttp): CrmClient {
  return {
    listAddresses: (orgId) =>
      http.send({ method: "GET", path: "api/crm/addresses", query: { org_id: orgId }, schema: addressListResponse }),
    async createAddress(input) {
      let status = 0;
      const answer = await http.send({
        method: "POST",
        path: "api/crm/addresses",
        body: input,
        schema: createdAddress,
        onStatus: (answered) => void (status = answered),
      });
      return { address: answer, created: status === 201 };
    },
    getInvoicingAddress: (orgId) =>
      http.send({ method: "GET", path: "api/crm/invoicing-address", query: { org_id: orgId }, schema: invoicingAddressResponse }),
    getOrderRecipients: (orgId) =>
      http
        .send({ method: "GET", path: "api/crm/order-recipients", query: { org_id: orgId }, schema: orderRecipientsResponse })
        .then((answer) => answer.emails),
    contacts: (orgId) => http.send({ method: "GET", path: "api/crm/contacts", query: { org_id: orgId }, schema: contactsResponse }),
  };
}
