import pino from "pino";

/** JSON logs; cookies, passwords and tokens never reach them. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  redact: {
    paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "password", "token"],
    censor: "[redacted]",
  },
});
