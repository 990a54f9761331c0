import type { RequestHandler } from "express";

/**
 * The back-office paths a production portal still serves on its public port (decision 0141):
 * the distributor's systems' calls, each needing a service token (/erp, /analytics: decision
 * 0102), and the alerts' one-click unsubscribe that mail clients POST to themselves (RFC 8058,
 * signed token: decision 0119). Express matches routes without regard to case: so does this.
 */
const PUBLIC_PATHS = /^\/(?:erp|analytics)(?:\/|$)|^\/alerts\/unsubscribe\/?$/i;

/** Whether a path under /api is one of the few the public port serves in production. */
export function isPublicBackofficePath(path: string): boolean {
  return PUBLIC_PATHS.test(path);
}

/**
 * Mounted at /api before the back-office on the public port: anything but the paths above is
 * answered as an unknown route, so a user's own password opens nothing there; the portal
 * reaches the whole contract on its private listener (server/app.ts).
 */
export const publicBackofficeOnly: RequestHandler = (req, res, next) => {
  if (isPublicBackofficePath(req.path)) return next();
  res.status(404).set("Cache-Control", "no-store").json({ code: "not_found", message: "Cette adresse d'API n'existe pas." });
};
