import { Router } from "express";
import { addressListQuery } from "@shared/contracts/api";
import { contactsQuery } from "@shared/contracts/contacts";
import { addressInput, addressTargetQuery, meResponse, updateMeRequest } from "@shared/contracts/users";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { forbidden, notFound } from "../http/errors";
import { assertActingOrg, hasFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { createOrReuseAddress } from "./address-create";
import { deleteAddress, updateAddress } from "./address-edit";
import { toAddress } from "./addresses";
import { organizationContacts } from "./contacts";
import { readMe, updateMe } from "./me";

/** docs/specification.md §6: contacts are for every class but people and contributor. */
const CONTACTS_REFUSED = {
  people: "Votre compte ne permet pas de consulter les contacts de votre organisation.",
  contributor: "Choisissez d'abord le client pour lequel vous agissez : les contacts sont ceux d'une organisation cliente.",
} as const;

/**
 * Changing an organization's addresses: whoever acts for it (a contributor after login-as), not
 * a contributor on its own account, whose organization is the distributor (docs/users.md); a
 * people account needs `cart`, the right that prepares the cart's delivery (decision 0133).
 */
function addressOrg(session: Session, orgId: number): number {
  const acting = assertActingOrg(session, orgId);
  if (session.user.class === "contributor") {
    throw forbidden("Choisissez d'abord le client pour lequel vous agissez : les adresses sont celles d'une organisation cliente.");
  }
  if (!hasFlag(session, "cart")) throw forbidden(ADDRESSES_REFUSED);
  return acting;
}

const ADDRESSES_REFUSED = "Votre compte ne permet pas de modifier les adresses de livraison.";

export function crmRouter(deps: ServiceDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/addresses",
    asyncHandler(async (req, res) => {
      const query = parseInput(addressListQuery, req.query);
      const orgId = assertActingOrg(sessionOf(res), query.org_id);
      const rows = await db.selectFrom("addresses").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
      res.json(rows.map(toAddress));
    }),
  );

  router.post(
    "/addresses",
    asyncHandler(async (req, res) => {
      // The same checks as an edit: French postal code, phone in the international format.
      const body = parseInput(addressInput, req.body);
      const orgId = addressOrg(sessionOf(res), body.org_id);
      // An identical address of the organization is answered (200) rather than added again (201).
      const { address, created } = await createOrReuseAddress(db, orgId, body);
      res.status(created ? 201 : 200).json(address);
    }),
  );

  router.put(
    "/addresses/:id",
    asyncHandler(async (req, res) => {
      const body = parseInput(addressInput, req.body);
      const orgId = addressOrg(sessionOf(res), body.org_id);
      const id = parseIdParam(req.params.id);
      if (id === null) throw notFound();
      res.json(await updateAddress(db, orgId, id, body));
    }),
  );

  router.delete(
    "/addresses/:id",
    asyncHandler(async (req, res) => {
      const orgId = addressOrg(sessionOf(res), parseInput(addressTargetQuery, req.query).org_id);
      const id = parseIdParam(req.params.id);
      if (id === null) throw notFound();
      await deleteAddress(db, orgId, id);
      res.status(204).end();
    }),
  );

  router.get(
    "/me",
    asyncHandler(async (_req, res) => {
      res.json(meResponse.parse(await readMe(db, sessionOf(res))));
    }),
  );

  router.put(
    "/me",
    asyncHandler(async (req, res) => {
      const body = parseInput(updateMeRequest, req.body);
      const me = await updateMe(db, sessionOf(res), body, deps.now());
      // The name shown by /auth/me comes from the cached session: the next call reads it again.
      await deps.sessions.clear();
      res.json(meResponse.parse(me));
    }),
  );

  /**
   * The organization's sales representatives and the customer service. The organization is
   * checked first (another org's answer is a 404, as for the cart), then the class: a people
   * account, or a contributor not logged in as a client, gets a 403
   * (docs/decisions/0106-contacts-on-the-account-home.md).
   */
  router.get(
    "/contacts",
    asyncHandler(async (req, res) => {
      const query = parseInput(contactsQuery, req.query);
      const session = sessionOf(res);
      const orgId = assertActingOrg(session, query.org_id);
      const userClass = session.user.class;
      if (userClass === "people" || userClass === "contributor") throw forbidden(CONTACTS_REFUSED[userClass]);
      res.json(await organizationContacts(db, orgId));
    }),
  );

  return router;
}
