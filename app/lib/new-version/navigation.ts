/**
 * Where a new build is taken: at the next navigation, as a full document load of the page
 * asked (its query and hash kept), never during a form's submission nor inside the checkout
 * (decision 0126).
 */

const CHECKOUT = /^\/commander(\/|$)/;

export function isCheckout(pathname: string): boolean {
  return CHECKOUT.test(pathname);
}

/** What the click handler reads of a click (a MouseEvent in the browser). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/**
 * The URL to load as a new document for this click, or null to let the click be: not a plain
 * left click on a same-site link for this tab, a link within the page (same path and query,
 * another hash), or the checkout on either side.
 */
export function documentLoadFor(click: LinkClick, current: { href: string; origin: string; pathname: string; search: string }): URL | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const target = click.target as { closest?: (selector: string) => Element | null } | null;
  const anchor = typeof target?.closest === "function" ? target.closest("a[href]") : null;
  if (!anchor || anchor.hasAttribute("download")) return null;
  const frame = anchor.getAttribute("target");
  if (frame && frame !== "_self") return null;
  let url: URL;
  try {
    url = new URL(anchor.getAttribute("href") ?? "", current.href);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  if (isCheckout(current.pathname) || isCheckout(url.pathname)) return null;
  return url;
}
