import express, { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { importJobListQuery } from "@shared/contracts/import-jobs";
import {
  FULL_IMPORT_FEEDS,
  FULL_REFUSED_MESSAGE,
  importFeed,
  importQuery,
  INVITING_FEEDS,
  type ImportFeed,
  type ImportQuery,
} from "@shared/contracts/imports";
import { asyncHandler } from "../http/async-handler";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { idParam } from "@shared/contracts/primitives";
import { parseInput } from "../http/validate";
import { TooManyImports, type ImportJobs } from "./jobs";
import { FEED_FILE_MAX_BYTES, fileTooLarge } from "./reader/read";

/** The body parser's refusal of a file over the bound: said as the reader says it, before reading. */
const tooLarge: ErrorRequestHandler = (error: unknown, req, _res, next) => {
  const type = (error as { type?: unknown } | null)?.type;
  if (type !== "entity.too.large") return next(error);
  next(new ApiFailure(413, "file_too_large", fileTooLarge(Number(req.get("content-length") ?? FEED_FILE_MAX_BYTES + 1)).message));
};

/** `full` is for the products feed, `invite` for the feeds that create accounts: said before the file is queued. */
function checkOptions(feed: ImportFeed, options: ImportQuery): void {
  if (options.full && !FULL_IMPORT_FEEDS.includes(feed)) throw new ApiFailure(400, "invalid_request", FULL_REFUSED_MESSAGE);
  if (options.invite && !INVITING_FEEDS.includes(feed))
    throw new ApiFailure(
      400,
      "invalid_request",
      `invite ne vaut que pour les flux ${INVITING_FEEDS.join(" et ")} : ils créent des comptes.`,
    );
}

const busy = (error: unknown): never => {
  if (error instanceof TooManyImports) throw new ApiFailure(503, "imports_busy", error.message);
  throw error;
};

/**
 * The distributor's data feeds (docs/integration.md), mounted at /api/erp behind
 * requireService. `POST /imports/<feed>` with the file's bytes (CSV or XLSX) waits for the
 * import and answers its report: 200 when applied or a dry run, 422 when refused lines
 * stopped it. `POST /import-jobs/<feed>` takes the same file and answers 202 at once with the
 * job, whose progress and report `GET /import-jobs/<id>` reads; `GET /import-jobs` lists the
 * latest. Both go through the same queue (jobs.ts): one import at a time. A written import
 * clears the catalogue's caches, stock figures and resolved sessions (a customer's category or a
 * person's flags count on the next call), and ends once the in-memory catalogue shows it
 * (decision 0176): the portal's next page shows it (decision 0180). `invite=1` (customers and
 * users) e-mails the created accounts their invitations.
 */
export function importsRouter(jobs: ImportJobs): Router {
  const router = Router();
  const body = express.raw({ type: () => true, limit: FEED_FILE_MAX_BYTES });
  /** The request's feed, options and file, checked, queued as a job named with the service token. */
  const submit = (req: Request, res: Response) => {
    const feed = parseInput(importFeed, req.params.feed);
    const options = parseInput(importQuery, req.query);
    checkOptions(feed, options);
    const bytes = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
    return jobs.submit(feed, bytes, options, serviceOf(res).name).catch(busy);
  };

  router.post(
    "/imports/:feed",
    body,
    tooLarge,
    asyncHandler(async (req, res) => {
      const submitted = await submit(req, res);
      const outcome = await submitted.done;
      if ("report" in outcome) {
        res.status(outcome.report.applied || outcome.report.dry_run ? 200 : 422).json(outcome.report);
        return;
      }
      if (outcome.unreadable) throw new ApiFailure(422, "invalid_file", outcome.error);
      throw new ApiFailure(500, "import_failed", outcome.error);
    }),
  );

  router.post(
    "/import-jobs/:feed",
    body,
    tooLarge,
    asyncHandler(async (req, res) => {
      const submitted = await submit(req, res);
      // The outcome is read with GET /import-jobs/<id>; nothing waits for it here.
      submitted.done.catch(() => undefined);
      res.status(202).location(`/api/erp/import-jobs/${submitted.view.id}`).json(submitted.view);
    }),
  );

  router.get(
    "/import-jobs",
    asyncHandler(async (req, res) => {
      const query = parseInput(importJobListQuery, req.query);
      res.json({ items: await jobs.list(query.limit) });
    }),
  );

  router.get(
    "/import-jobs/:id",
    asyncHandler(async (req, res) => {
      const id = parseInput(idParam, req.params.id);
      const view = await jobs.view(id);
      if (!view) throw new ApiFailure(404, "unknown_import_job", "Import inconnu.");
      res.json(view);
    }),
  );
  return router;
}
