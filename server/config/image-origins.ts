/**
 * IMAGE_ORIGINS: the image servers the pages may show pictures from (an ERP's image server),
 * added to the CSP's img-src. Origins only, https only: a path would be ignored by the CSP
 * anyway, and an http origin would let a network attacker swap the pictures.
 */

/** Parses a list separated by commas or spaces; throws a French message naming the bad entry. */
export function parseImageOrigins(value: string | undefined): string[] {
  const entries = (value ?? "").split(/[\s,]+/).filter(Boolean);
  const origins = entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`« ${entry} » n'est pas une adresse (attendu : https://images.exemple.fr).`);
    }
    if (url.protocol !== "https:") throw new Error(`« ${entry} » doit commencer par https:// (les images en clair sont refusées).`);
    // Only the origin goes into the CSP: a path, a query, credentials or a wildcard would mean something else there.
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password && !entry.includes("*");
    if (!bare || !/^https:\/\/[^/]+\/?$/i.test(entry)) {
      throw new Error(`« ${entry} » doit être une origine seule (https://hôte[:port]), sans chemin ni paramètre.`);
    }
    return url.origin;
  });
  return [...new Set(origins)];
}
