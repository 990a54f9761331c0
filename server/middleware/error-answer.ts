import type { ErrorRequestHandler } from "express";
import { frenchErrorPage } from "./error-page";

interface ErrorLogger {
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * The last handler of the portal's Express app (decision 0139): what fails before Remix or the
 * back-office could answer (a malformed %-escape in the path, say) gets a short French answer
 * with the request id, never Express's default page, which shows the stack and the server's
 * paths whenever NODE_ENV is not "production" (`npm start` as a newcomer runs it).
 */
export function errorAnswer(logger: ErrorLogger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const requestId = String(res.locals.requestId ?? "");
    // Express could not decode the path (URIError), or a body parser refused the request (4xx).
    const declared = typeof error === "object" && error !== null && "status" in error ? Number(error.status) : NaN;
    const status = error instanceof URIError ? 400 : declared >= 400 && declared < 500 ? declared : 500;
    if (status === 500)
      logger.error({ err: error, method: req.method, path: req.path, requestId }, "request failed before the app answered");
    const message = status === 500 ? "Une erreur est survenue. Réessayez dans quelques instants." : "L'adresse demandée est mal formée.";
    res.status(status);
    res.set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || !req.accepts("html")) {
      res.json({ code: status === 500 ? "internal_error" : "bad_request", message, request_id: requestId });
      return;
    }
    res
      .type("html")
      .send(frenchErrorPage(status, requestId, { heading: status === 500 ? "Une erreur est survenue" : "Adresse mal formée", message }));
  };
}
