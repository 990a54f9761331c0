/**
 * The path a page view is counted under (docs/analytics.md): one per page, not one per product,
 * order or link. Ids become `:id` and secrets in a path (an invitation's token) `:jeton`, so
 * the report says which pages are read without saying by whom or about what; the query string
 * is never kept (a search text, a reset token).
 */

const MAX_PATH_LENGTH = 300;
const NUMBER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A random token: long, URL-safe characters, at least one digit (slugs are words). */
const TOKEN = /^(?=[^/]*\d)[A-Za-z0-9_-]{20,}$/;

function segmentOf(segment: string, index: number, segments: readonly string[]): string {
  // /catalogue/produit/{prd_id}: a product by id or by reference, one page either way.
  if (index === 2 && segments[0] === "catalogue" && segments[1] === "produit") return ":id";
  if (NUMBER.test(segment) || UUID.test(segment)) return ":id";
  if (TOKEN.test(segment)) return ":jeton";
  return segment;
}

export function normalisePath(pathname: string): string {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const path = `/${segments.map(segmentOf).join("/")}`;
  return path.length <= MAX_PATH_LENGTH ? path : path.slice(0, MAX_PATH_LENGTH);
}
