import { expect, logInWithForm, test } from "./fixtures";

// Through the login form: a contributor lands on the client picker.
test("a contributor picks a client, acts for it, then returns to its own account", async ({ page }) => {
  await logInWithForm(page, "commercial@nautidistrib.fr");
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pour quel client souhaitez-vous agir ?");

  await page.getByLabel("Rechercher un client (nom, référence ou code postal)").fill("C0001");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/clients\?q=C0001$/);
  await page.getByRole("button", { name: "Agir pour ce client : Voilerie Atlantique" }).click();

  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole("region", { name: "Compte client utilisé" });
  await expect(banner).toContainText("vous agissez pour le compte de Voilerie Atlantique (C0001)");
  await expect(page.getByTestId("organization-name")).toHaveText("Voilerie Atlantique");

  await banner.getByRole("button", { name: "Revenir à mon compte" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole("region", { name: "Compte client utilisé" })).toHaveCount(0);
});

test("a client account cannot open the client picker", async ({ page, loginAs }) => {
  await loginAs("client@voilerie-atlantique.fr");
  const response = await page.goto("/clients");
  expect(response?.status()).toBe(404);
});
