import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium, with JavaScript on and off, against fresh in-memory
 * portals on test clocks (PORTAL_FAKE_NOW, decision 0073): the usual one runs on a Thursday,
 * a second one on a Friday, so the Saturday delivery rule is checked both ways any day (and
 * the whole orders of checkout.spec.ts run there). Two workers, each with demo accounts of its
 * own (tests/e2e/fixtures.ts), so no two tests running at once share an organization's cart.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_FRIDAY_PORT = Number(process.env.E2E_FRIDAY_PORT ?? 3101);
export const E2E_FRIDAY_URL = `http://127.0.0.1:${E2E_FRIDAY_PORT}`;
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghij";
/**
 * Each portal's database is in memory; its files (mail, certificates) go to a folder of its
 * own, whose mail folder tests/e2e/global-setup.ts empties before the tests (order numbers
 * start again with each fresh database).
 */
export const E2E_DATA_DIR = path.join(tmpdir(), `portail-e2e-jeudi-${E2E_PORT}`);
export const E2E_FRIDAY_DATA_DIR = path.join(tmpdir(), `portail-e2e-vendredi-${E2E_FRIDAY_PORT}`);
/**
 * Where the pages' HTML is recorded where axe runs (tests/e2e/html-validity.ts), emptied by the
 * global setup, checked by the Nu Html Checker in the global teardown (decision 0190).
 */
export const E2E_HTML_DIR = path.join(tmpdir(), `portail-e2e-html-${E2E_PORT}`);

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
const dataDirEnv = (dir: string) => ({ DATA_DIR: dir, CERTIFICATES_DIR: path.join(dir, "certificates") });

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // One Nu Html Checker run over the HTML of every page axe checked (tests/e2e/html-validity.ts).
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // Tests are spread over the workers one by one. Each worker changes carts with accounts of its
  // own (tests/e2e/fixtures.ts, which has two sets: more workers need more sets first).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // A test waits for states, never for a delay; the ceiling is for a 2-core CI under load, where a
  // whole order (five pages and their saves) took more than 30 s.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "fr-FR",
    // Headless Chromium says "HeadlessChrome", which isbot classes as a bot; these tests are
    // about people (the bot behaviour has its own test with a crawler's user agent).
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium unless CHROME_PATH names another build (the bench reads the same variable).
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // axe checks the hydrated pages, so accessibility.spec.ts runs in the js project only.
    { name: "nojs", use: { javaScriptEnabled: false }, testIgnore: /accessibility\.spec\.ts$/ },
  ],
  // Both portals start at once (tests/e2e/portals.ts): the global setup then empties their
  // mail folders.
  webServer: {
    command: "node --import tsx tests/e2e/portals.ts",
    wait: { stdout: /Portails de test prêts/ },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      E2E_PORTALS: JSON.stringify([
        {
          url: `http://127.0.0.1:${E2E_PORT}`,
          env: { ...portalEnv, ...dataDirEnv(E2E_DATA_DIR), PORT: String(E2E_PORT), PORTAL_FAKE_NOW: coming("Thu") },
        },
        {
          url: E2E_FRIDAY_URL,
          env: { ...portalEnv, ...dataDirEnv(E2E_FRIDAY_DATA_DIR), PORT: String(E2E_FRIDAY_PORT), PORTAL_FAKE_NOW: coming("Fri") },
        },
      ]),
    },
  },
});
