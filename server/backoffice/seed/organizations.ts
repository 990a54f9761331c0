import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { CONTRIBUTORS, DEMO_INTEGRATOR_REFS, DISTRIBUTOR, NAMED_CLIENTS, otherClients, type OrgSeed } from "./organizations-data";
import type { Prng } from "./prng";

export interface SeededOrganizations {
  /** Client organization ids by reference (not the distributor). */
  clients: Map<string, number>;
}

/** Hashes one password per account; the demo and the benchmark choose how (see demo.ts). */
export type PasswordHasher = () => Promise<string>;

const STREETS = ["quai de la Douane", "rue du Port", "boulevard de la Mer", "avenue des Phares", "rue des Voiliers"];

/** The organization's legal data and payment terms (30 days when the seed names none). */
function legalColumns(seed: OrgSeed) {
  const legal = seed.legal;
  return {
    legal_form: legal?.legal_form ?? null,
    share_capital: legal?.share_capital ?? null,
    siren: legal?.siren ?? null,
    siret: legal?.siret ?? null,
    vat_number: legal?.vat_number ?? null,
    rcs: legal?.rcs ?? null,
    payment_terms_days: legal?.payment_terms_days ?? 30,
    payment_terms_end_of_month: legal?.payment_terms_end_of_month ?? false,
    street: legal?.street ?? null,
    iban: legal?.iban ?? null,
    bic: legal?.bic ?? null,
    email: legal?.email ?? null,
    phone: legal?.phone ?? null,
  };
}

async function insertOrganization(db: Kysely<Database>, seed: OrgSeed, isDistributor: boolean): Promise<number> {
  const { id } = await db
    .insertInto("organizations")
    .values({
      ref: seed.ref,
      name: seed.name,
      title: seed.name,
      zipcode: seed.zipcode,
      city: seed.city,
      country: seed.country,
      cat_compta: seed.catCompta,
      free_shipping_eligible: seed.freeShipping,
      is_distributor: isDistributor,
      is_integrator: DEMO_INTEGRATOR_REFS.includes(seed.ref),
      ...legalColumns(seed),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function insertAccounts(db: Kysely<Database>, orgId: number, seed: OrgSeed, hash: PasswordHasher): Promise<void> {
  if (seed.login) {
    // The organization's own account shares the organization's id (contract: obj_id = auth_org_id).
    await db
      .insertInto("users")
      .values({
        id: orgId,
        org_id: orgId,
        class: "organization",
        login: seed.login,
        password_hash: await hash(),
        name: seed.name,
        title: seed.name,
        auth_flags: null,
      })
      .execute();
  }
  for (const person of seed.people) {
    await db
      .insertInto("users")
      .values({
        org_id: orgId,
        class: "people",
        login: person.login,
        password_hash: await hash(),
        name: person.name,
        title: person.title,
        auth_flags: JSON.stringify(person.flags),
      })
      .execute();
  }
}

async function insertAddresses(db: Kysely<Database>, rng: Prng, orgId: number, seed: OrgSeed): Promise<void> {
  const addresses = Array.from({ length: 1 + seed.extraAddresses }, (_, index) => ({
    org_id: orgId,
    name: index === 0 ? `${seed.name} (siège)` : `${seed.name} – dépôt ${index}`,
    line1: `${rng.int(1, 120)} ${rng.pick(STREETS)}`,
    zipcode: seed.zipcode,
    city: seed.city,
    country: seed.country,
    phone: seed.country === "FR" ? `02 9${rng.int(0, 9)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}` : "",
  }));
  await db.insertInto("addresses").values(addresses).execute();
}

/**
 * The distributor with its contributors, the named demo clients and `otherCount` more, each
 * with its accounts and addresses; contributors are linked to their clients.
 */
export async function seedOrganizations(
  db: Kysely<Database>,
  rng: Prng,
  otherCount: number,
  hash: PasswordHasher,
): Promise<SeededOrganizations> {
  const distributorId = await insertOrganization(db, DISTRIBUTOR, true);
  await insertAddresses(db, rng, distributorId, DISTRIBUTOR);
  const others = otherClients(otherCount);
  const clients = new Map<string, number>();
  for (const seed of [...NAMED_CLIENTS, ...others]) {
    const orgId = await insertOrganization(db, seed, false);
    clients.set(seed.ref, orgId);
    await insertAccounts(db, orgId, seed, hash);
    await insertAddresses(db, rng, orgId, seed);
  }
  for (const contributor of CONTRIBUTORS) {
    const { id } = await db
      .insertInto("users")
      .values({
        org_id: distributorId,
        class: "contributor",
        login: contributor.login,
        password_hash: await hash(),
        name: contributor.name,
        title: contributor.title,
        auth_flags: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const refs = [...contributor.clients, ...others.slice(...contributor.otherRange).map((seed) => seed.ref)];
    const links = refs.flatMap((ref) => {
      const orgId = clients.get(ref);
      return orgId === undefined ? [] : [{ contributor_id: id, org_id: orgId }];
    });
    if (links.length > 0) await db.insertInto("contributor_clients").values(links).execute();
  }
  return { clients };
}
