import type { APIRequestContext, Page } from "@playwright/test";
import { sessionResponse } from "@shared/contracts/api";
import { quoteDetail } from "@shared/contracts/quotes";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * The representative's pages in the browser, JavaScript on and off (docs/quotes.md): from the
 * client picker to the list of its clients' requests (filters in the URL), a request's page,
 * starting the study, a proposal refused in French next to its fields, then sent with a
 * replacement product and an added line, its PDF, a revision (version 1 kept), and isolation:
 * another representative and a client get a 404. The customer's moves go through its API here
 * (its pages have their own spec, quotes.spec.ts).
 */

/** The representative linked to both workers' organizations (C0001 and C0010, see the seed). */
const REPRESENTATIVE = "commercial@nautidistrib.fr";
/** A representative not linked to them (C0002, C0003, C0901, C0902 only). */
const OTHER_REPRESENTATIVE = "commercial2@nautidistrib.fr";
/** Products with plenty of stock in the full demo set (none needs an MMSI certificate). */
const ASKED = ["TRC00004", "MAS00015", "MAS00021"] as const;
const PDF = Buffer.from("%PDF-1.4\n%plan de pont\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function apiLogin(request: APIRequestContext, baseURL: string, login: string) {
  const response = await request.post(`${baseURL}/api/auth/login`, { data: { login, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${login}`).toBe(200);
  const session = sessionResponse.parse(await response.json());
  return { headers: { authorization: `Bearer ${session.token}` }, orgId: session.user.auth_org_id };
}

type Customer = Awaited<ReturnType<typeof apiLogin>>;

/** A product by reference as the catalogue answers it, or null when it may not be ordered. */
async function orderable(request: APIRequestContext, baseURL: string, customer: Customer, ref: string): Promise<number | null> {
  const answer = await request.get(`${baseURL}/api/pim/products/${ref}`, {
    headers: customer.headers,
    params: { usr_id: customer.orgId, by: "ref" },
  });
  if (answer.status() !== 200) return null;
  const product = (await answer.json()) as { obj_id: number; prd_discontinued: boolean; prd_is_port: boolean };
  return product.prd_discontinued || product.prd_is_port ? null : product.obj_id;
}

/** Two more orderable sealants (a few of the demo's products are discontinued at random). */
async function twoOtherProducts(request: APIRequestContext, baseURL: string, customer: Customer): Promise<string[]> {
  const found: string[] = [];
  for (let index = 30; index < 60 && found.length < 2; index++) {
    const ref = `MAS${String(index).padStart(5, "0")}`;
    if ((await orderable(request, baseURL, customer, ref)) !== null) found.push(ref);
  }
  expect(found).toHaveLength(2);
  return found;
}

/** The customer asks for ASKED (4, 2, 1) with a message and a PDF, through its API. */
async function askedQuote(request: APIRequestContext, baseURL: string, login: string, customerRef: string) {
  const customer = await apiLogin(request, baseURL, login);
  const ids = await Promise.all(ASKED.map((ref) => orderable(request, baseURL, customer, ref)));
  const created = await request.post(`${baseURL}/api/oms/quotes`, {
    headers: customer.headers,
    data: {
      org_id: customer.orgId,
      customer_ref: customerRef,
      message: "Bonjour, une offre pour l'hivernage svp.",
      lines: ids.map((obj_id, index) => ({ obj_id, qty: [4, 2, 1][index] })),
      attachment: { file_name: "plan de pont.pdf", content_base64: PDF.toString("base64") },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { quote: quoteDetail.parse(await created.json()), customer };
}

/** On the blank layout there is no live channel to wait for: its scripts have loaded and run. */
async function settled(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
}

function dayBefore(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

test("the representative finds a client's request, studies it, proposes with a replacement and an added line, then revises", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const portal = baseURL ?? "";
  const reference = `COMMERCIAL-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now()}`;
  const { quote, customer } = await askedQuote(page.request, portal, accounts.organization.login, reference);
  const [replacement, added] = await twoOtherProducts(page.request, portal, customer);

  await loginAs(REPRESENTATIVE);
  await page.goto("/clients");
  await page.getByRole("link", { name: "Demandes de devis de mes clients" }).click();
  await expect(page).toHaveURL(/\/clients\/devis$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demandes de devis de mes clients");
  await settled(page, javaScriptEnabled);
  await page.getByLabel("Numéro ou référence du client").fill(reference);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(new RegExp(`recherche=${reference}`));
  const row = page.getByTestId(`sales-quote-row-${quote.number}`);
  await expect(row).toContainText(accounts.organization.name);
  await expect(row).toContainText("demandé");
  await expect(row).toContainText("à traiter");
  await expect(row).toContainText("aujourd'hui");
  await row.getByRole("link", { name: quote.number }).click();

  await expect(page).toHaveURL(new RegExp(`/clients/devis/${quote.quo_id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Devis ${quote.number}`);
  const request = page.getByRole("region", { name: "La demande" });
  await expect(request).toContainText("Bonjour, une offre pour l'hivernage svp.");
  await expect(request.getByRole("row").filter({ hasText: "MAS00015" })).toContainText("2");
  const file = request.getByRole("link", { name: "plan de pont.pdf" });
  const download = await page.request.get((await file.getAttribute("href")) ?? "");
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await settled(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Commencer l'étude" }).click();
  await expect(page.getByText(`Étude du devis ${quote.number} commencée.`)).toBeVisible();
  await expect(page.locator(".order-facts").first()).toContainText("en cours d'étude");

  // A negative price, an unknown reference, a past validity: each said next to its field.
  const form = page.getByRole("form", { name: "Faire une proposition" });
  const validity = form.getByLabel(/^Valable jusqu'au/);
  const today = (await validity.getAttribute("min")) ?? "";
  await settled(page, javaScriptEnabled);
  await form.getByLabel("Prix unitaire HT, ligne 1", { exact: true }).fill("-12,50");
  await form.getByLabel("Prix unitaire HT, ligne 2", { exact: true }).fill("8");
  await form.getByLabel("Prix unitaire HT, ligne 3", { exact: true }).fill("3");
  await form.getByLabel("Référence, ligne 4", { exact: true }).fill("ZZZ99999");
  await form.getByLabel("Quantité, ligne 4", { exact: true }).fill("1");
  await form.getByLabel("Prix unitaire HT, ligne 4", { exact: true }).fill("5");
  await validity.fill(dayBefore(today));
  await form.getByRole("button", { name: "Envoyer la proposition" }).click();
  const refused = page.getByRole("form", { name: "Faire une proposition" });
  await expect(refused.locator("#ligne-0-prix-erreur")).toHaveText("Le prix doit être positif.");
  await expect(refused.locator("#ligne-3-ref-erreur")).toHaveText("Référence inconnue : ZZZ99999.");
  await expect(refused.locator("#proposition-validite-erreur")).toHaveText("La date de validité ne peut pas être passée.");
  await expect(refused.getByLabel("Prix unitaire HT, ligne 1", { exact: true })).toHaveValue("-12,50");
  await expect(page.locator(".order-facts").first()).toContainText("en cours d'étude");

  // Line 2 answered by another sealant, line 3 left out, one sealant added.
  await settled(page, javaScriptEnabled);
  await refused.getByLabel("Prix unitaire HT, ligne 1", { exact: true }).fill("12,50");
  await refused.getByLabel("Référence, ligne 2", { exact: true }).fill(replacement ?? "");
  await refused.getByLabel("Note, ligne 2", { exact: true }).fill("Même teinte, stock immédiat");
  await refused.getByLabel("Référence, ligne 3", { exact: true }).fill("");
  await refused.getByLabel("Référence, ligne 4", { exact: true }).fill(added ?? "");
  await refused.getByLabel("Quantité, ligne 4", { exact: true }).fill("10");
  await refused.getByLabel("Prix unitaire HT, ligne 4", { exact: true }).fill("1 000");
  await refused.getByLabel(/^Valable jusqu'au/).fill(today);
  await refused.getByLabel("Conditions (paiement, livraison, franco…)").fill("Franco de port, paiement à 30 jours.");
  await refused.getByRole("button", { name: "Envoyer la proposition" }).click();
  await expect(page.getByText(`Proposition envoyée au client (devis ${quote.number}).`)).toBeVisible();
  await expect(page.locator(".order-facts").first()).toContainText("proposé");
  await expect(page.locator(".order-facts").first()).toContainText("en attente du client");
  const proposal = page.getByRole("region", { name: "Proposition" });
  await expect(proposal.getByTestId("proposal-line-TRC00004")).toContainText("12,50 €");
  await expect(proposal.getByTestId(`proposal-line-${replacement}`)).toContainText("Produit de remplacement pour MAS00015");
  await expect(proposal.getByTestId(`proposal-line-${added}`)).toContainText("1 000,00 €");
  await expect(proposal.getByTestId("proposal-line-MAS00021")).toHaveCount(0);
  const pdf = await page.request.get(
    (await proposal.getByRole("link", { name: "Télécharger la proposition (PDF)" }).getAttribute("href")) ?? "",
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The revision starts from the proposal in force; version 1 stays readable.
  const revision = page.getByRole("form", { name: "Réviser la proposition" });
  await expect(revision.getByLabel("Prix unitaire HT, ligne 1", { exact: true })).toHaveValue("12,50");
  await settled(page, javaScriptEnabled);
  await revision.getByLabel("Prix unitaire HT, ligne 1", { exact: true }).fill("11,90");
  await revision.getByRole("button", { name: "Envoyer la nouvelle version" }).click();
  await expect(page.getByText("Proposition révisée : version 2 envoyée au client.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Proposition" }).getByTestId("proposal-line-TRC00004").first()).toContainText("11,90 €");
  await expect(page.getByText("Version 1 (remplacée)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Suivi" })).toContainText("Proposition révisée");

  // Neither another representative nor a client sees any of it.
  await loginAs(OTHER_REPRESENTATIVE);
  expect((await page.goto(`/clients/devis/${quote.quo_id}`))?.status()).toBe(404);
  await page.goto(`/clients/devis?recherche=${reference}`);
  await expect(page.getByText("Aucune demande de devis ne correspond à ces critères.")).toBeVisible();
  await loginAs(accounts.organization.login);
  expect((await page.goto("/clients/devis"))?.status()).toBe(404);
  expect((await page.goto(`/clients/devis/${quote.quo_id}`))?.status()).toBe(404);
});
