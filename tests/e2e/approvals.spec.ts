import type { Page } from "@playwright/test";
import { DEMO_SERVICE_TOKEN } from "../../server/backoffice/seed/organizations-data";
import { expect, test, waitUntilInteractive } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { emptyCart } from "./ordering";

/**
 * Issue 37 in Chromium, JavaScript on and off (docs/approvals.md): the worker's buyer is given a
 * 1 € HT limit by the distributor's systems (PUT /api/erp/purchasing-rules), is told on the cart
 * that the order will need approval, goes through the four steps and ends with a request; the
 * organization's account hears of it live, approves it, and the order carries both names. The
 * storekeeper's own path (no `orders` right) is in tests/integration/approvals-portal.
 */

async function setBuyerLimit(baseURL: string, customerRef: string, login: string, orderLimit: number | null): Promise<void> {
  const response = await fetch(`${baseURL}/api/erp/purchasing-rules/${customerRef}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${DEMO_SERVICE_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({
      approval_threshold: null,
      approvers: "administrators",
      people: [{ login, order_limit: orderLimit, monthly_budget: null }],
    }),
  });
  expect(response.status).toBe(200);
}

async function fillCart(page: Page): Promise<void> {
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  await page.getByLabel("Référence, ligne 1", { exact: true }).fill("TRC00004");
  await page.getByLabel("Quantité, ligne 1", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

test("a buyer above their limit is told before the steps, asks for approval, and the approver's order names both", async ({
  page,
  loginAs,
  openAs,
  accounts,
  javaScriptEnabled,
  baseURL,
}) => {
  // Two browsers, four steps and two axe analyses: as long as the accessibility journeys.
  test.setTimeout(180_000);
  const portal = baseURL ?? "";
  await setBuyerLimit(portal, accounts.organizationRef, accounts.buyer.login, 100);
  try {
    await loginAs(accounts.buyer.login);
    await fillCart(page);
    await page.goto("/mon-panier");
    await expect(page.getByText("Cette commande devra être validée avant d'être passée.")).toBeVisible();
    await expect(page.getByText("La commande dépasse votre limite de 1,00 € HT par commande.")).toBeVisible();

    await page.getByRole("link", { name: "Passer la commande" }).click();
    await expect(page).toHaveURL(/\/commander\/livraison$/);
    await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
    await expect(page).toHaveURL(/\/commander\/consignes$/);
    await page.getByLabel("Référence de votre commande").fill(`VALIDATION-${javaScriptEnabled ? "JS" : "NOJS"}`);
    await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
    await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
    await expect(page.getByTestId("confirm-order")).toHaveCount(0);
    // axe runs scripts in the page: with JavaScript on only, as the accessibility journeys.
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/commander/recapitulatif, ending with « Demander la validation »");
    await page.getByLabel("Message pour la personne qui valide (facultatif)").fill("Pour le chantier de la semaine prochaine.");

    const approver = javaScriptEnabled ? await openAs(accounts.organization.login) : null;
    if (approver) {
      await approver.goto("/mon-compte/validations");
      await waitUntilInteractive(approver, true);
    }
    // The notice lives five seconds: watched for from the click on, as a loaded machine may take
    // longer than that to show the requester's next page.
    const noticeSeen = approver
      ? expect(
          approver.getByTestId("live-cart-notice").filter({ hasText: `Le panier a été envoyé pour validation par ${accounts.buyer.name}` }),
        ).toBeVisible({ timeout: 30_000 })
      : Promise.resolve();
    await page.getByTestId("request-approval").click();
    await expect(page).toHaveURL(/\/mon-compte\/validations\/\d+$/);
    await noticeSeen;
    const number = /VAL-\d{6}/.exec((await page.locator("h1").textContent()) ?? "")?.[0] ?? "";
    expect(number).toMatch(/^VAL-\d{6}$/);
    await expect(page.getByText("en attente de validation").first()).toBeVisible();
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/mon-compte/validations/:id, the requester's");
    await page.goto("/mon-panier");
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();

    const decider = approver ?? (await openAs(accounts.organization.login));
    await decider.goto("/mon-compte/validations");
    await decider
      .getByRole("link", { name: new RegExp(number) })
      .first()
      .click();
    await expect(decider.getByText("Pour le chantier de la semaine prochaine.")).toBeVisible();
    await decider.getByRole("button", { name: "Approuver" }).click();
    await expect(decider).toHaveURL(/\/mon-compte\/commandes\/\d+$/);
    await expect(
      decider.getByText(new RegExp(`Demande ${number} de ${accounts.buyer.name}, validée par ${accounts.organization.name}`)),
    ).toBeVisible();
    // The author is the requester (a term « Passée par » and its definition).
    await expect(decider.locator("dt", { hasText: "Passée par" }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      accounts.buyer.name,
    );
  } finally {
    await setBuyerLimit(portal, accounts.organizationRef, accounts.buyer.login, accounts.organizationRef === "C0001" ? 200_000 : null);
  }
});
