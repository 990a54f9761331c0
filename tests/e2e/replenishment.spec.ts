import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { addDays } from "@shared/domain/replenishment";
import { runDateText } from "~/services/replenishment/types";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { emptyCart } from "./ordering";
import { ownPort, startOwnPortal, type OwnPortal } from "./own-portal";

/**
 * Issue 38 end to end, JavaScript on and off (docs/order-lists.md, docs/part-numbers.md,
 * docs/replenishment.md), on a demo portal of its own (its ports from `ownPort`) that the test
 * stops and starts again a week later:
 * - Maël Kerjean (Voilerie Atlantique) orders by his own code in the quick order, saves the
 *   cart as a list, imports a file of his own codes into it (a bad line told by its number),
 *   and adds a ticked line to the shared cart; the organization's account, in another browser
 *   with JavaScript, sees the cart change live, the own code beside the reference;
 * - he schedules the list every week on Thursday from a Wednesday, skips the next Thursday;
 * - the portal stops; started again the Thursday after, its catch-up plays the run: the
 *   schedule shows the order placed, and the order says it came from the schedule.
 */

const SECRET = "replenishment-e2e-secret-0123456789abcdef";
const BUYER = "acheteur@voilerie-atlantique.fr";
const COLLEAGUE = "client@voilerie-atlantique.fr";
const LIST = "Réassort e2e";
const SCHEDULE = "Réassort e2e du jeudi";
const LIVE = { timeout: 5_000 };

/** The next Wednesday in France after today (the day the journey starts), YYYY-MM-DD. */
function nextWednesday(): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", weekday: "short" });
  for (let offset = 1; offset <= 7; offset++) {
    const instant = new Date(Date.now() + offset * 86_400_000);
    if (weekday.format(instant) === "Wed") return day.format(instant);
  }
  throw new Error("no Wednesday within a week");
}

/** Ten in the morning in France that day (winter or summer time alike: the date is what counts). */
const morningOf = (date: string) => `${date}T10:00:00+01:00`;

async function logIn(
  browser: Browser,
  url: string,
  login: string,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/connexion");
  await page.getByLabel("Identifiant (adresse e-mail)").fill(login);
  await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).not.toHaveURL(/\/connexion/);
  return { context, page };
}

test("a list from the cart and a file of own codes, ticked lines to the shared cart, then a schedule skipped once and played by the clock", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(300_000);
  const port = ownPort("replenishment", javaScriptEnabled);
  const dataDir = await mkdtemp(path.join(tmpdir(), "portail-programmees-"));
  const wednesday = nextWednesday();
  const thursday = addDays(wednesday, 1);
  const thursdayAfter = addDays(wednesday, 8);
  const env = { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: SECRET, LOG_LEVEL: "warn" };
  let portal: OwnPortal | null = null;
  const contexts: BrowserContext[] = [];
  try {
    portal = await startOwnPortal(port, { ...env, PORTAL_FAKE_NOW: morningOf(wednesday) });
    const buyerSession = await logIn(browser, portal.url, BUYER, javaScriptEnabled);
    contexts.push(buyerSession.context);
    const buyer = buyerSession.page;

    // 1. The quick order finds a product by the buyer's own code; the cart becomes a list.
    await emptyCart(buyer);
    await buyer.goto("/mon-panier/commande-rapide");
    await buyer.getByLabel("Référence, ligne 1", { exact: true }).fill("VA-MANI-05");
    await buyer.getByLabel("Quantité, ligne 1", { exact: true }).fill("2");
    await buyer.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(buyer.getByTestId("cart-count")).toHaveText("1");
    await buyer.goto("/mon-panier");
    await expect(buyer.getByText("votre code VA-MANI-05")).toBeVisible();
    await buyer.getByText("Enregistrer le panier comme liste").click();
    await buyer.getByLabel("Nom de la liste").fill(LIST);
    await buyer.getByRole("button", { name: "Enregistrer comme liste" }).click();
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Liste « ${LIST} »`);
    await expect(buyer.getByRole("row").filter({ hasText: "VA-MANI-05" })).toBeVisible();

    // 2. A file of own codes: the good line is added, the unknown one told with its line number.
    await buyer.getByLabel("Fichier CSV ou XLSX (2 Mo au plus)").setInputFiles({
      name: "consommables.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Code;Quantité;Note\r\nVA-CORD-08;3;Pour le ponton\r\nINCONNU-999;1;\r\n", "utf8"),
    });
    await buyer.getByRole("button", { name: "Importer dans la liste" }).click();
    const refused = buyer.getByRole("table", { name: "Lignes du fichier non ajoutées" });
    await expect(refused.getByRole("row").filter({ hasText: "INCONNU-999" })).toContainText("3");
    const cordLine = buyer.getByRole("row").filter({ hasText: "VA-CORD-08" });
    await expect(cordLine).toContainText("votre code VA-CORD-08");
    await expect(cordLine.getByRole("textbox", { name: /^Note pour / })).toHaveValue("Pour le ponton");

    // 3. A colleague's cart page, live (JavaScript: its own browser), while the buyer adds the ticked line.
    const colleagueSession = await logIn(browser, portal.url, COLLEAGUE, true);
    contexts.push(colleagueSession.context);
    const colleague = colleagueSession.page;
    await colleague.goto("/mon-panier");
    await expect(colleague.getByTestId("cart-count")).toHaveText("1");
    await expect(colleague.locator("html")).toHaveAttribute("data-live-cart", "on");
    await cordLine.getByRole("checkbox").check();
    // The notice lives five seconds: watched for from the click on.
    const noticeSeen = expect(
      colleague.getByTestId("live-cart-notice").filter({ hasText: /ajouté au panier par Maël Kerjean/ }),
    ).toBeVisible(LIVE);
    await buyer.getByRole("button", { name: "Ajouter la sélection au panier" }).click();
    await expect(buyer).toHaveURL(/\/mon-panier$/);
    await expect(buyer.getByTestId("cart-count")).toHaveText("2");
    await noticeSeen;
    await expect(colleague.getByTestId("cart-count")).toHaveText("2", LIVE);
    await expect(colleague.getByText("votre code VA-CORD-08")).toBeVisible(LIVE);

    // 4. The list scheduled every week on Thursday from this Wednesday; the first Thursday skipped.
    await buyer.goto("/mon-compte/commandes-programmees");
    await buyer.getByLabel("Nom", { exact: true }).fill(SCHEDULE);
    await buyer.getByLabel("Liste à commander").selectOption({ label: LIST });
    await buyer.getByLabel("Toutes les").fill("1");
    await buyer.getByLabel("Unité").selectOption("semaines");
    await buyer.getByLabel("Jour de la semaine (rythme en semaines)").selectOption("4");
    await buyer.getByLabel("Première commande à partir du").fill(wednesday);
    await buyer.getByLabel("Adresse de livraison").selectOption({ index: 1 });
    await buyer.getByRole("button", { name: "Programmer la commande" }).click();
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Commande programmée « ${SCHEDULE} »`);
    const schedulePage = new URL(buyer.url()).pathname;
    await expect(buyer.locator(".schedule-next").first()).toContainText(runDateText(thursday));
    await buyer.getByRole("button", { name: "Sauter la prochaine commande" }).click();
    await expect(buyer.locator(".schedule-next").first()).toContainText(
      `${runDateText(thursdayAfter)} (celle du ${runDateText(thursday)} est sautée)`,
    );
    await Promise.all(contexts.splice(0).map((context) => context.close()));

    // 5. The portal stops; started again the Thursday after, its catch-up places the order.
    await portal.stop();
    portal = await startOwnPortal(port, { ...env, PORTAL_FAKE_NOW: morningOf(thursdayAfter) });
    const later = await logIn(browser, portal.url, BUYER, javaScriptEnabled);
    contexts.push(later.context);
    await later.page.goto(schedulePage);
    const placed = later.page.locator('[data-outcome="placed"]');
    await expect(placed).toContainText(/^Commande passée : commande CMD-\d{6}$/);
    await placed.getByRole("link").click();
    await expect(later.page.getByText(`Commande programmée « ${SCHEDULE} »`)).toBeVisible();
    await expect(later.page.getByText("votre code VA-CORD-08")).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await portal?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
