import { Router, type Request, type Response } from "express";
import {
  alertPreferencesRequest,
  ALERT_LABELS,
  unsubscribeQuery,
  type AlertKind,
  type AlertPreferencesResponse,
  type UnsubscribeResponse,
} from "@shared/contracts/alerts";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure, forbidden } from "../http/errors";
import { sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { readPreferences, turnOff, writePreferences } from "./preferences";
import { verifyUnsubscribe, type UnsubscribeClaim } from "./tokens";

const PEOPLE_REFUSED = "Votre compte ne permet pas de choisir des alertes e-mail : elles sont réservées au compte de l'organisation.";

/** GET and PUT /api/crm/alerts: the caller's own choices (spec section 6: every class but people). */
export function alertPreferencesRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function answer(res: Response, usrId: number, email: string) {
    const body: AlertPreferencesResponse = { email, preferences: await readPreferences(db, usrId) };
    res.json(body);
  }

  router.get(
    "/alerts",
    asyncHandler(async (_req, res) => {
      const { user } = sessionOf(res);
      if (user.class === "people") throw forbidden(PEOPLE_REFUSED);
      await answer(res, user.id, user.login);
    }),
  );

  router.put(
    "/alerts",
    asyncHandler(async (req, res) => {
      const { user } = sessionOf(res);
      if (user.class === "people") throw forbidden(PEOPLE_REFUSED);
      const body = parseInput(alertPreferencesRequest, req.body);
      await writePreferences(db, user.id, body.enabled, now());
      await answer(res, user.id, user.login);
    }),
  );

  return router;
}

const REFUSED =
  "Ce lien de désabonnement n'est pas valable : vérifiez qu'il est complet, ou choisissez vos alertes depuis votre espace client.";
const USED = "Ce lien de désabonnement a déjà servi. Vous pouvez choisir vos alertes depuis votre espace client.";

/**
 * /api/alerts/unsubscribe?token=… (public: the token is the proof, tokens.ts), JSON only. GET
 * says what the link does and changes nothing (mail scanners open links): the portal's page
 * (/desabonnement, the link in the e-mail's body) asks with it. POST turns the alert off, once:
 * the portal page's button and mail clients' one-click (RFC 8058, List-Unsubscribe) come here.
 */
export function unsubscribeRouter(deps: Pick<ServiceDeps, "db" | "now">, secret: Buffer): Router {
  const { db, now } = deps;
  const router = Router();

  async function claimOf(req: Request): Promise<{ claim: UnsubscribeClaim; used: boolean }> {
    const { token } = parseInput(unsubscribeQuery, req.query);
    const claim = verifyUnsubscribe(secret, token);
    const delivery = claim
      ? await db
          .selectFrom("alert_deliveries")
          .select(["unsubscribed_at"])
          .where("id", "=", claim.deliveryId)
          .where("user_id", "=", claim.usrId)
          .where("kind", "=", claim.kind)
          .executeTakeFirst()
      : undefined;
    if (!claim || !delivery) throw new ApiFailure(404, "invalid_unsubscribe_token", REFUSED);
    return { claim, used: delivery.unsubscribed_at !== null };
  }

  const body = (kind: AlertKind, unsubscribed: boolean): UnsubscribeResponse => ({ kind, label: ALERT_LABELS[kind], unsubscribed });

  router.get(
    "/unsubscribe",
    asyncHandler(async (req, res) => {
      const { claim, used } = await claimOf(req);
      res.json(body(claim.kind, used));
    }),
  );

  router.post(
    "/unsubscribe",
    asyncHandler(async (req, res) => {
      const { claim, used } = await claimOf(req);
      if (used) throw new ApiFailure(410, "unsubscribe_token_used", USED);
      const at = now();
      // The delivery row is taken first: two clicks at once turn the alert off once.
      const taken = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("alert_deliveries")
          .set({ unsubscribed_at: at })
          .where("id", "=", claim.deliveryId)
          .where("unsubscribed_at", "is", null)
          .returning("id")
          .executeTakeFirst();
        if (row) await turnOff(trx, claim.usrId, claim.kind, at);
        return row !== undefined;
      });
      if (!taken) throw new ApiFailure(410, "unsubscribe_token_used", USED);
      res.json(body(claim.kind, true));
    }),
  );

  return router;
}
