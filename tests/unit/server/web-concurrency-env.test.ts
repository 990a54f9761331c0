import { describe, expect, it } from "vitest";
import { readEnv } from "../../../server/config/env";

/** WEB_CONCURRENCY (decision 0153): several processes only with a shared database and Redis. */
const env = (values: Record<string, string>) => ({ NODE_ENV: "test", ...values }) as NodeJS.ProcessEnv;
const SHARED = {
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portail",
  REDIS_URL: "redis://127.0.0.1:6379",
  SESSION_SECRET: "test-secret-0123456789-abcdefghijklmnop",
};

describe("WEB_CONCURRENCY", () => {
  it("is one process by default, the embedded database allowed", () => {
    expect(readEnv(env({})).WEB_CONCURRENCY).toBe(1);
    expect(readEnv(env({ WEB_CONCURRENCY: "1" })).WEB_CONCURRENCY).toBe(1);
  });

  it("accepts several processes on PostgreSQL with Redis", () => {
    expect(readEnv(env({ WEB_CONCURRENCY: "4", ...SHARED })).WEB_CONCURRENCY).toBe(4);
  });

  it("refuses several processes on the embedded database, without Redis or without a session secret, in French", () => {
    const { DATABASE_URL: _database, ...noDatabase } = SHARED;
    const { REDIS_URL: _redis, ...noRedis } = SHARED;
    const { SESSION_SECRET: _secret, ...noSecret } = SHARED;
    expect(() => readEnv(env({ WEB_CONCURRENCY: "2", ...noDatabase }))).toThrow(/WEB_CONCURRENCY > 1 demande DATABASE_URL/);
    expect(() => readEnv(env({ WEB_CONCURRENCY: "2", ...noRedis }))).toThrow(/WEB_CONCURRENCY > 1 demande REDIS_URL/);
    expect(() => readEnv(env({ WEB_CONCURRENCY: "2", ...noSecret }))).toThrow(/WEB_CONCURRENCY > 1 demande SESSION_SECRET/);
  });

  it("refuses a count that is not a whole number from 1 to 32", () => {
    for (const value of ["0", "33", "1.5", "deux"])
      expect(() => readEnv(env({ WEB_CONCURRENCY: value, ...SHARED }))).toThrow(/WEB_CONCURRENCY/);
  });
});
