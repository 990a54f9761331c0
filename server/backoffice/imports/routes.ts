import express, { Router, type ErrorRequestHandler } from "express";
import { importFeed, importQuery } from "@shared/contracts/imports";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { parseInput } from "../http/validate";
import { FeedFileError } from "./reader/errors";
import { FEED_FILE_MAX_BYTES, fileTooLarge } from "./reader/read";
import { runImport } from "./run";

/** The body parser's refusal of a file over the bound: said as the reader says it, before reading. */
const tooLarge: ErrorRequestHandler = (error: unknown, req, _res, next) => {
  const type = (error as { type?: unknown } | null)?.type;
  if (type !== "entity.too.large") return next(error);
  next(new ApiFailure(413, "file_too_large", fileTooLarge(Number(req.get("content-length") ?? FEED_FILE_MAX_BYTES + 1)).message));
};

/**
 * The distributor's data feeds (docs/integration.md), mounted at /api/erp behind
 * requireService: `POST /imports/<feed>` with the file's bytes (CSV or XLSX). The answer is
 * the import report: 200 when applied or a dry run, 422 when refused lines stopped it. A
 * written import clears this process's catalogue caches, so the tree and the brands show at
 * once, and has the in-memory catalogue read its revision counters on the next request
 * (decision 0083): new prices show on the very next read of a product, a list or a cart.
 */
export function importsRouter(deps: Pick<CatalogueServiceDeps, "db" | "catalogue" | "readModel">): Router {
  const router = Router();
  const body = express.raw({ type: () => true, limit: FEED_FILE_MAX_BYTES });
  router.post(
    "/imports/:feed",
    body,
    tooLarge,
    asyncHandler(async (req, res) => {
      const feed = parseInput(importFeed, req.params.feed);
      const options = parseInput(importQuery, req.query);
      const bytes = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
      try {
        const report = await runImport(deps.db, feed, bytes, options);
        if (report.applied) {
          deps.catalogue.forget();
          deps.readModel.checkRevisionsNow();
        }
        res.status(report.applied || report.dry_run ? 200 : 422).json(report);
      } catch (error) {
        if (error instanceof FeedFileError) throw new ApiFailure(422, "invalid_file", error.message);
        throw error;
      }
    }),
  );
  return router;
}
