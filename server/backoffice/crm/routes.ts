import { Router } from "express";
import { addressListQuery, createAddressRequest } from "@shared/contracts/api";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { assertActingOrg, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { toAddress } from "./addresses";

export function crmRouter(deps: ServiceDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get("/addresses", asyncHandler(async (req, res) => {
    const query = parseInput(addressListQuery, req.query);
    const orgId = assertActingOrg(sessionOf(res), query.org_id);
    const rows = await db.selectFrom("addresses").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
    res.json(rows.map(toAddress));
  }));

  router.post("/addresses", asyncHandler(async (req, res) => {
    const body = parseInput(createAddressRequest, req.body);
    const orgId = assertActingOrg(sessionOf(res), body.org_id);
    const row = await db
      .insertInto("addresses")
      .values({
        org_id: orgId,
        name: body.adr_name,
        line1: body.adr_line1,
        line2: body.adr_line2,
        zipcode: body.adr_zipcode,
        city: body.adr_city,
        country: body.adr_country.toUpperCase(),
        phone: body.adr_phone,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    res.status(201).json(toAddress(row));
  }));

  return router;
}
