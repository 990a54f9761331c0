import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixRequestHandler } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { PortalServices } from "~/entry.server";
import { frenchErrorPage } from "./middleware/error-page";
import type { LoadedBuild } from "./portal-build";

/** The build serving requests and the services built from its entry module (server/app.ts). */
export interface PortalRuntime extends LoadedBuild {
  services: PortalServices;
}

type RemixHandler = ReturnType<typeof createRemixRequestHandler>;

const LEGACY_DATA_REQUEST = "Cette adresse n'est plus servie : rechargez la page.";

/**
 * A file route (an export, a PDF, a download) that refuses a request: Remix answers its error as
 * JSON (`{"message":"Unexpected Server Error"}`, header X-Remix-Error), meant for its own data
 * requests. A person following a link gets the French error page of that status instead
 * (decision 0158). Data requests (`?_data`, `.data`) keep their answers (entry.server.tsx).
 */
function isFileRouteRefusal(req: ExpressRequest, response: Response): boolean {
  if (response.headers.get("X-Remix-Error") === null || response.status < 400) return false;
  if (req.path.endsWith(".data") || req.query._data !== undefined) return false;
  return req.accepts("html") !== false;
}

function frenchRefusal(response: Response, requestId: string): Response {
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("X-Remix-Error");
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(frenchErrorPage(response.status, requestId), { status: response.status, headers });
}

/**
 * Serves the Remix build with the load context of its own services. `current` is read at each
 * request: in development the server swaps in each new build with its services (decision
 * 0099); a request is served by one build from start to end. As @remix-run/express does, with
 * the file routes' refusals made French pages and legacy data requests refused (decision 0158).
 */
export function createRemixHandler(current: () => PortalRuntime, options: { production: boolean }): RequestHandler {
  const handlers = new WeakMap<PortalRuntime, RemixHandler>();
  const handlerOf = (runtime: PortalRuntime): RemixHandler => {
    let handler = handlers.get(runtime);
    if (!handler) {
      handler = createRemixRequestHandler(runtime.build, options.production ? "production" : "development");
      handlers.set(runtime, handler);
    }
    return handler;
  };
  return async (req, res, next) => {
    try {
      const runtime = current();
      const requestId = String(res.locals.requestId);
      const context = runtime.app.createPortalLoadContext(runtime.services, {
        requestId,
        cspNonce: String(res.locals.cspNonce),
        // The public forms' throttles count by it (decision 0123); `trust proxy` is a hop count.
        clientAddress: req.ip ?? "",
      });
      if (req.query._data !== undefined) {
        // Remix 2 with single fetch still routes `?_data=` (the data requests of older clients,
        // which no page of this build makes) and fails on it with a 500: a client's mistake.
        context.logger.warn({ method: req.method, path: req.path, status: 400 }, "legacy ?_data request");
        res.status(400).set("Cache-Control", "no-store").json({ message: LEGACY_DATA_REQUEST, requestId });
        return;
      }
      const response = await handlerOf(runtime)(createRemixRequest(req, res), context);
      if (isFileRouteRefusal(req, response)) {
        await response.body?.cancel();
        await sendRemixResponse(res, frenchRefusal(response, requestId));
        return;
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
