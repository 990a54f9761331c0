import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import express, { type Router } from "express";
import { requestId } from "./middleware/request-id";

/**
 * The embedded back-office as the portal calls it in the same process (decision 0156): its
 * own Express app (the back-office under /api, nothing else), driven by light-my-request.
 *
 * light-my-request records what the app writes through its own request and response classes.
 * Express replaces the prototypes of the objects it is given with its app's `request` and
 * `response`, so light-my-request, handed an Express app, re-parents Express's shared base
 * prototypes onto its classes, for every Express app of the process: the public server's real
 * responses then went through its recorder and the process crashed. Here only this app's
 * prototypes get Express's methods over light-my-request's classes, and light-my-request is
 * handed a plain function, so it changes nothing else.
 */
export type InjectableListener = (request: IncomingMessage, response: ServerResponse) => void;

interface Constructor {
  prototype: object;
}

// The classes light-my-request builds its objects from (it exports only `inject`).
const require = createRequire(import.meta.url);
const InjectedRequest = require("light-my-request/lib/request.js") as Constructor;
const InjectedResponse = require("light-my-request/lib/response.js") as Constructor;

export function inProcessBackoffice(backoffice: Router): InjectableListener {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(requestId);
  app.use("/api", backoffice);
  reparent(app.request, InjectedRequest);
  reparent(app.response, InjectedResponse);
  return (request, response) => app(request, response);
}

/** `own` (an app's request or response) keeps Express's methods, now over `base`'s prototype. */
function reparent(own: object, base: Constructor): void {
  const expressMethods = Object.getPrototypeOf(own) as object;
  Object.setPrototypeOf(own, Object.create(base.prototype, Object.getOwnPropertyDescriptors(expressMethods)));
}
