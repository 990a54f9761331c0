import { Router } from "express";
import {
  invitationTargetQuery,
  inviteRequest,
  personResponse,
  updatePersonRequest,
  usersQuery,
  usersResponse,
  type OrgPerson,
} from "@shared/contracts/users";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { sessionOf } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { requireUserManager } from "./access";
import { organizationHistory } from "./history";
import { invite, resendInvitation, revokeInvitation } from "./invitations";
import type { UserMail } from "./mail";
import { organizationPeople } from "./people";
import { updatePerson } from "./update";

async function personOf(db: Kysely<Database>, orgId: number, usrId: number, now: Date): Promise<OrgPerson> {
  const person = (await organizationPeople(db, orgId, now)).find((candidate) => candidate.usr_id === usrId);
  if (!person) throw notFound();
  return person;
}

/**
 * The organization's people accounts (docs/users.md, docs/backoffice-api.md « Users »), under
 * /api/crm. Every route checks the organization and the caller first (users/access.ts).
 */
export function usersRouter(deps: ServiceDeps, mail: UserMail): Router {
  const { db, now } = deps;
  const router = Router();

  router.get(
    "/users",
    asyncHandler(async (req, res) => {
      const orgId = requireUserManager(sessionOf(res), parseInput(usersQuery, req.query).org_id);
      const [people, history] = await Promise.all([organizationPeople(db, orgId, now()), organizationHistory(db, orgId)]);
      res.json(usersResponse.parse({ people, history }));
    }),
  );

  router.patch(
    "/users/:usrId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const body = parseInput(updatePersonRequest, req.body);
      const orgId = requireUserManager(session, body.org_id);
      const usrId = parseIdParam(req.params.usrId);
      if (usrId === null) throw notFound();
      // A removed flag or a deactivation is refused on the person's very next call: no cached session may say otherwise.
      if (await updatePerson(db, session, orgId, usrId, body, now())) await deps.sessions.clear();
      res.json(personResponse.parse({ person: await personOf(db, orgId, usrId, now()) }));
    }),
  );

  router.post(
    "/invitations",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const body = parseInput(inviteRequest, req.body);
      const orgId = requireUserManager(session, body.org_id);
      const { usrId, mailSent } = await invite({ db, mail }, session, orgId, body, now());
      res.status(201).json(personResponse.parse({ person: await personOf(db, orgId, usrId, now()), mail_sent: mailSent }));
    }),
  );

  router.post(
    "/invitations/:usrId/resend",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = requireUserManager(session, parseInput(invitationTargetQuery, req.body ?? {}).org_id);
      const usrId = parseIdParam(req.params.usrId);
      if (usrId === null) throw notFound();
      const mailSent = await resendInvitation({ db, mail }, session, orgId, usrId, now());
      res.json(personResponse.parse({ person: await personOf(db, orgId, usrId, now()), mail_sent: mailSent }));
    }),
  );

  router.delete(
    "/invitations/:usrId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = requireUserManager(session, parseInput(invitationTargetQuery, req.query).org_id);
      const usrId = parseIdParam(req.params.usrId);
      if (usrId === null) throw notFound();
      await revokeInvitation(db, session, orgId, usrId, now());
      res.status(204).end();
    }),
  );

  return router;
}
