import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The secret that signs the session cookie and seals the back-office token. Production must
 * provide it; in development one is generated once and kept under the data directory, so
 * sessions survive a restart without anyone committing a secret.
 */
export async function resolveSessionSecret(options: {
  provided: string | undefined;
  production: boolean;
  dataDir: string;
  warn: (message: string) => void;
}): Promise<string> {
  if (options.provided) return options.provided;
  if (options.production) throw new Error("SESSION_SECRET is required in production.");
  const file = path.join(options.dataDir, "session-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString("hex");
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  options.warn(`SESSION_SECRET is not set: using a development secret generated in ${file}. Set SESSION_SECRET in production.`);
  return secret;
}
