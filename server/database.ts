import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "./backoffice/db/open";
import { seedDemoIfEmpty } from "./backoffice/seed/demo";
import { DEMO_DATABASE_DIR, demoDumpFile, existingDemoDump, saveDemoDump } from "./backoffice/seed/demo-database";

export interface PortalDatabase extends OpenedDatabase {
  /** No organization and no service token: a first start, to be set up with `npm run admin` (README). */
  empty: boolean;
  /** How the demo data came in on this start: copied from today's seeded copy, seeded, or not (already there, or none wanted). */
  demo: "copied" | "seeded" | null;
}

/** Whether `dir` has nothing in it (or is not there): a PGlite folder never opened. */
async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Opens the back-office database (PostgreSQL or embedded PGlite); with `demoData`, seeds the
 * demo into an empty one. Production seeds it only with DEMO_DATA=1 (decision 0163). A PGlite
 * folder opened for the first time starts from today's seeded copy when there is one, and
 * leaves one when there was none (server/backoffice/seed/demo-database.ts, decision 0210).
 */
export async function openPortalDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  memory: boolean;
  demoData: boolean;
  /** Folder of the seeded copies (default .cache/demo-database). */
  demoCopies?: string;
  onDatabaseLost?: (error: Error) => void;
  /** Told why a copy could not be used or written (the start goes on, seeding). */
  onDemoCopyError?: (error: unknown) => void;
}): Promise<PortalDatabase> {
  const pgliteDir = path.join(options.dataDir, "pglite");
  const copyFile =
    options.demoData && !options.databaseUrl && !options.memory && (await isEmptyFolder(pgliteDir))
      ? await demoDumpFile(options.demoCopies ?? DEMO_DATABASE_DIR)
      : undefined;
  const open = (pgliteDump?: string) =>
    openDatabase({
      url: options.databaseUrl,
      dataDir: pgliteDir,
      memory: options.memory,
      onDatabaseLost: options.onDatabaseLost,
      pgliteDump,
    });
  const copy = copyFile && existingDemoDump(copyFile);
  let opened: OpenedDatabase;
  let demo: PortalDatabase["demo"] = null;
  if (copy) {
    try {
      opened = await open(copy);
      demo = "copied";
    } catch (error) {
      // A copy that cannot be read (cut short, another PGlite): the folder was empty, start it again.
      options.onDemoCopyError?.(error);
      await rm(copy, { force: true });
      await rm(pgliteDir, { recursive: true, force: true });
      opened = await open();
    }
  } else {
    opened = await open();
  }
  try {
    if (options.demoData && demo === null && (await seedDemoIfEmpty(opened.db))) {
      demo = "seeded";
      if (copyFile) await saveDemoDump(opened, copyFile).catch((error: unknown) => options.onDemoCopyError?.(error));
    }
    const organization = await opened.db.selectFrom("organizations").select("id").limit(1).executeTakeFirst();
    const token = await opened.db.selectFrom("service_tokens").select("id").limit(1).executeTakeFirst();
    return { ...opened, empty: !organization && !token, demo };
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
