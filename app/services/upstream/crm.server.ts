import { z } from "zod";
import { addressListResponse } from "../../../shared/contracts/api";
import { address, type Address } from "../../../shared/contracts/entities";
import type { UpstreamHttp } from "./http.server";

/** The back-office's /api/crm endpoints used so far; the checkout and account issues extend it. */
export interface CrmClient {
  listAddresses(orgId: number): Promise<Address[]>;
  createAddress(input: Omit<Address, "obj_id">): Promise<Address>;
}

const createdAddress = address.extend({ obj_id: z.number().int().positive() });

export function createCrmClient(http: UpstreamHttp): CrmClient {
  return {
    listAddresses: (orgId) =>
      http.send({ method: "GET", path: "api/crm/addresses", query: { org_id: orgId }, schema: addressListResponse }),
    createAddress: (input) => http.send({ method: "POST", path: "api/crm/addresses", body: input, schema: createdAddress }),
  };
}
