import type { Page } from "@playwright/test";
import { E2E_FRIDAY_URL } from "../../playwright.config";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * The shared cart in Chromium, with JavaScript on (fetcher, modal, live quantities) and off
 * (plain forms, redirects, flash messages). Each test starts from an empty cart. The portal's
 * clock is on a Thursday; the Saturday charge is checked on a second portal whose clock is on
 * a Friday (playwright.config.ts). The organization is the worker's own (fixtures.ts), so
 * workers never share its cart.
 */

async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const confirm = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await confirm.count()) {
    await confirm.click();
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();
  }
}

/** The first product of the first brand's list with an add-to-cart form, and its reference. */
async function openProductList(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await page.goto("/catalogue/marques");
  await page.locator("main a[href^='/catalogue/marques/']").first().click();
  const form = page.locator("form[data-testid^='add-to-cart-']").first();
  await expect(form).toBeVisible();
  await waitUntilInteractive(page, javaScriptEnabled);
  return ((await form.getAttribute("data-testid")) ?? "").replace("add-to-cart-", "");
}

async function totalText(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? "";
}

test.beforeEach(async ({ page, loginAs, accounts }) => {
  await loginAs(accounts.organization.login);
  await emptyCart(page);
});

test("add from a list, from the product page and by quick order", async ({ page, javaScriptEnabled }) => {
  const ref = await openProductList(page, javaScriptEnabled);
  const form = page.getByTestId(`add-to-cart-${ref}`);
  await form.getByRole("spinbutton").fill("2");
  await form.getByRole("button").click();
  if (javaScriptEnabled) {
    const modal = page.getByTestId("add-to-cart-modal");
    await expect(modal.getByText("Produit ajouté au panier")).toBeVisible();
    await expect(modal.getByTestId("add-to-cart-modal-qty")).toContainText("Quantité ajoutée : 2");
    await expect(modal.getByTestId("add-to-cart-modal-total")).toContainText("TTC");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await modal.getByRole("button", { name: "Continuer mes achats" }).click();
    await expect(modal).toBeHidden();
  } else {
    await expect(page.getByText(/ajouté au panier, quantité 2/)).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  }

  await page.goto("/mon-panier");
  await expect(page.getByTestId(`qty-${ref}`)).toHaveValue("2");
  await page.getByTestId(`cart-line-${ref}`).getByRole("link").click();
  await expect(page).toHaveURL(/\/catalogue\/produit\/\d+/);
  await waitUntilInteractive(page, javaScriptEnabled);
  const productForm = page.getByTestId(`add-to-cart-${ref}`).first();
  await productForm.getByRole("spinbutton").fill("3");
  await productForm.getByRole("button").click();
  if (javaScriptEnabled) await expect(page.getByTestId("add-to-cart-modal-qty")).toContainText("5 au total");

  await page.goto("/mon-panier/commande-rapide");
  await page.getByLabel("Coller des lignes depuis un tableur").fill(`${ref.toLowerCase()};4\nINCONNU-XYZ;1\nPORT_SAMEDI;1`);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("quick-order-summary")).toContainText("1 produit ajouté au panier. 2 lignes refusées.");
  await expect(page.getByText("Référence inconnue : INCONNU-XYZ.")).toBeVisible();

  await page.goto("/mon-panier");
  await expect(page.getByTestId(`qty-${ref}`)).toHaveValue("9");
});

/** A product of the first brand's list in an empty cart, shown on /mon-panier with both delivery options off. */
async function cartWithOneProduct(page: Page, javaScriptEnabled: boolean): Promise<string> {
  const ref = await openProductList(page, javaScriptEnabled);
  await page.getByTestId(`add-to-cart-${ref}`).getByRole("button").click();
  if (javaScriptEnabled) await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/mon-panier");
  // The options belong to the organization's cart and outlive its lines: start with both off.
  for (const toggle of ["toggle-ldd", "toggle-saturday"]) {
    if (!(await page.getByTestId(toggle).isChecked())) continue;
    await page.getByTestId(toggle).uncheck();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(page.getByTestId(toggle)).not.toBeChecked();
  }
  return ref;
}

async function setOption(page: Page, javaScriptEnabled: boolean, toggle: "toggle-ldd" | "toggle-saturday", on: boolean): Promise<void> {
  if (javaScriptEnabled) {
    // The box shows the change at once; the test goes on only once the server has saved it,
    // or a reload right after would abort the save (single fetch posts to /mon-panier.data).
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && /^\/mon-panier(\.data)?$/.test(new URL(response.url()).pathname),
    );
    await page.getByTestId(toggle).setChecked(on);
    await saved;
  } else {
    await page.getByTestId(toggle).setChecked(on);
    await page.getByRole("button", { name: "Appliquer" }).click();
  }
  if (on) await expect(page.getByTestId(toggle)).toBeChecked();
  else await expect(page.getByTestId(toggle)).not.toBeChecked();
}

test("change quantities and toggle Saturday and direct delivery", async ({ page, javaScriptEnabled }) => {
  // This portal's clock is on a Thursday (playwright.config.ts): Saturday delivery is not charged.
  const ref = await cartWithOneProduct(page, javaScriptEnabled);
  await expect(page.getByTestId("shipping-line-PORT_DS_AUTRE")).toHaveCount(0);
  const lineTotal = await totalText(page, `line-total-${ref}`);

  await page.getByTestId(`qty-${ref}`).fill("12");
  if (javaScriptEnabled) {
    await expect(page.getByTestId(`line-total-${ref}`)).not.toHaveText(lineTotal);
    await expect(page.getByTestId(`qty-${ref}`)).toHaveValue("12");
  } else {
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(page.getByText("Quantités mises à jour.")).toBeVisible();
  }
  await page.reload();
  await expect(page.getByTestId(`qty-${ref}`)).toHaveValue("12");

  const ttcBefore = await totalText(page, "total-ttc");
  await setOption(page, javaScriptEnabled, "toggle-ldd", true);
  await expect(page.getByTestId("shipping-line-PORT_DS_AUTRE")).toBeVisible();
  await expect(page.getByTestId("total-ttc")).not.toHaveText(ttcBefore);

  const ttcWithLdd = await totalText(page, "total-ttc");
  await expect(page.getByText("facturée seulement pour une commande passée un vendredi")).toBeVisible();
  await setOption(page, javaScriptEnabled, "toggle-saturday", true);
  await page.reload();
  await expect(page.getByTestId("toggle-saturday")).toBeChecked();
  await expect(page.getByTestId("shipping-line-PORT_SAMEDI")).toHaveCount(0);
  await expect(page.getByTestId("total-ttc")).toHaveText(ttcWithLdd);
});

test.describe("on a Friday", () => {
  test.use({ baseURL: E2E_FRIDAY_URL });

  test("Saturday delivery adds its charge to the total", async ({ page, javaScriptEnabled }) => {
    // This portal's clock is on a Friday (playwright.config.ts).
    await cartWithOneProduct(page, javaScriptEnabled);
    await expect(page.getByText("facturée pour une commande passée aujourd'hui (vendredi)")).toBeVisible();
    await expect(page.getByTestId("shipping-line-PORT_SAMEDI")).toHaveCount(0);
    const ttcBefore = await totalText(page, "total-ttc");
    const shippingBefore = await totalText(page, "total-shipping");

    await setOption(page, javaScriptEnabled, "toggle-saturday", true);
    await expect(page.getByTestId("shipping-line-PORT_SAMEDI")).toBeVisible();
    await expect(page.getByTestId("total-ttc")).not.toHaveText(ttcBefore);
    await expect(page.getByTestId("total-shipping")).not.toHaveText(shippingBefore);
    await page.reload();
    await expect(page.getByTestId("toggle-saturday")).toBeChecked();
    await expect(page.getByTestId("shipping-line-PORT_SAMEDI")).toBeVisible();

    await setOption(page, javaScriptEnabled, "toggle-saturday", false);
    await expect(page.getByTestId("shipping-line-PORT_SAMEDI")).toHaveCount(0);
    await expect(page.getByTestId("total-ttc")).toHaveText(ttcBefore);
  });
});

test("a quantity typed while the page loads is kept and saved", async ({ page, javaScriptEnabled }) => {
  const ref = await cartWithOneProduct(page, javaScriptEnabled);
  const lineTotal = await totalText(page, `line-total-${ref}`);
  // The page's scripts are held until the user has typed (routing also turns the HTTP cache off):
  // with JavaScript, React then takes over a field that already holds the user's value.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  const scripts = /\/build\/.*\.js$/;
  await page.route(scripts, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/mon-panier", { waitUntil: "commit" });
  const quantity = page.getByTestId(`qty-${ref}`);
  await quantity.fill("7");
  releaseScripts();
  if (javaScriptEnabled) {
    await waitUntilInteractive(page, javaScriptEnabled);
    await expect(page.getByTestId(`line-total-${ref}`)).not.toHaveText(lineTotal);
    await expect(quantity).toHaveValue("7");
  } else {
    // Enter sends the form's first button: "mettre à jour", not a line's "retirer".
    await quantity.press("Enter");
    await expect(page.getByText("Quantités mises à jour.")).toBeVisible();
  }
  await page.unroute(scripts);
  await page.reload();
  await expect(quantity).toHaveValue("7");
});

test("attach the MMSI certificates an AIS beacon needs", async ({ page, javaScriptEnabled }) => {
  // The first brand of the demo catalogue sells AIS beacons: MMSI products.
  const ref = await openProductList(page, javaScriptEnabled);
  await page.getByTestId(`add-to-cart-${ref}`).getByRole("button").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/mon-panier");
  const panel = page.getByTestId(`certificates-${ref}`);
  await expect(panel.getByTestId(`certificates-status-${ref}`)).toContainText("0 certificat joint sur 1 : il en manque 1.");

  await panel.getByLabel("Numéro MMSI du navire (9 chiffres)").fill("227006760");
  await panel
    .getByLabel(/Certificat \(PDF, JPEG ou PNG/)
    .setInputFiles({ name: "faux.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 not a pdf") });
  await panel.getByRole("button", { name: "Joindre le certificat" }).click();
  await expect(page.getByText(/doit être un fichier PDF, JPEG ou PNG/).first()).toBeVisible();

  await panel.getByLabel("Numéro MMSI du navire (9 chiffres)").fill("227006760");
  await panel
    .getByLabel(/Certificat \(PDF, JPEG ou PNG/)
    .setInputFiles({ name: "navire.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await panel.getByRole("button", { name: "Joindre le certificat" }).click();
  await expect(panel.getByTestId(`certificates-status-${ref}`)).toHaveText("1 certificat joint sur 1.");
  await expect(panel.getByRole("link", { name: "navire.pdf" })).toBeVisible();
});
