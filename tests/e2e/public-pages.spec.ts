import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, test, waitUntilInteractive } from "./fixtures";
import { mailsWith } from "./ordering";

/**
 * The public and content pages in the browser, JavaScript on and off (issue 21): a password
 * reset from the e-mail of the mail folder, then the login; the contact form sent signed out;
 * the legal pages open to visitors (decision 0187); a document restricted to one organization; the offer of a new version that waits for a
 * navigation and leaves a half-filled form alone.
 */

/**
 * Demo people accounts no other browser test uses, one per project: a newer reset link
 * cancels the older ones, so the two projects must not share one.
 */
const RESET_ACCOUNTS = { js: "acheteur@voilerie-quiberon.fr", nojs: "acheteur@port-plaisance-saint-malo.fr" };

test("a forgotten password: the link of the e-mail, a new password, then the login", async ({ page, javaScriptEnabled }) => {
  const login = javaScriptEnabled ? RESET_ACCOUNTS.js : RESET_ACCOUNTS.nojs;
  const password = `Balise-Cardinale-Nord-${Date.now()}`;
  await page.goto("/connexion");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  // The mail folder keeps earlier runs' e-mails: the link wanted is the one not there before.
  const resetLinks = async () =>
    (await mailsWith(E2E_DATA_DIR, `To: ${login}`, "/nouveau-mot-de-passe?jeton=")).map(
      (mail) => /\/nouveau-mot-de-passe\?jeton=[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? "",
    );
  const before = new Set(await resetLinks());
  await page.getByLabel("Adresse e-mail").fill(login);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("status")).toContainText("Si l'adresse indiquée correspond à un compte du portail");
  let link = "";
  await expect
    .poll(async () => {
      link = (await resetLinks()).find((found) => found !== "" && !before.has(found)) ?? "";
      return link;
    })
    .not.toBe("");
  await page.goto(link);
  await expect(page.getByText(login).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Nouveau mot de passe" }).fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/connexion/);

  await page.getByLabel("Identifiant (adresse e-mail)").fill(login);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
});

test("the contact form sent signed out: refused empty, then acknowledged and e-mailed", async ({ page, javaScriptEnabled }) => {
  const tag = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  await page.goto("/connexion");
  await page.getByRole("link", { name: "Nous contacter" }).click();
  await expect(page).toHaveURL(/\/nous-contacter$/);
  const form = page.getByRole("form", { name: "Nous contacter" });
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choisissez l'objet de votre message.");
  await expect(form.getByLabel("Objet de votre message")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Objet de votre message").selectOption({ label: "Une livraison" });
  await form
    .getByLabel("Votre message", { exact: true })
    .fill(`Bonjour, la palette de la commande CMD-000123 est arrivée abîmée. Réf. ${tag}`);
  await form.getByLabel("Nom et prénom").fill("Gwenaëlle Tanguy");
  await form.getByLabel("Société").fill("Chantier du Blavet");
  await form.getByLabel("Adresse e-mail").fill("g.tanguy@chantier-du-blavet.fr");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page).toHaveURL(/\/nous-contacter\/merci$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message envoyé");
  // One to the distributor; a visitor gets no copy (the form is no relay for strangers).
  await expect.poll(async () => (await mailsWith(E2E_DATA_DIR, tag)).length).toBe(1);
});

test("the legal notice and the privacy policy, open to a visitor from the login page and under each public form (decision 0187)", async ({
  page,
}) => {
  await page.goto("/connexion");
  await page.getByRole("link", { name: "mentions légales", exact: true }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
  // The visitor's frame: its footer links the privacy policy too.
  await page.getByRole("contentinfo").getByRole("link", { name: "Politique de confidentialité" }).click();
  await expect(page).toHaveURL(/\/politique-de-confidentialite$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
  await expect(page.locator("#formulaires-publics")).toContainText("Formulaires publics");

  for (const [path, note] of [
    ["/nous-contacter", "répondre à votre message"],
    ["/demande-ouverture-compte", "étudier votre demande d'ouverture de compte"],
    ["/mot-de-passe-oublie", "vous envoyer le lien"],
  ] as const) {
    await page.goto(path);
    const form = page.locator("form.public-form");
    await expect(form.getByText(`Les informations de ce formulaire servent uniquement à ${note}`)).toBeVisible();
    await expect(form.getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute(
      "href",
      "/politique-de-confidentialite#formulaires-publics",
    );
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" })).toBeVisible();
  }
});

test("a document restricted to one organization: downloaded by it, a 404 for another", async ({
  page,
  browser,
  loginAs,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "A download reads the same without JavaScript: once is enough.");
  await loginAs("client@voilerie-atlantique.fr");
  await page.goto("/telechargements/tarifs/tarifs-clients");
  const restricted = page.locator("li", { hasText: "Réservé à votre organisation" }).first();
  await expect(restricted).toBeVisible();
  const href = (await restricted.getByRole("link").first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/telechargements\/fichier\/\d+$/);
  const [download] = await Promise.all([page.waitForEvent("download"), restricted.getByRole("link").first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  const other = await browser.newContext();
  await loginAs("contact@nautisme-ajaccio.fr", other);
  const answer = await other.request.get(href);
  expect(answer.status()).toBe(404);
  expect((await answer.body()).subarray(0, 5).toString()).not.toBe("%PDF-");
  await other.close();
});

test("a new version is offered, then taken at the next link followed, a half-filled form left alone", async ({
  page,
  loginAs,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "The offer is made by the page's script.");
  await loginAs("client@voilerie-atlantique.fr");
  // The latest-build file as a new deployment would write it.
  await page.route("**/build/version.json", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ version: "nouvelle-version" }) }),
  );
  await page.goto("/nous-contacter");
  await waitUntilInteractive(page, true);
  const message = page.getByLabel("Votre message", { exact: true });
  await message.fill("Un message commencé");
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByText("Nouvelle version disponible")).toBeVisible();
  await expect(message).toHaveValue("Un message commencé");
  await expect(page).toHaveURL(/\/nous-contacter$/);

  // The next navigation loads the whole document (a request for the page itself, not its data).
  const documentLoad = page.waitForRequest(
    (request) => request.resourceType() === "document" && new URL(request.url()).pathname === "/catalogue/marques",
  );
  await page.getByRole("link", { name: "Marques" }).click();
  await documentLoad;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
