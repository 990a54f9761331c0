import type { Browser, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { mailsWith, orderByQuickOrder, warehouse } from "./ordering";

/**
 * The organization's people and e-mail alerts in the browser, JavaScript on and off (issue 20,
 * docs/users.md, docs/alerts.md): an invitation read from the mail folder, the password chosen
 * and the login; a right removed and felt on the person's next page; an alert turned off by
 * one account and kept by another, so a shipment sends exactly one e-mail.
 */

const STRONG_PASSWORD = "Spinnaker-Goéland-Ouessant-47";

/** The invitation's link of the e-mail sent to `email`, as a path of this portal. */
async function invitationPath(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailsWith(E2E_DATA_DIR, email, "/invitation/");
      found = mail ? /\/invitation\/[A-Za-z0-9_-]+/.exec(mail)?.[0] : undefined;
      return found;
    })
    .toBeDefined();
  return found ?? "";
}

/** A product page's path, from the first product of the first brand's list. */
async function productPath(page: Page): Promise<string> {
  await page.goto("/catalogue/marques");
  await page.locator("main a[href^='/catalogue/marques/']").first().click();
  const href = await page.locator("main a[href^='/catalogue/produit/']").first().getAttribute("href");
  expect(href).toMatch(/^\/catalogue\/produit\/\d+$/);
  return href ?? "";
}

async function logInWithForm(browser: Browser, login: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/connexion");
  await page.getByLabel("Identifiant (adresse e-mail)").fill(login);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  return page;
}

test("the organization invites a person, who chooses a password and logs in; a right removed is felt on the person's next page", async ({
  page,
  browser,
  loginAs,
  accounts,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now()}`;
  const name = `Lucie Le Bihan ${tag}`;
  const email = `lucie.${tag}@exemple-nautisme.fr`;

  await loginAs(accounts.organization.login);
  await page.goto("/mon-compte");
  await page.getByRole("link", { name: "Utilisateurs" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utilisateurs");
  await page.getByLabel("Nom et prénom").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${email}.`).first()).toBeVisible();

  // The invitee's browser: the link of the e-mail, a weak password refused, then a good one.
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(await invitationPath(email));
  await expect(invitee.getByText(email).first()).toBeVisible();
  await invitee.getByLabel("Mot de passe", { exact: true }).fill("azerty1234");
  await invitee.getByLabel("Confirmez le mot de passe").fill("azerty1234");
  await invitee.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
  await expect(invitee.getByLabel("Mot de passe", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The axe spec runs with JavaScript only; this page needs a live invitation to be seen.
  if (javaScriptEnabled) await expectNoAxeViolations(invitee, "/invitation/:token, a weak password refused");
  await invitee.getByLabel("Mot de passe", { exact: true }).fill(STRONG_PASSWORD);
  await invitee.getByLabel("Confirmez le mot de passe").fill(STRONG_PASSWORD);
  await invitee.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
  await expect(invitee).toHaveURL(/\/connexion/);
  await invitee.context().close();

  const person = await logInWithForm(browser, email, STRONG_PASSWORD);
  const product = await productPath(person);
  await person.goto(product);
  await expect(person.locator(".price__amount").first()).toBeVisible();

  // The organization removes `prices`: the person's very next page shows none.
  await page.reload();
  const pricesSwitch = page.getByRole("button", { name: `Voir les prix — ${name}` });
  await expect(pricesSwitch).toHaveAttribute("aria-pressed", "true");
  await pricesSwitch.click();
  // The switch turns at once with JavaScript; the message comes once the change is saved.
  await expect(page.getByText("Voir les prix : retiré, et Voir les factures avec lui.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Voir les prix — ${name}` })).toHaveAttribute("aria-pressed", "false");
  // Invoices are amounts: they went with the prices (decision 0188).
  await expect(page.getByRole("button", { name: `Voir les factures — ${name}` })).toHaveAttribute("aria-pressed", "false");
  await person.goto(product);
  await expect(person.getByText("Les prix ne sont pas affichés pour votre compte.")).toBeVisible();
  await expect(person.locator(".price__amount")).toHaveCount(0);
  await person.context().close();
});

test("an alert turned off by the organization and kept by its representative: a shipment sends exactly one e-mail", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await loginAs(accounts.organization.login);
  const setShippedAlert = async (on: boolean) => {
    await page.goto("/mon-compte/alertes-emails");
    const form = page.getByRole("form", { name: "Mes alertes e-mail" });
    await form.getByRole("checkbox", { name: "Commande expédiée" }).setChecked(on);
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("form", { name: "Mes alertes e-mail" }).getByRole("checkbox", { name: "Commande expédiée" })).toBeChecked({
      checked: on,
    });
  };
  await setShippedAlert(false);
  try {
    const orderNumber = await orderByQuickOrder(page, "TRC00004", 1, `ALERTE-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now()}`);
    expect(await warehouse(baseURL ?? "", "ship", orderNumber, "--all", "--carrier", "Colissimo")).toContain(orderNumber);
    // The demo's representative for both test organizations, who kept the default (on).
    // Only the shipment's alert says « expédiée » with the order number (not its confirmation
    // nor its invoice's alert).
    const shipped = () => mailsWith(E2E_DATA_DIR, orderNumber, "expédiée", "Ne plus recevoir cette alerte");
    await expect.poll(async () => (await shipped()).length).toBe(1);
    // Sent once: nothing else comes a moment later (the dispatch runs after the commit).
    await page.waitForTimeout(1_000);
    const [mail, ...others] = await shipped();
    expect(others).toHaveLength(0);
    expect(mail).toMatch(/^To: .*commercial@nautidistrib\.fr/m);
    expect(mail).not.toContain(`To: ${accounts.organization.login}`);
  } finally {
    await setShippedAlert(true);
  }
});
