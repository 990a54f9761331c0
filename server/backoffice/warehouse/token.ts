import { createServiceToken, revokeServiceTokens } from "../auth/service-tokens";
import { openCommandDatabase } from "../db/command-database";

/**
 * `npm run warehouse -- token NOM`: a new service token for a system, written straight into
 * the database (db/command-database.ts: DATABASE_URL, else PGlite in PGLITE_DIR or
 * DATA_DIR/pglite; stop the portal first, an embedded database has one user). The token is
 * printed once; only its hash is kept. `npm run service-token` does the same and lists them.
 */
export async function tokenCommand(name: string, revoke: boolean, env: NodeJS.ProcessEnv): Promise<string> {
  const { db, close } = await openCommandDatabase(env);
  try {
    if (revoke) {
      const count = await revokeServiceTokens(db, name, new Date());
      return count === 0
        ? `Aucun jeton actif pour « ${name} ».`
        : `${count} jeton${count > 1 ? "s" : ""} de « ${name} » révoqué${count > 1 ? "s" : ""}.`;
    }
    const token = await createServiceToken(db, name);
    return `Jeton de service pour « ${name} » (affiché une seule fois) :\n${token}\nDonnez-le au système par WAREHOUSE_TOKEN, ou écrivez-le dans data/warehouse-token.`;
  } finally {
    await close();
  }
}
