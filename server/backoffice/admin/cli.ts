import path from "node:path";
import { parseArgs } from "node:util";
import { localPortalUrl } from "../../config/env";
import { openCommandDatabase } from "../db/command-database";
import { AdminRefusal, createOrganization, createToken, createUser, revokeTokens } from "./commands";
import { formatDateTime } from "@shared/domain/french-format";

/**
 * `npm run admin -- <commande> …`: sets up an empty production database (decision 0163,
 * README « Premier démarrage en production »). Writes straight into the portal's database:
 * DATABASE_URL, else the embedded one under DATA_DIR (default data), which has one user at a
 * time: stop the portal first. Exit codes: 0 done, 1 refused (nothing changed), 2 wrong command line.
 */

export const USAGE = `Usage : npm run admin -- <commande> [options]

  token create --name NOM                 crée le jeton de service d'un système (ERP, entrepôt) ; affiché une seule fois
  token revoke --name NOM                 révoque les jetons de ce système
  organization create --ref C0001 --name NOM --zipcode CP --city VILLE [--country FR] [--distributor]
                                          crée une organisation cliente (ou le distributeur lui-même)
  user create --organization C0001 --email E --name NOM [--title T] [--admin] [--client C0002 …]
                                          crée un compte sans mot de passe et affiche son lien d'invitation
                                          (7 jours) : la personne y choisit son mot de passe. --admin : gère
                                          les utilisateurs de son organisation. Chez le distributeur : un
                                          commercial, qui agit pour les clients --client.

Base : DATABASE_URL, sinon la base embarquée de DATA_DIR (data) : arrêtez d'abord le portail.
Liens : PORTAL_URL (sinon http://localhost:PORT).`;

class UsageError extends Error {}

const OPTIONS = {
  name: { type: "string" },
  ref: { type: "string" },
  zipcode: { type: "string" },
  city: { type: "string" },
  country: { type: "string" },
  distributor: { type: "boolean" },
  organization: { type: "string" },
  email: { type: "string" },
  title: { type: "string" },
  admin: { type: "boolean" },
  client: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const;

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Runs one command against the database of `env`; returns what to print. */
export async function runAdmin(argv: readonly string[], env: NodeJS.ProcessEnv, now: Date = new Date()): Promise<string> {
  const { positionals, values } = parse(argv);
  const [subject = "help", verb = ""] = positionals;
  if (subject === "help" || values.help) return USAGE;
  const command = `${subject} ${verb}`;
  if (!["token create", "token revoke", "organization create", "user create"].includes(command))
    throw new UsageError(`Commande inconnue : « ${command.trim()} ».`);
  const { db, close } = await openCommandDatabase(env);
  try {
    switch (command) {
      case "token create": {
        const token = await createToken(db, values.name ?? "");
        return `Jeton de service pour « ${values.name?.trim()} » (affiché une seule fois, seule son empreinte est gardée) :\n${token}\nLe système l'envoie dans l'en-tête Authorization: Bearer … de ses appels /api/erp (docs/backoffice-api.md).`;
      }
      case "token revoke": {
        const count = await revokeTokens(db, values.name ?? "", now);
        return count === 0
          ? `Aucun jeton actif pour « ${values.name?.trim()} ».`
          : `${count} jeton${count > 1 ? "s" : ""} révoqué${count > 1 ? "s" : ""}.`;
      }
      case "organization create": {
        const org = await createOrganization(db, {
          ref: values.ref ?? "",
          name: values.name ?? "",
          zipcode: values.zipcode ?? "",
          city: values.city ?? "",
          country: values.country,
          distributor: values.distributor,
        });
        return `Organisation ${org.ref} créée${values.distributor ? " (le distributeur)" : ""}.`;
      }
      default: {
        const user = await createUser(
          db,
          {
            organization: values.organization ?? "",
            email: values.email ?? "",
            name: values.name ?? "",
            title: values.title,
            admin: values.admin,
            clients: values.client,
          },
          now,
        );
        const base = env.PORTAL_URL ?? localPortalUrl(env.HOST ?? "0.0.0.0", Number(env.PORT ?? 3000));
        const link = base ? new URL(user.invitationPath, base).href : user.invitationPath;
        const expires = formatDateTime(user.expiresAt);
        return `Compte ${user.class === "contributor" ? "commercial" : "utilisateur"} créé pour ${values.email?.trim().toLowerCase()}, sans mot de passe.\nLien d'invitation (une seule fois, jusqu'au ${expires}) : transmettez-le à la personne, qui y choisit son mot de passe :\n${link}`;
      }
    }
  } finally {
    await close();
  }
}

async function main(): Promise<number> {
  try {
    console.log(await runAdmin(process.argv.slice(2), process.env));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AdminRefusal) {
      console.error(`Refusé : ${error.message}`);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

// Run as a command (npm run admin), not when a test imports runAdmin.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = await main();
