import type { Kysely } from "kysely";
import { RETURNS_PAGE_SIZE, type ReturnStatus, type ServiceReturnListResponse } from "@shared/contracts/returns";
import type { Database } from "../db/schema";
import { listReturns } from "./view";

/**
 * Every organization's returns for the distributor's systems (GET /api/erp/returns), the latest
 * asked first, filtered by status and customer code (C0001, in any case), each with its customer
 * and every amount.
 */
export async function listServiceReturns(
  db: Kysely<Database>,
  query: { status?: ReturnStatus | undefined; org?: string | undefined; page: number },
): Promise<ServiceReturnListResponse> {
  const { rows, items, total } = await listReturns(
    db,
    { ...(query.status ? { status: query.status } : {}), ...(query.org ? { orgRef: query.org.toUpperCase() } : {}) },
    { page: query.page, size: RETURNS_PAGE_SIZE },
    { prices: true },
  );
  return {
    items: items.map((item, index) => ({
      ...item,
      customer_ref: rows[index]?.customer_ref ?? "",
      customer_name: rows[index]?.customer_name ?? "",
    })),
    total,
    page: query.page,
    size: RETURNS_PAGE_SIZE,
  };
}
