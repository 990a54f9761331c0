import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { createPortalLoadContext, type PortalServices } from "~/services/context.server";

/** Loads the Remix server build (`remix build` writes it) and serves it with our load context. */
export async function createRemixHandler(options: {
  buildPath: string;
  production: boolean;
  /** Read at each request: the services are complete only once the server knows its port. */
  services: () => PortalServices;
}): Promise<RequestHandler> {
  if (!existsSync(options.buildPath)) {
    throw new Error(`The Remix build is missing (${options.buildPath}): run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(options.buildPath).href)) as ServerBuild;
  return createRequestHandler({
    build,
    mode: options.production ? "production" : "development",
    getLoadContext: (_req, res) =>
      createPortalLoadContext(options.services(), {
        requestId: String(res.locals.requestId),
        cspNonce: String(res.locals.cspNonce),
      }),
  });
}
