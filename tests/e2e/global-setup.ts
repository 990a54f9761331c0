import { rm } from "node:fs/promises";
import path from "node:path";
import { E2E_DATA_DIR, E2E_FRIDAY_DATA_DIR, E2E_HTML_DIR } from "../../playwright.config";

/**
 * Runs once the portals are up, before any test: empties their mail folders, where the
 * previous run's emails would carry the same order numbers as this run's (fresh databases),
 * and the pages' HTML the previous run recorded for the Nu Html Checker (html-validity.ts).
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([
    ...[E2E_DATA_DIR, E2E_FRIDAY_DATA_DIR].map((dir) => rm(path.join(dir, "mail"), { recursive: true, force: true })),
    rm(E2E_HTML_DIR, { recursive: true, force: true }),
  ]);
}
