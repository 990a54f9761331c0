import path from "node:path";
import { openDatabase, type OpenedDatabase } from "./backoffice/db/open";
import { seedDemoIfEmpty } from "./backoffice/seed/demo";

export interface PortalDatabase extends OpenedDatabase {
  /** No organization and no service token: a first start, to be set up with `npm run admin` (README). */
  empty: boolean;
}

/**
 * Opens the back-office database (PostgreSQL or embedded PGlite); with `demoData`, seeds the
 * demo into an empty one. Production seeds it only with DEMO_DATA=1 (decision 0163).
 */
export async function openPortalDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  memory: boolean;
  demoData: boolean;
  onDatabaseLost?: (error: Error) => void;
}): Promise<PortalDatabase> {
  const opened = await openDatabase({
    url: options.databaseUrl,
    dataDir: path.join(options.dataDir, "pglite"),
    memory: options.memory,
    onDatabaseLost: options.onDatabaseLost,
  });
  try {
    if (options.demoData) await seedDemoIfEmpty(opened.db);
    const organization = await opened.db.selectFrom("organizations").select("id").limit(1).executeTakeFirst();
    const token = await opened.db.selectFrom("service_tokens").select("id").limit(1).executeTakeFirst();
    return { ...opened, empty: !organization && !token };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/** What the log says on a start with an empty database: how to create the first token and accounts. */
export const FIRST_START_NOTICE =
  "Base de données vide : le portail démarre sans données de démonstration (DEMO_DATA=1 les ajoute). " +
  "Créez le jeton de service de l'ERP, le portail arrêté, avec les mêmes DATABASE_URL ou DATA_DIR : npm run service-token -- create ERP ; " +
  "puis, le portail démarré, chargez les fichiers de l'ERP dans cet ordre : npm run import -- categories, brands, products, stock, shipping, " +
  "price-groups, customers, users (--invite envoie les invitations), prices (docs/integration.md). " +
  "Un compte à la main : npm run admin -- organization create … puis user create … --admin (affiche le lien d'invitation). " +
  "Voir le README, « First start in production ».";
