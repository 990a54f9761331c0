import path from "node:path";
import express, { type Router } from "express";

/**
 * Fingerprinted build assets are cached for a year (their name changes with their content);
 * the rest of public/ for an hour. A missing asset is a plain 404, not a Remix page.
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
  router.use(express.static(publicDir, { maxAge: "1h", index: false }));
  return router;
}
