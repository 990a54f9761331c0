import { Router } from "express";
import { addressListQuery, createAddressRequest } from "@shared/contracts/api";
import { contactsQuery } from "@shared/contracts/contacts";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { forbidden } from "../http/errors";
import { assertActingOrg, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { toAddress } from "./addresses";
import { organizationContacts } from "./contacts";

/** docs/specification.md §6: contacts are for every class but people and contributor. */
const CONTACTS_REFUSED = {
  people: "Votre compte ne permet pas de consulter les contacts de votre organisation.",
  contributor: "Choisissez d'abord le client pour lequel vous agissez : les contacts sont ceux d'une organisation cliente.",
} as const;

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

  /**
   * The organization's sales representatives and the customer service. The organization is
   * checked first (another org's answer is a 404, as for the cart), then the class: a people
   * account, or a contributor not logged in as a client, gets a 403
   * (docs/decisions/0106-contacts-on-the-account-home.md).
   */
  router.get("/contacts", asyncHandler(async (req, res) => {
    const query = parseInput(contactsQuery, req.query);
    const session = sessionOf(res);
    const orgId = assertActingOrg(session, query.org_id);
    const userClass = session.user.class;
    if (userClass === "people" || userClass === "contributor") throw forbidden(CONTACTS_REFUSED[userClass]);
    res.json(await organizationContacts(db, orgId));
  }));

  return router;
}
