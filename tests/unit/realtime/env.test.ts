import { describe, expect, it } from "vitest";
import { readRealtimeEnv } from "../../../server/realtime/env";

describe("readRealtimeEnv", () => {
  it("has a single-instance default", () => {
    expect(readRealtimeEnv({})).toEqual({ REDIS_URL: undefined, REALTIME_CHANNEL: "portail", REALTIME_ALLOWED_ORIGINS: [] });
  });

  it("reads Redis, the channel and the allowed origins", () => {
    const env = readRealtimeEnv({
      REDIS_URL: "redis://10.0.0.2:6379",
      REALTIME_CHANNEL: "portail-prod",
      REALTIME_ALLOWED_ORIGINS: "https://portail.example.fr, https://b2b.example.fr",
    });
    expect(env.REALTIME_ALLOWED_ORIGINS).toEqual(["https://portail.example.fr", "https://b2b.example.fr"]);
    expect(env.REDIS_URL).toBe("redis://10.0.0.2:6379");
  });

  it("stops the start on a bad value", () => {
    expect(() => readRealtimeEnv({ REDIS_URL: "http://redis" })).toThrow(/REDIS_URL/);
    expect(() => readRealtimeEnv({ REALTIME_ALLOWED_ORIGINS: "pas-une-url" })).toThrow(/REALTIME_ALLOWED_ORIGINS/);
  });
});
