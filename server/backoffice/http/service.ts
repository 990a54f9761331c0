import type { RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import { resolveServiceToken, type ServiceCaller } from "../auth/service-tokens";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/schema";
import { ApiFailure } from "./errors";
import { bearerToken } from "./session";

/**
 * Guards the distributor's calls (/api/erp): a live service token, never a portal user's. A
 * user's token, even valid, is answered 403 (it is known, and not allowed here); anything else
 * 401 (docs/decisions/0102-service-tokens-for-the-distributor-systems.md).
 */
export function requireService(db: Kysely<Database>): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.get("authorization"));
    if (!token) return next(unknownService());
    const tokenHash = hashToken(token);
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

const unknownService = (): ApiFailure =>
  new ApiFailure(401, "unauthorized", "Jeton de service absent, inconnu ou révoqué.");
const forbiddenToUsers = (): ApiFailure =>
  new ApiFailure(403, "forbidden", "Ces appels sont réservés aux systèmes du distributeur (jeton de service).");

export function serviceOf(res: Response): ServiceCaller {
  const service = res.locals.service as ServiceCaller | undefined;
  if (!service) throw new Error("serviceOf called on a route without requireService");
  return service;
}
