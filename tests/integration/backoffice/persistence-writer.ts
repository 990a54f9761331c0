import { openDatabase } from "../../../server/backoffice/db/open";

/**
 * Child process of persistence.test.ts: opens the PGlite directory given as argument, commits
 * one cart version for the organization given, says so on stdout, then waits to be killed.
 */
const [dataDir, orgId, version] = process.argv.slice(2);
const { db } = await openDatabase({ dataDir });
await db
  .updateTable("carts")
  .set({ version: Number(version), data: JSON.stringify({ marker: `version ${version}` }), updated_at: new Date() })
  .where("org_id", "=", Number(orgId))
  .execute();
process.stdout.write("committed\n");
setInterval(() => undefined, 60_000);
