import type { RequestHandler, Response } from "express";
import { resolveServiceToken, type ServiceCaller } from "../auth/service-tokens";
import { hashToken } from "../auth/tokens";
import type { ServiceDeps } from "./deps";
import { ApiFailure } from "./errors";
import { bearerToken } from "./session";

/**
 * Guards the distributor's calls (/api/erp): a live service token, never a portal user's. A
 * user's token, even valid, is answered 403 (it is known, and not allowed here); anything else
 * 401 (docs/decisions/0102-service-tokens-for-the-distributor-systems.md), as is a token the
 * deployment refuses though it is in the database (the demo's in production, decision 0163).
 */
export function requireService({ db, refusedServiceTokens }: Pick<ServiceDeps, "db" | "refusedServiceTokens">): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.get("authorization"));
    if (!token) return next(unknownService());
    const tokenHash = hashToken(token);
    if (refusedServiceTokens?.has(tokenHash)) return next(unknownService());
    resolveServiceToken(db, tokenHash)
      .then(async (service) => {
        if (service) {
          res.locals.service = service;
          return next();
        }
        const userToken = await db.selectFrom("auth_tokens").select("token_hash").where("token_hash", "=", tokenHash).executeTakeFirst();
        next(userToken ? forbiddenToUsers() : unknownService());
      })
      .catch(next);
  };
}

const unknownService = (): ApiFailure => new ApiFailure(401, "unauthorized", "Jeton de service absent, inconnu ou révoqué.");
const forbiddenToUsers = (): ApiFailure =>
  new ApiFailure(403, "forbidden", "Ces appels sont réservés aux systèmes du distributeur (jeton de service).");

export function serviceOf(res: Response): ServiceCaller {
  const service = res.locals.service as ServiceCaller | undefined;
  if (!service) throw new Error("serviceOf called on a route without requireService");
  return service;
}
