import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * What a buyer noticed on screen (issue 36), with JavaScript on and off: the layout on a phone,
 * date fields as high as the others, a back-order's product named once.
 */

const CLIENT = "client@voilerie-atlantique.fr";
const PHONE = { width: 390, height: 844 };

const heightOf = async (field: Locator) => (await field.boundingBox())?.height ?? 0;

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: PHONE });

  test("a product page shows its price and « Ajouter au panier » on the first screen", async ({ page, loginAs }) => {
    await loginAs(CLIENT);
    await page.goto("/catalogue/electronique-de-bord/navigation/antennes");
    const href = await page.locator(".product-card__title a").first().getAttribute("href");
    await page.goto(href ?? "");
    const price = page.locator(".product-page .price__amount").first();
    const add = page
      .locator(".product-page__actions")
      .getByRole("button", { name: /Ajouter/ })
      .first();
    await expect(price).toBeVisible();
    await expect(add).toBeVisible();
    for (const [what, element] of [
      ["the price", price],
      ["the add-to-cart button", add],
    ] as const) {
      const box = await element.boundingBox();
      expect(box, what).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${what}'s bottom within the first screen`).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test("the main navigation fades at its edge while more links lie beyond, and not at the end", async ({ page, loginAs }) => {
    await loginAs(CLIENT);
    await page.goto("/catalogue");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeVisible();
    const overflows = await nav.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflows, "the links are wider than the phone").toBe(true);
    const fade = () => nav.evaluate((element) => getComputedStyle(element).getPropertyValue("--nav-fade").trim());
    const mask = await nav.evaluate((element) => getComputedStyle(element).maskImage);
    expect(mask).toContain("linear-gradient");
    await expect.poll(fade).toBe("48px");
    await nav.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(fade).toBe("0px");
  });
});

/** The height of every date field of the page against a text field's. */
async function expectDatesAsHighAs(page: Page, textField: Locator): Promise<void> {
  const reference = await heightOf(textField);
  expect(reference).toBeGreaterThan(30);
  const dates = page.locator("main input[type='date']");
  expect(await dates.count()).toBeGreaterThan(0);
  for (const date of await dates.all()) expect(Math.abs((await heightOf(date)) - reference)).toBeLessThanOrEqual(2);
}

test("date fields are as high as the other fields: the orders' filters and the quote request", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/commandes");
  await expectDatesAsHighAs(page, page.locator("#filtre-reference"));
  await page.goto("/mon-compte/mes-devis/nouveau");
  await expectDatesAsHighAs(page, page.locator("#reference"));
});

test("the back-orders by product show each product's title once", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/reliquats");
  const heading = page.locator("main h2").first();
  await expect(heading).toBeVisible();
  const title = ((await heading.textContent()) ?? "").trim();
  const section = page.getByRole("region", { name: title });
  // Elements drawn on screen (not the 1-pixel text kept for screen readers) whose own text names the product.
  const shown = await section.evaluate((root, wanted) => {
    const hits = [...root.querySelectorAll("*")].filter((element) => {
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? "");
      const rect = element.getBoundingClientRect();
      return own.join("").includes(wanted) && rect.width > 1 && rect.height > 1;
    });
    return hits.length;
  }, title);
  expect(shown).toBe(1);
});
