import { defineConfig } from "@playwright/test";

/** Browser tests in Debian's Chromium, with JavaScript on and off, against a fresh in-memory portal. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghij";

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
  webServer: {
    command: "node --import tsx server/index.ts",
    url: `http://127.0.0.1:${E2E_PORT}/connexion`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_MEMORY: "1",
      SESSION_SECRET: E2E_SESSION_SECRET,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    },
  },
});
