import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (where package.json is), found from the calling module's URL: a source
 * file under server/ (tsx, vitest) and its compiled bundle under build/server/ (decision 0209)
 * sit at different depths, so a fixed "../.." would be right for one of them only.
 */
export function projectRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The project's folder: public/, build/ and the default data/ are found from it. */
export const ROOT_DIR = projectRoot(import.meta.url);
