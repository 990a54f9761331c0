import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent by another site. SameSite=Lax alone lets a sibling
 * subdomain through, so Sec-Fetch-Site and Origin are checked too. Server-to-server calls
 * (the portal calling its back-office) send neither header and pass.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const crossSite = fetchSite === "cross-site" || fetchSite === "same-site";
  const foreignOrigin = origin !== undefined && origin !== `${req.protocol}://${req.get("host") ?? ""}`;
  if (!crossSite && !foreignOrigin) return next();
  res.status(403);
  if (req.path.startsWith("/api/")) {
    res.json({ code: "cross_origin", message: "Requête refusée : elle ne provient pas de ce site." });
  } else {
    res.type("text/plain; charset=utf-8").send("Requête refusée : elle ne provient pas de ce site.");
  }
};
