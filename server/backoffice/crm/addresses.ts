import type { Kysely, Selectable } from "kysely";
import type { Address } from "@shared/contracts/entities";
import type { AddressesTable, Database } from "../db/schema";

export function toAddress(row: Selectable<AddressesTable>): Address {
  return {
    obj_id: row.id,
    org_id: row.org_id,
    adr_name: row.name,
    adr_line1: row.line1,
    adr_line2: row.line2,
    adr_zipcode: row.zipcode,
    adr_city: row.city,
    adr_country: row.country,
    adr_phone: row.phone,
  };
}

/** The addresses among `ids` that belong to the organization, by id (another org's are left out). */
export async function ownAddresses(db: Kysely<Database>, orgId: number, ids: readonly number[]): Promise<Map<number, Address>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("addresses")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, toAddress(row)]));
}

/**
 * The organization's invoicing address: its head office, its first address, created with the
 * account (docs/decisions/0071). Delivery addresses added later come after it.
 */
export async function headOfficeAddress(db: Kysely<Database>, orgId: number): Promise<Address | undefined> {
  const row = await db.selectFrom("addresses").selectAll().where("org_id", "=", orgId).orderBy("id").limit(1).executeTakeFirst();
  return row ? toAddress(row) : undefined;
}
