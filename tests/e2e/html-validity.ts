import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page, Response } from "@playwright/test";
import { E2E_HTML_DIR } from "../../playwright.config";

/**
 * Records the page's markup where axe runs (tests/e2e/axe.ts), for one Nu Html Checker run over
 * every recorded page once the tests are done (tests/e2e/global-teardown.ts, decision 0190).
 * Two versions of a page:
 *
 * - `server`: the HTML the server sent for the page's last document load, byte for byte, when
 *   the page is still at that address (a click that navigated on the client has none);
 * - `dom`: with JavaScript, the document as it stands (hydrated, dialogs open, messages shown),
 *   serialized by the browser.
 *
 * Each file is named by a hash of its label and kind and carries a sidecar JSON saying which page
 * it is, so that the check names a failing page by the test's own label.
 */
export async function recordPageHtml(page: Page, label: string, javaScriptEnabled: boolean): Promise<void> {
  await mkdir(E2E_HTML_DIR, { recursive: true });
  const url = page.url();
  const document = lastDocuments.get(page);
  if (document && document.url() === url) {
    const html = await document.text().catch(() => undefined);
    if (html !== undefined) await save("server", label, url, html);
  }
  if (javaScriptEnabled) await save("dom", label, url, await hydratedDocument(page));
}

/**
 * The document as the browser holds it, less the stylesheet sonner (the toasts) inserts at run
 * time: valid CSS that the checker's CSS parser cannot read (custom properties holding
 * `translateY(…)`), and none of the portal's own markup.
 */
function hydratedDocument(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    root.querySelectorAll("style").forEach((style) => {
      if (style.textContent?.includes("[data-sonner-toaster]")) style.remove();
    });
    return `<!DOCTYPE html>${root.outerHTML}`;
  });
}

export interface RecordedPage {
  kind: "server" | "dom";
  label: string;
  url: string;
}

async function save(kind: RecordedPage["kind"], label: string, url: string, html: string): Promise<void> {
  const name = createHash("sha256").update(`${kind} ${label} ${html}`).digest("hex").slice(0, 16);
  const entry: RecordedPage = { kind, label, url };
  await writeFile(path.join(E2E_HTML_DIR, `${name}.json`), JSON.stringify(entry));
  await writeFile(path.join(E2E_HTML_DIR, `${name}.html`), html);
}

/** The last document response of each page (its body is read only when a check asks for it). */
const lastDocuments = new WeakMap<Page, Response>();

/** Follows the page's document loads; the fixtures call it for every page a test opens. */
export function followDocuments(page: Page): void {
  page.on("response", (response) => {
    if (response.request().resourceType() === "document" && response.frame() === page.mainFrame()) lastDocuments.set(page, response);
  });
}
