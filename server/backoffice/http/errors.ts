import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { z } from "zod";
import { isDomainError } from "@shared/domain/index";

/** Issue of a refused input, as the contract's apiError carries it. */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * A refusal with an HTTP status, a stable code and a French message. Thrown anywhere in a
 * handler; the error middleware turns it into JSON. `extra` adds fields (e.g. the current
 * cart of a 409).
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

export const notFound = (): ApiFailure => new ApiFailure(404, "not_found", "Ressource introuvable.");
export const forbidden = (message: string): ApiFailure => new ApiFailure(403, "forbidden", message);
export const unauthorized = (): ApiFailure =>
  new ApiFailure(401, "unauthorized", "Session absente ou expirée : veuillez vous reconnecter.");

export function invalidRequest(error: z.ZodError): ApiFailure {
  const issues: ApiIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  return new ApiFailure(400, "invalid_request", "La requête est invalide.", { issues });
}

/** Sends an error answer; its body matches the contract's apiError (plus extra fields). */
export function sendFailure(res: Response, failure: ApiFailure): void {
  res.status(failure.status).json({ code: failure.code, message: failure.message, ...failure.extra });
}

export const unknownRoute: RequestHandler = (_req, res) => {
  sendFailure(res, new ApiFailure(404, "not_found", "Cette adresse d'API n'existe pas."));
};

export interface ErrorLogger {
  error(details: Record<string, unknown>, message: string): void;
}

/** Last middleware: known refusals as they are, malformed JSON or paths as 400, the rest a bare 500. */
export function errorHandler(logger: ErrorLogger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof ApiFailure) return sendFailure(res, error);
    if (isDomainError(error)) {
      return sendFailure(res, new ApiFailure(422, error.code, error.message, { issues: [...error.issues] }));
    }
    if (isBodyParserError(error)) {
      if (error.type === "entity.parse.failed") {
        return sendFailure(res, new ApiFailure(400, "invalid_json", "Le corps de la requête n'est pas un JSON valide."));
      }
      if (error.type === "entity.too.large") {
        return sendFailure(res, new ApiFailure(413, "payload_too_large", "Le corps de la requête est trop volumineux."));
      }
      return sendFailure(res, new ApiFailure(400, "invalid_body", "Le corps de la requête est illisible."));
    }
    // Express could not decode a path parameter (a malformed %-escape): the caller's mistake.
    if (error instanceof URIError) {
      return sendFailure(res, new ApiFailure(400, "invalid_path", "L'adresse demandée est mal encodée."));
    }
    logger.error({ err: error, method: req.method, path: req.path }, "back-office request failed");
    sendFailure(res, new ApiFailure(500, "internal_error", "Erreur interne du service. Réessayez plus tard."));
  };
}

function isBodyParserError(error: unknown): error is { type: string } {
  return typeof error === "object" && error !== null && typeof (error as { type?: unknown }).type === "string" && "status" in error;
}
