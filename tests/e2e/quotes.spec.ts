import type { APIRequestContext, Page } from "@playwright/test";
import { sessionResponse } from "@shared/contracts/api";
import { quoteDetail } from "@shared/contracts/quotes";
import { formatDate } from "@shared/domain/french-format";
import { DEMO_PASSWORD, expect, test, waitUntilInteractive } from "./fixtures";

/**
 * /mon-compte/mes-devis in the browser, JavaScript on and off (docs/quotes.md), the customer's
 * side: asking from the cart, asking in free text with a PDF, the list's filters in the URL,
 * accepting some lines of a proposal into the cart at the quoted price, refusing, cancelling,
 * another organization's quote and an account without `quotes`. The representative's moves
 * are made through its API here (its pages have their own spec, quotes-sales.spec.ts).
 */

/** The representative linked to both workers' organizations (C0001 and C0010, see the seed). */
const REPRESENTATIVE = "commercial@nautidistrib.fr";
/** A people account of Voilerie Atlantique without `quotes`. */
const NO_QUOTES = "consultant@voilerie-atlantique.fr";
/** Products with plenty of stock in the full demo set (none needs an MMSI certificate). */
const PRODUCTS = ["TRC00004", "MAS00015", "MAS00021"] as const;

/** A day `days` after today in France, as YYYY-MM-DD (the portals' clocks run a few days ahead). */
function dayAfter(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(Date.now() + days * 86_400_000));
}
/** A calendar date as the pages write it (decision 0169): « 17 décembre 2026 ». */
const frenchDay = (date: string) => formatDate(date);

async function apiLogin(request: APIRequestContext, baseURL: string, login: string) {
  const response = await request.post(`${baseURL}/api/auth/login`, { data: { login, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${login}`).toBe(200);
  const session = sessionResponse.parse(await response.json());
  return { headers: { authorization: `Bearer ${session.token}` }, orgId: session.user.auth_org_id };
}

/**
 * A quote of `login`'s organization on PRODUCTS, proposed by the representative (each line at
 * 123,45 €, 67,89 €, 10,00 €, valid 20 days): what a « proposé » quote of the demo looks like.
 */
async function proposedQuote(request: APIRequestContext, baseURL: string, login: string, customerRef: string) {
  const customer = await apiLogin(request, baseURL, login);
  const ids = await Promise.all(
    PRODUCTS.map(async (ref) => {
      const product = await request.get(`${baseURL}/api/pim/products/${ref}`, {
        headers: customer.headers,
        params: { usr_id: customer.orgId, by: "ref" },
      });
      expect(product.status(), ref).toBe(200);
      return ((await product.json()) as { obj_id: number }).obj_id;
    }),
  );
  const created = await request.post(`${baseURL}/api/oms/quotes`, {
    headers: customer.headers,
    data: {
      org_id: customer.orgId,
      customer_ref: customerRef,
      message: "Merci pour votre offre.",
      lines: ids.map((obj_id) => ({ obj_id, qty: 2 })),
    },
  });
  expect(created.status()).toBe(201);
  const quote = quoteDetail.parse(await created.json());
  const representative = await apiLogin(request, baseURL, REPRESENTATIVE);
  const prices = [12345, 6789, 1000];
  const proposed = await request.post(`${baseURL}/api/sales/quotes/${quote.quo_id}/proposals`, {
    headers: representative.headers,
    data: {
      valid_until: dayAfter(20),
      conditions: "Livraison sous 8 jours.",
      lines: quote.asked_lines.map((line, index) => ({
        obj_id: line.obj_id,
        qty: line.qty,
        unit_price: prices[index],
        answers_position: line.position,
      })),
    },
  });
  expect(proposed.status(), await proposed.text()).toBeLessThan(300);
  return { id: quote.quo_id, number: quote.number };
}

async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await clear.count()) await clear.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
}

test("a buyer asks for a quote from its cart: the lines are pre-filled, the cart stays as it was", async ({
  page,
  loginAs,
  accounts,
  javaScriptEnabled,
}) => {
  await loginAs(accounts.buyer.login);
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  for (const [index, ref] of PRODUCTS.slice(0, 2).entries()) {
    await page.getByLabel(`Référence, ligne ${index + 1}`, { exact: true }).fill(ref);
    await page.getByLabel(`Quantité, ligne ${index + 1}`, { exact: true }).fill(String(index + 3));
  }
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.goto("/mon-panier");
  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Demander un devis" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/nouveau\?depuis=panier$/);
  await expect(page.getByLabel("Quantité de TRC00004")).toHaveValue("3");
  await expect(page.getByLabel("Quantité de MAS00015")).toHaveValue("4");
  const reference = `PANIER-${javaScriptEnabled ? "JS" : "NOJS"}`;
  await page.getByLabel("Votre référence").fill(reference);
  await page.getByLabel("Message").fill("Pouvez-vous faire un geste sur la quantité ?");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Devis DV-\d{4}-\d{6}$/);
  const facts = page.locator(".order-facts").first();
  await expect(facts).toContainText("demandé");
  await expect(facts).toContainText(reference);
  const asked = page.getByRole("table", { name: "Lignes demandées" });
  await expect(asked.getByRole("row").filter({ hasText: "TRC00004" })).toContainText("3");
  await expect(page.getByRole("region", { name: "Suivi" })).toContainText("Demande envoyée");
  // The cart is untouched.
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("« Demander un devis » on a product page pre-fills the request with the product and its quantity", async ({
  page,
  loginAs,
  accounts,
  baseURL,
}) => {
  const customer = await apiLogin(page.request, baseURL ?? "", accounts.organization.login);
  const product = await page.request.get(`${baseURL}/api/pim/products/${PRODUCTS[0]}`, {
    headers: customer.headers,
    params: { usr_id: customer.orgId, by: "ref" },
  });
  const { obj_id } = (await product.json()) as { obj_id: number };
  await loginAs(accounts.organization.login);
  await page.goto(`/catalogue/produit/${obj_id}`);
  const ask = page.getByRole("form", { name: "Demander un devis" });
  await ask.getByLabel("Quantité pour un devis").fill("25");
  await ask.getByRole("button", { name: "Demander un devis" }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/mes-devis/nouveau\\?produit=${obj_id}&quantite=25$`));
  await expect(page.getByLabel(`Quantité de ${PRODUCTS[0]}`)).toHaveValue("25");
});

test("a free-text request with a PDF: a wrong file is refused in French next to its field, then the request is sent", async ({
  page,
  loginAs,
  accounts,
}) => {
  await loginAs(accounts.organization.login);
  await page.goto("/mon-compte/mes-devis");
  await page.getByRole("link", { name: "Nouvelle demande" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/nouveau$/);
  await page.getByLabel("Votre référence").fill("Hivernage");
  await page.getByLabel("Produit recherché, ligne 1").fill("Bâche d'hivernage sur mesure 12 m");
  await page.getByLabel("Quantité, ligne 1").fill("1");
  await page
    .getByLabel(/^Pièce jointe/)
    .setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 not a pdf") });
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("#piece_jointe-erreur")).toHaveText(
    "La pièce jointe doit être un fichier PDF, PNG ou JPEG (son contenu est vérifié, pas son nom).",
  );
  await expect(page.getByLabel("Produit recherché, ligne 1")).toHaveValue("Bâche d'hivernage sur mesure 12 m");
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/nouveau$/);
  await page
    .getByLabel(/^Pièce jointe/)
    .setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%plan\n%%EOF\n") });
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/\d+$/);
  await expect(page.getByRole("table", { name: "Lignes demandées" })).toContainText("Bâche d'hivernage sur mesure 12 m");
  const file = page.getByRole("link", { name: "plan.pdf" });
  await expect(file).toHaveAttribute("href", /\/mon-compte\/mes-devis\/\d+\/pieces-jointes\/\d+$/);
  const download = await page.request.get((await file.getAttribute("href")) ?? "");
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("the list's filters go in the URL", async ({ page, loginAs, accounts, baseURL }) => {
  const { number } = await proposedQuote(page.request, baseURL ?? "", accounts.organization.login, "Filtres");
  await loginAs(accounts.organization.login);
  await page.goto("/mon-compte/mes-devis");
  await page.getByLabel("État").selectOption("proposé");
  await page.getByLabel("Numéro ou votre référence").fill(number);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(new RegExp(`etat=propos%C3%A9.*recherche=${number}`));
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("en attente de votre réponse");
  await expect(rows.nth(1)).toContainText("402,68 €");
  await page.goto("/mon-compte/mes-devis?etat=perdu");
  await expect(page.getByRole("status").filter({ hasText: "État inconnu" })).toBeVisible();
});

test("accepting two of three lines puts them in the cart at the quoted price, marked with the quote", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}) => {
  const { id, number } = await proposedQuote(
    page.request,
    baseURL ?? "",
    accounts.organization.login,
    `ACCEPT-${javaScriptEnabled ? "JS" : "NOJS"}`,
  );
  await loginAs(accounts.organization.login);
  await emptyCart(page);
  await page.goto(`/mon-compte/mes-devis/${id}`);
  await waitUntilInteractive(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Devis ${number}`);
  const proposal = page.getByRole("form", { name: "Accepter le devis" });
  await expect(proposal.getByTestId("proposal-line-TRC00004")).toContainText("123,45 €");
  await expect(proposal.getByRole("checkbox")).toHaveCount(3);
  await proposal.getByRole("checkbox", { name: "Accepter MAS00015" }).uncheck();
  await proposal.getByRole("button", { name: "Accepter les lignes cochées" }).click();
  await expect(page).toHaveURL(/\/mon-panier$/);
  await expect(page.getByText(`Devis ${number} accepté : 2 lignes ajoutées au panier au prix du devis.`)).toBeVisible();
  const line = page.getByTestId("cart-line-TRC00004");
  await expect(line).toContainText(`Prix du devis ${number} jusqu'au ${frenchDay(dayAfter(20))}`);
  await expect(line).toContainText("123,45 €");
  await expect(page.getByTestId("cart-line-MAS00021")).toContainText(`Prix du devis ${number}`);
  await expect(page.getByTestId("cart-line-MAS00015")).toHaveCount(0);
  // The quote is accepted: nothing is offered to accept any more.
  await page.goto(`/mon-compte/mes-devis/${id}`);
  await expect(page.locator(".order-facts").first()).toContainText("accepté");
  await expect(page.getByRole("form", { name: "Accepter le devis" })).toHaveCount(0);
});

test("refusing a proposal with a reason, and cancelling another request", async ({ page, loginAs, accounts, baseURL }) => {
  const refused = await proposedQuote(page.request, baseURL ?? "", accounts.organization.login, "A refuser");
  const cancelled = await proposedQuote(page.request, baseURL ?? "", accounts.organization.login, "A annuler");
  await loginAs(accounts.organization.login);
  await page.goto(`/mon-compte/mes-devis/${refused.id}`);
  const refuse = page.getByRole("form", { name: "Refuser la proposition" });
  await refuse.getByLabel("Motif (facultatif)").fill("Budget reporté à l'an prochain.");
  await refuse.getByRole("button", { name: "Refuser le devis" }).click();
  await expect(page.getByText(`Devis ${refused.number} refusé.`)).toBeVisible();
  await expect(page.locator(".order-facts").first()).toContainText("refusé");
  await expect(page.getByRole("form", { name: "Refuser la proposition" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Suivi" })).toContainText("Devis refusé");

  await page.goto(`/mon-compte/mes-devis/${cancelled.id}`);
  await page.getByRole("form", { name: "Annuler la demande" }).getByRole("button", { name: "Annuler la demande" }).click();
  await expect(page.getByText(`Demande ${cancelled.number} annulée.`)).toBeVisible();
  await expect(page.locator(".order-facts").first()).toContainText("annulé");
});

test("another organization's quote is a 404; an account without `quotes` gets 404 and no link", async ({
  page,
  loginAs,
  accounts,
  baseURL,
}) => {
  const { id } = await proposedQuote(page.request, baseURL ?? "", accounts.organization.login, "Isolation");
  await loginAs(accounts.otherOrganization.login);
  expect((await page.goto(`/mon-compte/mes-devis/${id}`))?.status()).toBe(404);
  expect((await page.request.get(`/mon-compte/mes-devis/${id}/proposition/1.pdf`)).status()).toBe(404);

  await loginAs(NO_QUOTES);
  expect((await page.goto("/mon-compte/mes-devis"))?.status()).toBe(404);
  expect((await page.goto("/mon-compte/mes-devis/nouveau"))?.status()).toBe(404);
  await page.goto("/mon-compte");
  await expect(page.locator('a[href="/mon-compte/mes-devis"]')).toHaveCount(0);
  await loginAs(accounts.buyer.login);
  await page.goto("/mon-compte");
  await expect(page.locator('a[href="/mon-compte/mes-devis"]').first()).toBeAttached();
});
