import { Router } from "express";
import type { Kysely } from "kysely";
import { orgQuery } from "@shared/contracts/checkout";
import { headOfficeAddress } from "../crm/addresses";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { assertActingOrg, sessionOf, type Session } from "../http/session";
import { parseInput } from "../http/validate";

/** The organization's own account and the person who confirms (the master after login-as). */
async function recipients(db: Kysely<Database>, session: Session): Promise<string[]> {
  const ids = [session.org.id, session.user.id, ...(session.master ? [session.master.id] : [])];
  const rows = await db
    .selectFrom("users")
    .select(["login", "class", "org_id"])
    .where("id", "in", ids)
    .where("disabled", "=", false)
    .execute();
  const logins = rows.filter((row) => row.login.includes("@")).map((row) => row.login.toLowerCase());
  return [...new Set(logins)];
}

/** Mounted under the authenticated /crm prefix, after the crm router. */
export function checkoutRouter(deps: ServiceDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/invoicing-address",
    asyncHandler(async (req, res) => {
      const orgId = assertActingOrg(sessionOf(res), parseInput(orgQuery, req.query).org_id);
      const found = await headOfficeAddress(db, orgId);
      if (!found) throw new ApiFailure(404, "no_invoicing_address", "Aucune adresse de facturation n'est enregistrée pour ce compte.");
      res.json(found);
    }),
  );

  router.get(
    "/order-recipients",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      assertActingOrg(session, parseInput(orgQuery, req.query).org_id);
      res.json({ emails: await recipients(db, session) });
    }),
  );

  return router;
}
