import { Router, type Response } from "express";
import { contentSlug, newsListQuery } from "@shared/contracts/content";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { sessionOf } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { readerOf } from "./access";
import { documentFile, downloadCategory, downloadTree, unknownDownloadCategory, type StoredFile } from "./downloads";
import { listNews, newsCategories, newsItem, unknownNews } from "./news";

/**
 * The distributor's content (docs/content.md), mounted at /api/content behind requireSession:
 * any portal user's token reads the news and the documents its organization may have
 * (docs/decisions/0122-access-to-documents.md). Nothing here changes anything.
 */
export function contentRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();
  /** A malformed slug names nothing: the same 404 as an unknown one. */
  const slugOf = (raw: string | undefined, missing: () => Error): string => {
    const parsed = contentSlug.safeParse(raw);
    if (!parsed.success) throw missing();
    return parsed.data;
  };

  router.get(
    "/news/categories",
    asyncHandler(async (_req, res) => {
      res.json({ items: await newsCategories(db, now()) });
    }),
  );

  router.get(
    "/news",
    asyncHandler(async (req, res) => {
      const query = parseInput(newsListQuery, req.query);
      res.json(await listNews(db, query, now()));
    }),
  );

  router.get(
    "/news/items/:slug",
    asyncHandler(async (req, res) => {
      res.json(await newsItem(db, slugOf(req.params.slug, unknownNews), now()));
    }),
  );

  router.get(
    "/downloads",
    asyncHandler(async (_req, res) => {
      res.json(await downloadTree(db, readerOf(sessionOf(res))));
    }),
  );

  router.get(
    "/downloads/categories/:slug",
    asyncHandler(async (req, res) => {
      res.json(await downloadCategory(db, readerOf(sessionOf(res)), slugOf(req.params.slug, unknownDownloadCategory), undefined));
    }),
  );

  router.get(
    "/downloads/categories/:slug/:child",
    asyncHandler(async (req, res) => {
      const slug = slugOf(req.params.slug, unknownDownloadCategory);
      res.json(await downloadCategory(db, readerOf(sessionOf(res)), slug, slugOf(req.params.child, unknownDownloadCategory)));
    }),
  );

  router.get(
    "/downloads/:id/file",
    asyncHandler(async (req, res) => {
      sendFile(res, await documentFile(db, readerOf(sessionOf(res)), parseIdParam(req.params.id)));
    }),
  );

  return router;
}

/** The stored bytes as an attachment, never sniffed, never kept by a shared cache. */
function sendFile(res: Response, file: StoredFile): void {
  // A header carries Latin-1 only: an ASCII name, and the exact one in RFC 5987's form.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  res.set({
    "Content-Type": file.mime,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    "Content-Length": String(file.content.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    ETag: `"${file.sha256}"`,
  });
  res.send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}
