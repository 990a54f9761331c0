import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium, with JavaScript on and off, against fresh in-memory
 * portals on test clocks (PORTAL_FAKE_NOW, decision 0073): the usual one runs on a Thursday,
 * a second one on a Friday, so the Saturday delivery rule is checked both ways any day.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_FRIDAY_PORT = Number(process.env.E2E_FRIDAY_PORT ?? 3101);
export const E2E_FRIDAY_URL = `http://127.0.0.1:${E2E_FRIDAY_PORT}`;
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghij";

/**
 * The coming day named `weekday` ("Thu", "Fri") in France, 1 to 7 days ahead, in the morning
 * there: a test clock starts in the future (the browser would drop a session cookie already
 * expired in real time) and far from midnight (a run never crosses into the next day).
 */
function coming(weekday: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });
  const dayName = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", weekday: "short" });
  for (let offset = 1; offset <= 7; offset++) {
    const instant = new Date(Date.now() + offset * 86_400_000);
    if (dayName.format(instant) === weekday) return `${day.format(instant)}T10:00:00+01:00`;
  }
  throw new Error(`no ${weekday} within a week`);
}

const portalEnv = { HOST: "127.0.0.1", DATABASE_MEMORY: "1", SESSION_SECRET: E2E_SESSION_SECRET, NODE_ENV: "test", LOG_LEVEL: "warn" };
// The Friday portal's database is in memory like the other's; its files (mail, certificates) go
// to a folder of its own.
const fridayDataDir = path.join(tmpdir(), `portail-e2e-vendredi-${E2E_FRIDAY_PORT}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "fr-FR",
    // Headless Chromium says "HeadlessChrome", which isbot classes as a bot; these tests are
    // about people (the bot behaviour has its own test with a crawler's user agent).
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "nojs", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node --import tsx server/index.ts",
      url: `http://127.0.0.1:${E2E_PORT}/connexion`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...portalEnv, PORT: String(E2E_PORT), PORTAL_FAKE_NOW: coming("Thu") },
    },
    {
      command: "node --import tsx server/index.ts",
      url: `${E2E_FRIDAY_URL}/connexion`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...portalEnv,
        PORT: String(E2E_FRIDAY_PORT),
        PORTAL_FAKE_NOW: coming("Fri"),
        DATA_DIR: fridayDataDir,
        CERTIFICATES_DIR: path.join(fridayDataDir, "certificates"),
      },
    },
  ],
});
