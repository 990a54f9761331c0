import { sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { Address } from "@shared/contracts/entities";
import type { AddressInput } from "@shared/contracts/users";
import type { Database } from "../db/schema";
import { toAddress } from "./addresses";

/** Case and runs of spaces do not make another address: « 12  Rue X » is « 12 rue x ». */
function normalized(value: Expression<string> | string): RawBuilder<string> {
  return sql<string>`lower(regexp_replace(btrim(${value}), '\\s+', ' ', 'g'))`;
}

/**
 * Adds a delivery address to the organization, or answers the one it already has that is the
 * same (name, lines, postal code, city, country, phone; case and spaces aside): each « nouvelle
 * adresse » of the checkout's delivery step used to add one more permanent address, the same
 * one four times (decision 0133). The organization's row is locked for the look-up and the
 * insert, so two identical requests at once make one address.
 */
export async function createOrReuseAddress(
  db: Kysely<Database>,
  orgId: number,
  input: AddressInput,
): Promise<{ address: Address; created: boolean }> {
  const values = {
    name: input.adr_name,
    line1: input.adr_line1,
    line2: input.adr_line2,
    zipcode: input.adr_zipcode,
    city: input.adr_city,
    country: input.adr_country.toUpperCase(),
    phone: input.adr_phone,
  };
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("organizations").select("id").where("id", "=", orgId).forUpdate().executeTakeFirst();
    const existing = await trx
      .selectFrom("addresses")
      .selectAll()
      .where("org_id", "=", orgId)
      .where((eb) =>
        eb.and(
          (["name", "line1", "line2", "zipcode", "city", "country", "phone"] as const).map((column) =>
            eb(normalized(eb.ref(column)), "=", normalized(values[column])),
          ),
        ),
      )
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (existing) return { address: toAddress(existing), created: false };
    const row = await trx
      .insertInto("addresses")
      .values({ org_id: orgId, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { address: toAddress(row), created: true };
  });
}
