import path from "node:path";
import { openDatabase, type OpenedDatabase } from "./backoffice/db/open";
import { seedDemoIfEmpty } from "./backoffice/seed/demo";

/** Opens the back-office database (PostgreSQL or embedded PGlite) and seeds the demo data on first start. */
export async function openPortalDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  memory: boolean;
  onDatabaseLost?: (error: Error) => void;
}): Promise<OpenedDatabase> {
  const opened = await openDatabase({
    url: options.databaseUrl,
    dataDir: path.join(options.dataDir, "pglite"),
    memory: options.memory,
    onDatabaseLost: options.onDatabaseLost,
  });
  try {
    await seedDemoIfEmpty(opened.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
