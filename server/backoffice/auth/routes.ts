import { Router } from "express";
import { sql } from "kysely";
import {
  clientListQuery,
  clientListResponse,
  loginAsRequest,
  loginRequest,
  logoutRequest,
  type ClientSummary,
} from "@shared/contracts/api";
import type { CatalogueServiceDeps } from "../http/deps";
import { asyncHandler } from "../http/async-handler";
import { ApiFailure, forbidden, notFound } from "../http/errors";
import { requireSession, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { frenchOrder } from "@shared/domain/index";
import { throttledMessage } from "@shared/domain/login-throttle";
import { acceptInvitationRequest, changePasswordRequest, invitationInfo } from "@shared/contracts/users";
import { acceptInvitation, invitationInfoOf } from "../users/invitations";
import type { UserMail } from "../users/mail";
import { changePassword } from "./password-change";
import type { LoginThrottle } from "./login-throttle";
import { burnPasswordCheck, verifyPassword } from "./passwords";
import { buildSessionResponse, endSessionFamily, startLoginAs } from "./sessions";
import { issueToken, revokeToken } from "./tokens";
import { findOrganization, findUserByLogin, findUserById } from "./users";

const invalidCredentials = () => new ApiFailure(401, "invalid_credentials", "Identifiant ou mot de passe incorrect.");

/** A token of an invitation link as the portal passes it on; anything else is simply unknown. */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
const unknownInvitation = () =>
  new ApiFailure(404, "invitation_unknown", "Ce lien d'invitation n'est pas valable : vérifiez qu'il est complet.");

/** The French refusal of a throttled login, with its wait (decision 0136). */
const loginThrottled = (retryAfterSeconds: number) =>
  new ApiFailure(429, "login_throttled", throttledMessage(retryAfterSeconds, "tentatives de connexion"), {
    retry_after: retryAfterSeconds,
  });

export function authRouter(deps: CatalogueServiceDeps, mail: UserMail, throttle: LoginThrottle): Router {
  const { db, now } = deps;
  const router = Router();

  router.post(
    "/login",
    asyncHandler(async (req, res) => {
      const body = parseInput(loginRequest, req.body);
      // Counted whether the login exists or not: a refusal tells nothing about the account.
      const gate = await throttle.attempt({ login: body.login, address: req.ip ?? "" });
      if (!gate.allowed) {
        res.set("Retry-After", String(gate.retryAfterSeconds));
        throw loginThrottled(gate.retryAfterSeconds);
      }
      const user = await checkCredentials(body.login, body.password);
      await gate.settle(user !== null);
      if (!user) throw invalidCredentials();
      const org = await findOrganization(db, user.org_id);
      if (!org) throw invalidCredentials();
      const instant = now();
      const expiresAt = new Date(instant.getTime() + deps.tokenLifetimeMs);
      const token = await issueToken(db, { userId: user.id, orgId: org.id, masterUserId: null, expiresAt });
      // Shown on the users page (docs/users.md).
      await db.updateTable("users").set({ last_login_at: instant }).where("id", "=", user.id).execute();
      deps.tokenPurge.loggedIn(instant);
      deps.certificates.loggedIn(instant);
      res.json(await buildSessionResponse(db, token, user, org, null, expiresAt));
    }),
  );

  /** The user the login and password name, or null (an unknown login costs as much time as a wrong password). */
  async function checkCredentials(login: string, password: string) {
    const user = await findUserByLogin(db, login);
    // An invited person without a password yet answers as slowly as an unknown login.
    if (!user || user.password_hash === "") {
      await burnPasswordCheck(password);
      return null;
    }
    return (await verifyPassword(password, user.password_hash)) ? user : null;
  }

  // Public: the invitee has no session yet; the token itself is the proof (docs/users.md).
  router.get(
    "/invitations/:token",
    asyncHandler(async (req, res) => {
      const token = req.params.token ?? "";
      if (!INVITATION_TOKEN.test(token)) throw unknownInvitation();
      res.json(invitationInfo.parse(await invitationInfoOf(db, token, now())));
    }),
  );

  router.post(
    "/invitations/:token",
    asyncHandler(async (req, res) => {
      const token = req.params.token ?? "";
      if (!INVITATION_TOKEN.test(token)) throw unknownInvitation();
      const body = parseInput(acceptInvitationRequest, req.body);
      await acceptInvitation(db, token, body.password, now());
      res.status(204).end();
    }),
  );

  router.use(requireSession(deps));

  router.post(
    "/password",
    asyncHandler(async (req, res) => {
      const body = parseInput(changePasswordRequest, req.body);
      const changed = await changePassword(
        db,
        mail,
        sessionOf(res),
        { currentPassword: body.current_password, newPassword: body.new_password },
        now(),
      );
      // The user's other tokens were revoked: no cached copy may answer for them.
      await deps.sessions.clear();
      await changed.tell();
      res.status(204).end();
    }),
  );

  router.get(
    "/me",
    asyncHandler(async (_req, res) => {
      const session = sessionOf(res);
      const [full, catalogueRevision] = await Promise.all([
        buildSessionResponse(db, "", session.user, session.org, session.master, session.expiresAt),
        deps.readModel.catalogueRevision(),
      ]);
      res.json({ user: full.user, master: full.master, catalogue_revision: catalogueRevision });
    }),
  );

  router.post(
    "/logout",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const body = parseInput(logoutRequest, req.body);
      if (body.usr_id !== session.user.id && body.usr_id !== session.master?.id) throw notFound();
      await endSessionFamily(db, session, now());
      await deps.sessions.clear();
      res.status(204).end();
    }),
  );

  router.post(
    "/login-as",
    asyncHandler(async (req, res) => {
      const body = parseInput(loginAsRequest, req.body);
      const started = await startLoginAs(db, sessionOf(res), body.master_id, body.slave_id, now());
      // Switching from one client to another revoked the previous client's token.
      await deps.sessions.clear();
      res.json(started);
    }),
  );

  router.post(
    "/back-to-master",
    asyncHandler(async (_req, res) => {
      const session = sessionOf(res);
      if (!session.master) throw new ApiFailure(409, "not_logged_as", "Aucune connexion pour le compte d'un client en cours.");
      const master = await findUserById(db, session.master.id);
      const org = master && (await findOrganization(db, master.org_id));
      if (!master || !org) throw notFound();
      const token = await issueToken(db, { userId: master.id, orgId: org.id, masterUserId: null, expiresAt: session.expiresAt });
      await revokeToken(db, session.tokenHash, now());
      await deps.sessions.clear();
      res.json(await buildSessionResponse(db, token, master, org, null, session.expiresAt));
    }),
  );

  router.get(
    "/clients",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const contributor = session.master ?? session.user;
      if (contributor.class !== "contributor") throw forbidden("Seuls les commerciaux ont accès à la liste des clients.");
      const q = parseInput(clientListQuery, req.query).q ?? "";
      let query = db
        .selectFrom("contributor_clients as cc")
        .innerJoin("organizations as o", "o.id", "cc.org_id")
        .select([
          "o.id as obj_id",
          "o.ref as obj_ref",
          "o.name as obj_name",
          "o.zipcode as adr_zipcode",
          "o.city as adr_city",
          "o.country as adr_country",
        ])
        .where("cc.contributor_id", "=", contributor.id);
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`f_unaccent(o.name)`, "ilike", sql`f_unaccent(${pattern})`),
            eb("o.ref", "ilike", pattern),
            eb("o.zipcode", "like", pattern),
            eb(sql`f_unaccent(o.city)`, "ilike", sql`f_unaccent(${pattern})`),
          ]),
        );
      }
      const rows: ClientSummary[] = await query.orderBy("o.name").limit(200).execute();
      // The database's byte order puts « Électronique… » after « Z… »: French order for people.
      rows.sort((a, b) => frenchOrder.compare(a.obj_name, b.obj_name));
      res.json(clientListResponse.parse(rows));
    }),
  );

  return router;
}
