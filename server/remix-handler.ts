import { createRequestHandler } from "@remix-run/express";
import type { RequestHandler } from "express";
import type { PortalServices } from "~/entry.server";
import type { LoadedBuild } from "./portal-build";

/** The build serving requests and the services built from its entry module (server/app.ts). */
export interface PortalRuntime extends LoadedBuild {
  services: PortalServices;
}

/**
 * Serves the Remix build with the load context of its own services. `current` is read at each
 * request: in development the server swaps in each new build with its services (decision
 * 0099); a request is served by one build from start to end.
 */
export function createRemixHandler(current: () => PortalRuntime, options: { production: boolean }): RequestHandler {
  const handlers = new WeakMap<PortalRuntime, RequestHandler>();
  const handlerOf = (runtime: PortalRuntime): RequestHandler => {
    let handler = handlers.get(runtime);
    if (!handler) {
      handler = createRequestHandler({
        build: runtime.build,
        mode: options.production ? "production" : "development",
        getLoadContext: (req, res) =>
          runtime.app.createPortalLoadContext(runtime.services, {
            requestId: String(res.locals.requestId),
            cspNonce: String(res.locals.cspNonce),
            // The public forms' throttles count by it (decision 0123); `trust proxy` is a hop count.
            clientAddress: req.ip ?? "",
          }),
      });
      handlers.set(runtime, handler);
    }
    return handler;
  };
  return (req, res, next) => handlerOf(current())(req, res, next);
}
