import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

/** A fresh id per request, in the response and in every log line of that request. */
export const requestId: RequestHandler = (_req, res, next) => {
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
};
