import type { Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import type { Kysely } from "kysely";
import { PageViewRecorder, type PageView } from "../backoffice/analytics/recorder";
import type { Database } from "../backoffice/db/schema";
import type { ErrorLogger } from "../backoffice/http/errors";
import { normalisePath } from "./analytics-path";

/**
 * Page views counted first-party without a cookie (docs/analytics.md, decision 0125): a view
 * is a page a person's browser asked for as a document (GET, 200, HTML) — not a data request
 * of a client-side navigation, an asset, an API call, a redirect, an error page, a prefetch,
 * a robot, a browser saying its user objects (GPC, DNT) or the monitors' /sante. The address and user agent only feed the day's visitor key.
 */

/** Paths that are never pages of the portal. */
const NOT_PAGES = ["/api/", "/build/", "/socket.io/", "/sante"];

export function isPageCandidate(req: Request): boolean {
  if (req.method !== "GET") return false;
  if (NOT_PAGES.some((prefix) => req.path === prefix.replace(/\/$/, "") || req.path.startsWith(prefix))) return false;
  // Remix's data requests: /path.data (single fetch), ?_data= (older clients).
  if (req.path.endsWith(".data") || req.query._data !== undefined) return false;
  // A page fetched ahead of a click is not a view (Chromium's Sec-Purpose, older Purpose).
  if (/prefetch/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`)) return false;
  // The visitor's objection, said by the browser (Global Privacy Control, Do Not Track): not counted.
  if (req.get("sec-gpc") === "1" || req.get("dnt") === "1") return false;
  const agent = req.get("user-agent") ?? "";
  return agent !== "" && !isbot(agent);
}

export function isPageAnswer(res: Response): boolean {
  return res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html");
}

/** Counts, once the answer is sent, each page view into the recorder. */
export function countPageViews(recorder: { record(view: PageView): void }): RequestHandler {
  return (req, res, next) => {
    if (isPageCandidate(req)) {
      res.once("finish", () => {
        if (!isPageAnswer(res)) return;
        // req.ip follows `trust proxy` (a hop count, server/app.ts): a forged header does not move it.
        recorder.record({ path: normalisePath(req.path), address: req.ip ?? "", userAgent: req.get("user-agent") ?? "" });
      });
    }
    next();
  };
}

export interface PageViewsOptions {
  db: Kysely<Database>;
  now: () => Date;
  logger: ErrorLogger;
  /** Aborted when the server closes: the counts held are written, the timer stopped. */
  signal?: AbortSignal;
}

/** The portal server's counter: a recorder writing to the back-office's database, and the middleware feeding it. */
export function pageViews(options: PageViewsOptions): RequestHandler {
  const recorder = new PageViewRecorder({ db: options.db, now: options.now, logger: options.logger });
  recorder.start();
  options.signal?.addEventListener("abort", () => void recorder.stop(), { once: true });
  return countPageViews(recorder);
}
