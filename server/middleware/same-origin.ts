import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a Referer names, or null when it is no absolute URL. */
function originOf(referer: string): string | null {
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request sent by another site. SameSite=Lax alone lets a sibling
 * subdomain through, so Sec-Fetch-Site and Origin are checked too; a request with neither
 * (an old browser, a privacy extension) is judged on its Referer, refused when it names
 * another site (decision 0140). Server-to-server calls (the portal calling its back-office)
 * send none of the three and pass.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const self = `${req.protocol}://${req.get("host") ?? ""}`;
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const referer = req.get("referer");
  const crossSite = fetchSite === "cross-site" || fetchSite === "same-site";
  const foreignOrigin = origin !== undefined && origin !== self;
  const foreignReferer = fetchSite === undefined && origin === undefined && referer !== undefined && originOf(referer) !== self;
  if (!crossSite && !foreignOrigin && !foreignReferer) return next();
  res.status(403);
  if (req.path.startsWith("/api/")) {
    res.json({ code: "cross_origin", message: "Requête refusée : elle ne provient pas de ce site." });
  } else {
    res.type("text/plain; charset=utf-8").send("Requête refusée : elle ne provient pas de ce site.");
  }
};
