import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { sessionResponse } from "@shared/contracts/api";
import { createPortalSessions } from "~/services/session.server";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { followDocuments } from "./html-validity";

export { expect };

export const DEMO_PASSWORD = "demo1234";

export interface Account {
  login: string;
  /** The name the portal shows for the account ("Passée par …"). */
  name: string;
}

/**
 * The demo accounts a test may change (a cart, its options, favourites, an order), one set per
 * parallel worker so that two workers never share an organization's cart: the demo seed
 * (server/backoffice/seed/organizations-data.ts) has two sets alike in every way the tests
 * look at. Tests that only read keep the README's accounts.
 */
export interface WorkerAccounts {
  /** An organization's own account: Ventes France, mainland, free-shipping eligible. */
  organization: Account;
  /** A person of that organization with every permission. */
  buyer: Account;
  /** Another organization's own account, whose cart nobody else changes. */
  otherOrganization: Account;
  /** The worker's organization's customer code (the ERP's calls name it). */
  organizationRef: string;
  /** An organization in « Ventes en suspension de taxe » (HT amounts only). */
  taxExempt: Account;
  /** A contributor, and a Corsican client organization it may act for. */
  contributor: Account;
  corsicanClient: { ref: string; name: string };
}

const ACCOUNTS_BY_WORKER: readonly WorkerAccounts[] = [
  {
    organization: { login: "client@voilerie-atlantique.fr", name: "Voilerie Atlantique" },
    organizationRef: "C0001",
    buyer: { login: "acheteur@voilerie-atlantique.fr", name: "Maël Kerjean" },
    otherOrganization: { login: "contact@nautisme-ajaccio.fr", name: "Nautisme Ajaccio" },
    taxExempt: { login: "achats@chantier-naval-suspension.fr", name: "Chantier Naval du Port" },
    contributor: { login: "commercial@nautidistrib.fr", name: "Yann Le Gall" },
    corsicanClient: { ref: "C0005", name: "Nautisme Ajaccio" },
  },
  {
    organization: { login: "contact@marine-services-la-rochelle.fr", name: "Marine Services La Rochelle" },
    organizationRef: "C0010",
    buyer: { login: "acheteur@marine-services-la-rochelle.fr", name: "Acheteur La Rochelle" },
    otherOrganization: { login: "contact@chantier-saint-nazaire.fr", name: "Chantier Saint-Nazaire" },
    taxExempt: { login: "contact@shipchandler-concarneau.fr", name: "Shipchandler Concarneau" },
    contributor: { login: "commercial2@nautidistrib.fr", name: "Sophie Martin" },
    corsicanClient: { ref: "C0028", name: "Shipchandler Bastia" },
  },
];

interface TestFixtures {
  /**
   * Puts a session of `login` in `context` (the test's own by default), as the login form would
   * (decision 0030): the back-office's real login API gives the token, the portal's own session
   * code seals it into the cookie. No page is loaded; the test goes where it wants next.
   * The cookie is made once per worker and login, so a test that logs out (which ends the
   * session it used) logs in with the form instead.
   */
  loginAs: (login: string, context?: BrowserContext) => Promise<void>;
  /** A page in a browser context of its own (another person's browser), logged in as `login`. */
  openAs: (login: string) => Promise<Page>;
}

interface WorkerFixtures {
  accounts: WorkerAccounts;
  /** Session cookie values by portal and login, made once per worker (one API login each). */
  sessionCookies: Map<string, Promise<{ value: string; expires: number }>>;
}

const sessions = createPortalSessions({ secret: E2E_SESSION_SECRET, secure: false });

// The fixtures' second argument is Playwright's `use`, named `provide` here so that the React
// hooks lint rule does not take it for React's use().
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The HTML check reads the server's answer of the page's last document load (html-validity.ts).
  page: async ({ page }, provide) => {
    followDocuments(page);
    await provide(page);
  },
  accounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, provide, workerInfo) => {
      const accounts = ACCOUNTS_BY_WORKER[workerInfo.parallelIndex];
      if (!accounts)
        throw new Error(
          `No demo account set for parallel worker ${workerInfo.parallelIndex}: keep workers ≤ ${ACCOUNTS_BY_WORKER.length} in playwright.config.ts.`,
        );
      await provide(accounts);
    },
    { scope: "worker" },
  ],
  sessionCookies: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, provide) => {
      await provide(new Map());
    },
    { scope: "worker" },
  ],
  loginAs: async ({ context, request, baseURL, sessionCookies }, provide) => {
    const portal = baseURL ?? "";
    await provide(async (login, target = context) => {
      const key = `${portal} ${login}`;
      let cookie = sessionCookies.get(key);
      if (!cookie) {
        cookie = (async () => {
          const response = await request.post(`${portal}/api/auth/login`, { data: { login, password: DEMO_PASSWORD } });
          expect(response.status(), `back-office login of ${login}`).toBe(200);
          const { token, user, master } = sessionResponse.parse(await response.json());
          const setCookie = await sessions.start({ token, user, master });
          const value = (setCookie.split(";")[0] ?? "").slice(`${sessions.cookieName}=`.length);
          return { value, expires: Math.floor(Date.parse(user.auth_expiry) / 1000) };
        })();
        sessionCookies.set(key, cookie);
        // A failed login is not kept for the next test.
        cookie.catch(() => sessionCookies.delete(key));
      }
      const { value, expires } = await cookie;
      await target.addCookies([{ name: sessions.cookieName, value, url: portal, httpOnly: true, sameSite: "Lax", expires }]);
    });
  },
  openAs: async ({ browser, loginAs }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (login) => {
      // Inside a test, browser.newContext() takes the project's options (baseURL, JavaScript…).
      const context = await browser.newContext();
      contexts.push(context);
      await loginAs(login, context);
      const page = await context.newPage();
      followDocuments(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** Logs in through the real form, as a user would (login.spec.ts and the landing checks). */
export async function logInWithForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/connexion");
  await page.getByLabel("Identifiant (adresse e-mail)").fill(login);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Logs out through the account menu (a <details> element: it opens without JavaScript too). */
export async function logOutFromMenu(page: Page): Promise<void> {
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/connexion$/);
}

/**
 * With JavaScript, waits until the page is interactive: a click before hydration would send a
 * form the plain way (no modal, no fetcher). The layout marks <html> once hydrated and its live
 * channel is open. Without JavaScript there is nothing to wait for.
 */
export async function waitUntilInteractive(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
}
