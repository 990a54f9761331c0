import { expect, test } from "@playwright/test";
import { logInWithForm, logOutFromMenu } from "./fixtures";

test.describe("login and logout", () => {
  test("a people account logs in, sees its home, and logs out", async ({ page }) => {
    await logInWithForm(page, "acheteur@voilerie-atlantique.fr");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
    await expect(page.getByRole("link", { name: "Mon panier" })).toBeVisible();
    await logOutFromMenu(page);
    await expect(page.getByText("Vous êtes déconnecté.").first()).toBeAttached();
    await page.goto("/");
    await expect(page).toHaveURL(/\/connexion$/);
  });

  test("an organization sees its name, the cart badge and the legal links", async ({ page }) => {
    await logInWithForm(page, "client@voilerie-atlantique.fr");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("organization-name")).toHaveText("Voilerie Atlantique");
    await expect(page.getByTestId("cart-count")).toHaveText(/^\d+$/);
    await page.getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
    await expect(page.getByText("aucun cookie de mesure d'audience", { exact: false }).first()).toBeVisible();
  });

  test("a wrong password gets a French message", async ({ page }) => {
    await logInWithForm(page, "client@voilerie-atlantique.fr", "mauvais-mot-de-passe");
    await expect(page.getByRole("alert")).toHaveText("Identifiant ou mot de passe incorrect.");
    await expect(page.getByLabel("Identifiant (adresse e-mail)")).toHaveValue("client@voilerie-atlantique.fr");
  });

  test("empty fields get French field errors", async ({ page }) => {
    await page.goto("/connexion");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Saisissez votre identifiant.")).toBeVisible();
    await expect(page.getByText("Saisissez votre mot de passe.")).toBeVisible();
  });

  test("a page asked for before login is shown after it", async ({ page }) => {
    await page.goto("/actualites");
    await expect(page).toHaveURL(/\/connexion\?redirectTo=%2Factualites$/);
    await page.getByLabel("Identifiant (adresse e-mail)").fill("client@voilerie-atlantique.fr");
    await page.getByLabel("Mot de passe").fill("demo1234");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actualités");
  });
});
