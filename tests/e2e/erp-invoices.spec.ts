import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { orderDetail, type OrderDetail } from "@shared/contracts/orders";
import { DEMO_SERVICE_TOKEN } from "../../server/backoffice/seed/organizations-data";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { parseOutboxEvent } from "@shared/contracts/outbox";
import { erpBody, smallPdf, type LineInput } from "../support/erp-invoices";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { expect, logInWithForm, test, waitUntilInteractive } from "./fixtures";
import { orderByQuickOrder, warehouse } from "./ordering";
import { ownPort, startOwnPortal, type OwnPortal } from "./own-portal";

/**
 * Invoices issued by the ERP (INVOICES_ISSUED_BY=erp, decision 0184), in a browser, JavaScript
 * on and off: a portal of its own started in that mode (its ports from `ownPort`), an order placed
 * by a buyer and shipped by `npm run warehouse` — no invoice yet —, then the ERP posts its
 * invoice with its PDF (POST /api/erp/invoices), and the customer finds it on « Mes factures »
 * under the ERP's number and downloads the ERP's very bytes. The order reached the ERP first
 * through its webhook (ERP_WEBHOOK_URL), signed, as a receiver of the test's own checks. Each step is a `test.step` of its
 * own; the last one posts the plateforme agréée's statuses and reads them on the list and on
 * the invoice's page (decision 0185).
 */

const BUYER = "acheteur@voilerie-atlantique.fr";
/** A chart plotter with plenty of stock in the demo set: an ordinary parcel. */
const PRODUCT = "TRC00004";

/** Today in France, as the portal dates an invoice. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

/** The portal in erp mode, on its in-memory demo data. */
function startErpPortal(port: number, dataDir: string, webhook: WebhookReceiver): Promise<OwnPortal> {
  return startOwnPortal(port, {
    NODE_ENV: "test",
    DATABASE_MEMORY: "1",
    DATA_DIR: dataDir,
    CERTIFICATES_DIR: path.join(dataDir, "certificates"),
    SESSION_SECRET: E2E_SESSION_SECRET,
    LOG_LEVEL: "warn",
    INVOICES_ISSUED_BY: "erp",
    // The ERP hears of the order through its webhook (decision 0183): a receiver of the test's own.
    ERP_WEBHOOK_URL: webhook.url,
    ERP_WEBHOOK_SECRET: webhook.secret,
  });
}

/** A call of the ERP (the demo's service token, which a test portal accepts). */
async function erpCall(url: string, method: "GET" | "POST", pathName: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api/erp${pathName}`, {
    method,
    headers: { authorization: `Bearer ${DEMO_SERVICE_TOKEN}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The ERP's lines for what the order shipped, at the order's prices, VAT 20 %, its shipping lines included. */
function linesOf(order: OrderDetail): LineInput[] {
  const products = order.lines.map((line) => ({
    obj_ref: line.obj_ref,
    title: line.obj_title,
    qty: line.shipped,
    unit_price: line.unit_price ?? 0,
    unit_ecotax: line.prd_ecotaxe ?? 0,
    vat_rate: 20,
  }));
  const shipping = order.shipping_lines
    .filter((line) => (line.amount_ht ?? 0) > 0)
    .map((line) => ({
      obj_ref: line.obj_ref,
      title: line.obj_title,
      qty: 1,
      unit_price: line.amount_ht ?? 0,
      vat_rate: 20,
      is_port: true,
    }));
  return [...products, ...shipping];
}

test("a portal whose ERP issues the invoices: shipped without an invoice, then the ERP's invoice and PDF in « Mes factures »", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const port = ownPort("erp-invoices", javaScriptEnabled);
  const dataDir = await mkdtemp(path.join(tmpdir(), "portail-erp-factures-"));
  const number = `FE2E/${today().slice(0, 4)}/${javaScriptEnabled ? "0001" : "0002"}`;
  let portal: OwnPortal | undefined;
  const receiver = await startWebhookReceiver();
  try {
    portal = await startErpPortal(port, dataDir, receiver);
    const url = portal.url;
    const context = await browser.newContext({ baseURL: url, javaScriptEnabled });
    const page = await context.newPage();

    const orderNumber = await test.step("the buyer orders", async () => {
      await logInWithForm(page, BUYER);
      await expect(page).not.toHaveURL(/\/connexion/);
      return orderByQuickOrder(page, PRODUCT, 2, `ERP-${javaScriptEnabled ? "JS" : "NOJS"}`);
    });

    await test.step("the ERP's webhook receives the signed order", async () => {
      const [received] = await receiver.waitFor(1, 60_000);
      const event = parseOutboxEvent(received?.event);
      expect(event.type).toBe("order.confirmed");
      expect(event.type === "order.confirmed" && event.data.order.ord_ref).toBe(orderNumber);
      expect(receiver.badSignatures).toBe(0);
    });

    await test.step("the warehouse ships it: no invoice", async () => {
      const shipped = await warehouse(url, "ship", orderNumber, "--all", "--carrier", "Colissimo");
      expect(shipped).toContain(orderNumber);
      await page.goto(`/mon-compte/factures?commande=${orderNumber}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes factures");
      await expect(page.getByText("Aucune facture ne correspond à ces critères.")).toBeVisible();
    });

    const pdf = await smallPdf(`Facture ${number} de l'ERP NautiDistrib`);
    await test.step("the ERP posts its invoice with its PDF", async () => {
      const order = orderDetail.parse((await erpCall(url, "GET", `/orders/${orderNumber}`)).body);
      expect(order.status).toBe("expédiée");
      const body = erpBody({ number, ordRef: orderNumber, issuedOn: today(), dueOn: today(), lines: linesOf(order), pdf });
      const posted = await erpCall(url, "POST", "/invoices", body);
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    });

    await test.step("the customer finds it under the ERP's number and downloads the ERP's bytes", async () => {
      await page.goto(`/mon-compte/factures?commande=${orderNumber}`);
      const row = page.getByRole("table").getByRole("row").filter({ hasText: orderNumber });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("rowheader")).toHaveText(number);
      await expect(row).toContainText("à payer");
      await waitUntilInteractive(page, javaScriptEnabled);
      const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `PDF de ${number}` }).click()]);
      expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, "_")}.pdf`);
      const bytes = await readFile(await download.path());
      expect(Buffer.compare(bytes, pdf)).toBe(0);
    });

    await test.step("the plateforme agréée's statuses reach the customer: the list, then the invoice's page", async () => {
      const encoded = encodeURIComponent(number);
      const platform = "Plateforme Atlantique Facturation";
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      for (const status of [
        { status: 200, at: at(30), platform },
        { status: "mise à disposition", at: at(20), platform },
        { status: 212, at: at(10), platform, message: "Virement reçu par la plateforme." },
      ]) {
        const posted = await erpCall(url, "POST", `/invoices/${encoded}/statuses`, status);
        expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      }
      await page.goto(`/mon-compte/factures?commande=${orderNumber}`);
      const row = page.getByRole("table").getByRole("row").filter({ hasText: orderNumber });
      // « encaissée » counts as paid (decision 0185).
      await expect(row).toContainText("payée");
      await expect(row).toContainText("Plateforme : encaissée le");
      await row.getByRole("link", { name: number, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
      const history = page.locator(".invoice-platform-history li");
      await expect(history).toHaveCount(3);
      await expect(history.first()).toContainText("encaissée (212)");
      await expect(history.first()).toContainText("Virement reçu par la plateforme.");
      await expect(history.last()).toContainText("déposée (200)");
    });

    await context.close();
  } finally {
    await receiver.close();
    await portal?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
