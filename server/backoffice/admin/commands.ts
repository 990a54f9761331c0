import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { createServiceToken, revokeServiceTokens } from "../auth/service-tokens";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/schema";
import { recordChange } from "../users/history";
import { INVITATION_LIFETIME_MS } from "../users/invitations";
import { INVITATION_PATH } from "../users/mail";

/**
 * What `npm run admin` does to an empty production database (decision 0163): the distributor's
 * systems' service token, an organization, and an account that chooses its own password
 * through an invitation link (docs/users.md), never one typed on a command line. Data feeds
 * (customers, products) are another matter.
 */

/** A refusal of the command, in French: printed, exit code 1; nothing was changed. */
export class AdminRefusal extends Error {}

const text = (label: string, max: number) =>
  z
    .string({ error: `Indiquez ${label}.` })
    .trim()
    .min(1, `Indiquez ${label}.`)
    .max(max, `${label} : ${max} caractères au plus.`)
    .regex(/^\P{Cc}*$/u, `${label} : caractères de contrôle refusés.`);

const orgRef = z
  .string({ error: "Indiquez la référence de l'organisation (--ref)." })
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9][A-Z0-9_-]{0,19}$/,
    "La référence de l'organisation : lettres, chiffres, - ou _, 20 caractères au plus (par exemple C0001).",
  );

export const organizationInput = z.object({
  ref: orgRef,
  name: text("le nom (--name)", 150),
  zipcode: text("le code postal (--zipcode)", 12),
  city: text("la ville (--city)", 100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Le pays : son code ISO à deux lettres (--country FR).")
    .default("FR"),
  distributor: z.boolean().default(false),
});
export type OrganizationInput = z.input<typeof organizationInput>;

export const userInput = z.object({
  organization: orgRef,
  email: z
    .string({ error: "Indiquez l'adresse e-mail (--email)." })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email("Adresse e-mail invalide (--email), par exemple prenom.nom@exemple.fr.")
        .max(120, "L'adresse e-mail : 120 caractères au plus."),
    ),
  name: text("le nom de la personne (--name)", 100),
  title: z
    .string()
    .trim()
    .max(100)
    .regex(/^\P{Cc}*$/u)
    .default(""),
  admin: z.boolean().default(false),
  clients: z.array(orgRef).default([]),
});
export type UserInput = z.input<typeof userInput>;

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AdminRefusal(result.error.issues.map((issue) => issue.message).join("\n"));
  return result.data;
}

/** A new service token for `name`, returned once (only its hash is kept). */
export async function createToken(db: Kysely<Database>, name: string): Promise<string> {
  return createServiceToken(db, parsed(text("le nom du système (--name)", 100), name));
}

export async function revokeTokens(db: Kysely<Database>, name: string, now: Date): Promise<number> {
  return revokeServiceTokens(db, parsed(text("le nom du système (--name)", 100), name), now);
}

export async function createOrganization(db: Kysely<Database>, input: OrganizationInput): Promise<{ id: number; ref: string }> {
  const org = parsed(organizationInput, input);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("organizations").select("id").where("ref", "=", org.ref).executeTakeFirst();
    if (taken) throw new AdminRefusal(`L'organisation ${org.ref} existe déjà.`);
    if (org.distributor) {
      const distributor = await trx.selectFrom("organizations").select("ref").where("is_distributor", "=", true).executeTakeFirst();
      if (distributor) throw new AdminRefusal(`Le distributeur existe déjà (${distributor.ref}) : il n'y en a qu'un.`);
    }
    return trx
      .insertInto("organizations")
      .values({
        ref: org.ref,
        name: org.name,
        title: org.name,
        zipcode: org.zipcode,
        city: org.city,
        country: org.country,
        cat_compta: null,
        is_distributor: org.distributor,
      })
      .returning(["id", "ref"])
      .executeTakeFirstOrThrow();
  });
}

export interface CreatedUser {
  id: number;
  class: "people" | "contributor";
  /** The path of the invitation link (INVITATION_PATH/<token>): the person chooses their password there. */
  invitationPath: string;
  expiresAt: Date;
}

/** Who the history names as having invited the first accounts. */
const ACTOR_NAME = "Administration du portail (npm run admin)";

/**
 * An account without a password and its invitation link (7 days, single use). In a client
 * organization: a person, an administrator of its users with --admin. In the distributor's: a
 * contributor (sales staff), acting for the clients named with --client.
 */
export async function createUser(db: Kysely<Database>, input: UserInput, now: Date): Promise<CreatedUser> {
  const user = parsed(userInput, input);
  return db.transaction().execute(async (trx) => {
    const org = await trx
      .selectFrom("organizations")
      .select(["id", "is_distributor"])
      .where("ref", "=", user.organization)
      .executeTakeFirst();
    if (!org) throw new AdminRefusal(`Aucune organisation ${user.organization} : créez-la d'abord (organization create).`);
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(login)`, "=", user.email)
      .executeTakeFirst();
    if (taken) throw new AdminRefusal(`L'adresse ${user.email} est déjà celle d'un compte du portail.`);
    if (org.is_distributor && user.admin)
      throw new AdminRefusal("--admin vaut pour une organisation cliente : le personnel du distributeur n'en gère pas les utilisateurs.");
    if (!org.is_distributor && user.clients.length > 0)
      throw new AdminRefusal("--client vaut pour le personnel du distributeur (commerciaux).");
    const clientIds = await clientsOf(trx, user.clients);
    const person = await trx
      .insertInto("users")
      .values({
        org_id: org.id,
        class: org.is_distributor ? "contributor" : "people",
        login: user.email,
        // No password: the account cannot log in until the invitation is used (docs/users.md).
        password_hash: "",
        name: user.name,
        title: user.title,
        auth_flags: null,
        is_admin: user.admin,
      })
      .returning(["id", "name", "class"])
      .executeTakeFirstOrThrow();
    if (clientIds.length > 0)
      await trx
        .insertInto("contributor_clients")
        .values(clientIds.map((id) => ({ contributor_id: person.id, org_id: id })))
        .execute();
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
    // Nobody else exists yet to have invited them: the link names the account itself as its author.
    await trx
      .insertInto("user_invitations")
      .values({ user_id: person.id, token_hash: hashToken(token), created_by: person.id, created_at: now, expires_at: expiresAt })
      .execute();
    await recordChange(trx, {
      orgId: org.id,
      actor: { id: person.id, name: ACTOR_NAME },
      target: person,
      change: "invited",
      details: { email: user.email },
      at: now,
    });
    return {
      id: person.id,
      class: person.class === "contributor" ? "contributor" : "people",
      invitationPath: `${INVITATION_PATH}/${token}`,
      expiresAt,
    };
  });
}

async function clientsOf(db: Kysely<Database>, refs: readonly string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom("organizations")
    .select(["id", "ref"])
    .where("ref", "in", refs)
    .where("is_distributor", "=", false)
    .execute();
  const missing = refs.filter((ref) => !rows.some((row) => row.ref === ref));
  if (missing.length > 0) throw new AdminRefusal(`Aucune organisation cliente ${missing.join(", ")}.`);
  return rows.map((row) => row.id);
}
