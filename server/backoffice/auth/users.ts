import { sql, type Kysely } from "kysely";
import type { AuthUser } from "@shared/contracts/entities";
import type { Database, OrganizationRow, PeopleFlags, UserRow } from "../db/schema";

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("disabled", "=", false).executeTakeFirst();
}

export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(login)`, "=", login.trim().toLowerCase())
    .where("disabled", "=", false)
    .executeTakeFirst();
}

export async function findOrganization(db: Kysely<Database>, id: number): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organizations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account an organization logs in with (class organization, same id as the organization). */
export async function findOrganizationAccount(db: Kysely<Database>, orgId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", orgId)
    .where("class", "=", "organization")
    .where("disabled", "=", false)
    .executeTakeFirst();
}

/** Version and number of product lines of the organization's saved cart (0/0 when none). */
async function cartSummary(db: Kysely<Database>, orgId: number): Promise<{ version: number; count: number }> {
  // line_count is kept by every save (oms/cart-store.ts): no JSON to unpack on each /auth/me.
  const row = await db.selectFrom("carts").select(["version", "line_count as count"]).where("org_id", "=", orgId).executeTakeFirst();
  return row ?? { version: 0, count: 0 };
}

/** People flags as the contract shows them: only for class people, absent flags mean true. */
function visibleFlags(user: UserRow): PeopleFlags | undefined {
  return user.class === "people" ? (user.auth_flags ?? {}) : undefined;
}

/**
 * The contract's view of an account. `actingOrg` is the organization the token acts for: the
 * user's own, or the client chosen by login-as.
 */
export async function toAuthUser(db: Kysely<Database>, user: UserRow, actingOrg: OrganizationRow, expiresAt: Date): Promise<AuthUser> {
  const ownOrg = user.org_id === actingOrg.id ? actingOrg : await findOrganization(db, user.org_id);
  if (!ownOrg) throw new Error(`organization ${user.org_id} of user ${user.id} is missing`);
  const flags = visibleFlags(user);
  return {
    obj_id: user.id,
    obj_ref: ownOrg.ref,
    obj_name: user.class === "organization" ? ownOrg.name : user.name,
    obj_title: user.class === "organization" ? ownOrg.title : user.title,
    obj_class: user.class,
    auth_org_id: actingOrg.id,
    auth_expiry: expiresAt.toISOString(),
    adr_zipcode: ownOrg.zipcode,
    adr_country: ownOrg.country,
    obj_properties: {
      ...(ownOrg.cat_compta ? { N_CatCompta: ownOrg.cat_compta } : {}),
      org_name: ownOrg.name,
      ...(ownOrg.is_integrator ? { integrator: true } : {}),
      ...(flags ? { auth: flags } : {}),
      ...(user.class === "people" && user.is_admin ? { admin: true } : {}),
      cart: await cartSummary(db, actingOrg.id),
    },
  };
}
