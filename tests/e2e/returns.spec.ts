import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitUntilInteractive } from "./fixtures";
import { orderByQuickOrder, warehouse } from "./ordering";

/**
 * Returns in the browser, JavaScript on and off (issue 39, docs/returns-portal.md): an order
 * shipped and delivered by `npm run warehouse`, a return asked from its page with a photo (the
 * form refused first for want of one, the quantity kept), the return's page; the distributor
 * accepts it and the slip downloads; one unit of the two is received and credited, and the credit
 * note is found from the return's page and in « Mes factures », subtracted from the amount due (the
 * worker's organization is its own: nothing else moves that amount meanwhile). Each page gets its
 * axe check with JavaScript.
 */

/** A chart plotter with plenty of stock in the demo set: an ordinary parcel, returnable. */
const PRODUCT = "TRC00004";

/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** « 1 234,56 € » as cents. */
function centsOf(text: string): number {
  const match = /(\d[\d\s\u202f\u00a0]*),(\d{2})\s*€/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no amount in « ${text} »`);
  return Number(match[1].replace(/[\s\u202f\u00a0]/g, "")) * 100 + Number(match[2]);
}

/** « Montant restant dû » on « Mes factures », in cents. */
async function amountDue(page: Page): Promise<number> {
  await page.goto("/mon-compte/factures");
  const situation = page.getByRole("region", { name: "Votre situation" });
  await expect(situation).toContainText("Montant restant dû");
  return centsOf((await situation.locator("dd").first().textContent()) ?? "");
}

test("a return asked with a photo: the slip downloaded, then the credit note in « Mes factures »", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? "";
  const heading = page.getByRole("heading", { level: 1 });
  await loginAs(accounts.organization.login);
  const orderNumber = await orderByQuickOrder(page, PRODUCT, 2, `RETOUR-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now()}`);
  expect(await warehouse(portal, "ship", orderNumber, "--all", "--carrier", "Colissimo")).toContain(orderNumber);
  expect(await warehouse(portal, "deliver", orderNumber)).toContain(orderNumber);
  const dueBefore = await amountDue(page);

  await test.step("the delivered order's page leads to the form", async () => {
    await page.goto(`/mon-compte/commandes?reference=${orderNumber}`);
    await page.getByRole("table").getByRole("link", { name: orderNumber }).click();
    await expect(heading).toHaveText(`Commande ${orderNumber}`);
    const returns = page.getByRole("region", { name: "Retours" });
    await expect(returns).toContainText("Aucun retour n'a été demandé pour cette commande.");
    await returns.getByRole("link", { name: "Retourner des articles" }).click();
    await expect(heading).toHaveText(`Retourner des articles de la commande ${orderNumber}`);
    await waitUntilInteractive(page, javaScriptEnabled);
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/mon-compte/retours/nouveau");
  });

  const quantity = page.getByLabel(`Quantité à retourner de ${PRODUCT}, au plus 2`);
  await test.step("sent without a photo for « Produit défectueux »: refused on its field, the rest kept", async () => {
    await quantity.fill("2");
    await page.getByLabel("Motif du retour").selectOption({ label: "Produit défectueux" });
    await page.getByRole("radio", { name: /^Avoir/ }).check();
    await page.getByLabel("Commentaire").fill("L'écran reste noir.");
    await page.getByRole("button", { name: "Envoyer la demande de retour" }).click();
    await expect(page.locator("#photos-erreur")).toHaveText("Joignez au moins une photo pour ce motif.");
    await expect(page.getByLabel(/^Photos/)).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveValue("2");
    await expect(page.getByLabel("Commentaire")).toHaveValue("L'écran reste noir.");
    await waitUntilInteractive(page, javaScriptEnabled);
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/mon-compte/retours/nouveau, refused");
  });

  const number = await test.step("sent with a photo: the return's page and its toast", async () => {
    await page.getByLabel(/^Photos/).setInputFiles({ name: "ecran.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Envoyer la demande de retour" }).click();
    await expect(page).toHaveURL(/\/mon-compte\/retours\/RET-\d{4}-\d{6}$/);
    const created = new URL(page.url()).pathname.split("/").pop() ?? "";
    await expect(heading).toHaveText(`Retour ${created}`);
    await expect(page.getByText(`Demande de retour ${created} envoyée.`).first()).toBeAttached();
    await expect(page.getByText("Votre demande attend la réponse de NautiDistrib.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Photo 1 : ecran.png" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Annuler la demande…" })).toBeVisible();
    await waitUntilInteractive(page, javaScriptEnabled);
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/mon-compte/retours/:number, asked");
    return created;
  });

  await test.step("accepted by the distributor: the slip downloads", async () => {
    expect(await warehouse(portal, "return-accept", number)).toContain(number);
    await page.reload();
    await expect(page.getByText("Retour accepté", { exact: false }).first()).toBeVisible();
    await waitUntilInteractive(page, javaScriptEnabled);
    const [slip] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Télécharger le bon de retour (PDF)" }).click(),
    ]);
    expect(slip.suggestedFilename()).toBe(`bon-de-retour-${number}.pdf`);
    const bytes = new Uint8Array(await readFile(await slip.path()));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(number);
  });

  await test.step("one unit of the two received, then credited: the credit note from the return's page and in « Mes factures »", async () => {
    await warehouse(portal, "return-receive", number, "--line", `${PRODUCT}=1`);
    await page.reload();
    const line = page.getByRole("table", { name: "Produits du retour" }).getByRole("row").filter({ hasText: PRODUCT });
    await expect(line).toContainText("1 sur 2");
    await warehouse(portal, "return-credit", number);
    await page.reload();
    await expect(page.getByText("L'avoir a été émis.")).toBeVisible();
    const steps = page.getByRole("region", { name: "Suivi" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    const credit = page.getByRole("region", { name: "Avoir" }).getByRole("link", { name: /^Avoir AV-/ });
    const creditNumber = ((await credit.textContent()) ?? "").replace(/^Avoir /, "").trim();
    await waitUntilInteractive(page, javaScriptEnabled);
    if (javaScriptEnabled) await expectNoAxeViolations(page, "/mon-compte/retours/:number, credited");
    await credit.click();
    await expect(heading).toHaveText(`Avoir ${creditNumber}`);
    await page.goto(`/mon-compte/factures?commande=${orderNumber}`);
    const row = page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader").filter({ hasText: creditNumber }) });
    await expect(row).toHaveCount(1);
    // The cells after the tick box: date, due date, order, reference, total HT, total TTC.
    const credited = centsOf((await row.getByRole("cell").nth(6).textContent()) ?? "");
    expect(credited).toBeGreaterThan(0);
    expect(await amountDue(page)).toBe(dueBefore - credited);
  });

  await test.step("the returns' list shows it", async () => {
    await page.goto("/mon-compte/retours");
    const row = page.getByTestId(`return-row-${number}`);
    await expect(row).toContainText("Avoir émis");
    await expect(row).toContainText(orderNumber);
  });
});
