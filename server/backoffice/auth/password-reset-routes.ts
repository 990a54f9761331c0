import { Router } from "express";
import { passwordResetCheck, passwordResetConfirm, passwordResetRequest } from "@shared/contracts/requests";
import { asyncHandler } from "../http/async-handler";
import { parseInput } from "../http/validate";
import type { PasswordResets } from "./password-reset";

/**
 * The public calls of a forgotten password (docs/backoffice-api.md « Requests », decision 0124),
 * mounted at /api's root before the session guard of /auth: the link's token is the proof.
 */
export function passwordResetRouter(resets: PasswordResets): Router {
  const router = Router();

  // 202 for every well-formed address, known or not, before anything is e-mailed.
  router.post(
    "/auth/password-reset",
    asyncHandler(async (req, res) => {
      const { email } = parseInput(passwordResetRequest, req.body);
      await resets.request(email);
      res.status(202).end();
    }),
  );

  router.post(
    "/auth/password-reset/check",
    asyncHandler(async (req, res) => {
      const { token } = parseInput(passwordResetCheck, req.body);
      res.json(await resets.check(token));
    }),
  );

  router.post(
    "/auth/password-reset/confirm",
    asyncHandler(async (req, res) => {
      const { token, password } = parseInput(passwordResetConfirm, req.body);
      await resets.confirm(token, password);
      res.status(204).end();
    }),
  );

  return router;
}
