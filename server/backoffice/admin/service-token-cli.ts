import path from "node:path";
import { formatDateTime } from "@shared/domain/french-format";
import { listServiceTokens } from "../auth/service-tokens";
import { openCommandDatabase } from "../db/command-database";
import { AdminRefusal, createToken, revokeTokens } from "./commands";

/**
 * `npm run service-token -- create|list|revoke …`: the distributor's systems' tokens (decision
 * 0102) on the portal's own database, demo data or not (README « First start in production »):
 * DATABASE_URL, else the embedded database of DATA_DIR (db/command-database.ts), the portal
 * stopped. A new token is printed once; only its sha256 is stored. Exit codes: 0 done, 1
 * refused (nothing changed), 2 wrong command line.
 */

export const SERVICE_TOKEN_USAGE = `Usage : npm run service-token -- <commande>

  create <nom>   crée un jeton pour le système <nom> (« ERP Sage », « Entrepôt ») ; il est affiché
                 une seule fois, seule son empreinte est gardée
  list           les jetons : système, date de création, actif ou révoqué
  revoke <nom>   révoque les jetons actifs de ce système

Base : DATABASE_URL, sinon la base embarquée de DATA_DIR (data) : arrêtez d'abord le portail.`;

export class ServiceTokenUsageError extends Error {}

/** Runs one command against the database of `env`; returns what to print. */
export async function runServiceToken(argv: readonly string[], env: NodeJS.ProcessEnv, now: Date = new Date()): Promise<string> {
  const [command = "help", ...words] = argv;
  if (command === "help" || command === "--help" || command === "-h") return SERVICE_TOKEN_USAGE;
  if (!["create", "list", "revoke"].includes(command)) throw new ServiceTokenUsageError(`Commande inconnue : « ${command} ».`);
  // « create ERP Sage » names « ERP Sage », quoted or not.
  const name = words.join(" ").trim();
  if (command === "list" && name !== "") throw new ServiceTokenUsageError(`Argument en trop : « ${name} ».`);
  if (command !== "list" && name === "")
    throw new ServiceTokenUsageError(`Indiquez le nom du système : npm run service-token -- ${command} "ERP Sage".`);
  const { db, close } = await openCommandDatabase(env);
  try {
    if (command === "create") {
      const token = await createToken(db, name);
      return `Jeton de service pour « ${name} » (affiché une seule fois, seule son empreinte est gardée) :\n${token}\nLe système l'envoie dans l'en-tête Authorization: Bearer … de ses appels /api/erp (docs/backoffice-api.md) ; npm run import et npm run warehouse le lisent dans WAREHOUSE_TOKEN.`;
    }
    if (command === "revoke") {
      const count = await revokeTokens(db, name, now);
      return count === 0
        ? `Aucun jeton actif pour « ${name} ».`
        : `${count} jeton${count > 1 ? "s" : ""} de « ${name} » révoqué${count > 1 ? "s" : ""}.`;
    }
    const tokens = await listServiceTokens(db);
    if (tokens.length === 0) return "Aucun jeton de service : créez-en un avec npm run service-token -- create <nom>.";
    const lines = tokens.map(
      (token) =>
        `  ${token.name} — créé le ${formatDateTime(token.created_at)}, ${token.revoked_at ? `révoqué le ${formatDateTime(token.revoked_at)}` : "actif"}`,
    );
    return [`Jetons de service (${tokens.length}) :`, ...lines].join("\n");
  } finally {
    await close();
  }
}

async function main(): Promise<number> {
  try {
    console.log(await runServiceToken(process.argv.slice(2), process.env));
    return 0;
  } catch (error) {
    if (error instanceof ServiceTokenUsageError) {
      console.error(`${error.message}\n\n${SERVICE_TOKEN_USAGE}`);
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

// Run as a command (npm run service-token), not when a test imports runServiceToken.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = await main();
