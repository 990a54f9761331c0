import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";

/**
 * Fingerprinted build assets are cached for a year (their name changes with their content);
 * the rest of public/ for an hour. A missing asset is a plain 404, not a Remix page.
 *
 * Only paths under one of public/'s own entries reach the disk: express.static would otherwise
 * `stat` every page's path before Remix answers it (about 4 % of a bare page's time). public/
 * is what the deployment ships; an entry added while the portal runs is served after a restart.
 */
export function staticFiles(publicDir: string): Router {
  const router = express.Router();
  router.use(
    "/build",
    express.static(path.join(publicDir, "build"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      // The latest-build file changes with each build: revalidated, never cached for a year.
      setHeaders: (res, file) => {
        if (path.basename(file) === "version.json") res.setHeader("Cache-Control", "no-cache");
      },
    }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not Found");
    },
  );
  router.use(onlyUnder(publicEntries(publicDir), express.static(publicDir, { maxAge: "1h", index: false })));
  return router;
}

/** The names directly in public/ (files and folders), build/ apart: it has its own route above. */
function publicEntries(publicDir: string): ReadonlySet<string> {
  const names = readdirSync(publicDir).filter((name) => name !== "build");
  return new Set(names);
}

/** Hands a request to `serve` only when its path's first segment is one of `entries`. */
export function onlyUnder(entries: ReadonlySet<string>, serve: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const end = req.path.indexOf("/", 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    if (entries.has(first)) serve(req, res, next);
    else next();
  };
}
