import { describe, expect, it } from "vitest";
import { readEnv } from "../../../server/config/env";

const SECRET = "s".repeat(32);
const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

/** Every e-mail's links start with PORTAL_URL (decision 0163): never bare paths outside the tests' free ports. */
describe("PORTAL_URL", () => {
  it("defaults in development to the local address the portal listens on", () => {
    expect(readEnv(env({})).PORTAL_URL).toBe("http://localhost:3000");
    expect(readEnv(env({ PORT: "8080", HOST: "127.0.0.1" })).PORTAL_URL).toBe("http://127.0.0.1:8080");
    expect(readEnv(env({ PORTAL_URL: "https://portail.example.fr" })).PORTAL_URL).toBe("https://portail.example.fr");
  });

  it("is required in production, in French", () => {
    expect(() => readEnv(env({ NODE_ENV: "production", SESSION_SECRET: SECRET }))).toThrow(/^PORTAL_URL est obligatoire en production/);
    expect(readEnv(env({ NODE_ENV: "production", SESSION_SECRET: SECRET, PORTAL_URL: "https://portail.example.fr" })).PORTAL_URL).toBe(
      "https://portail.example.fr",
    );
  });

  it("takes DEMO_DATA=1 as a flag", () => {
    expect(
      readEnv(env({ NODE_ENV: "production", SESSION_SECRET: SECRET, PORTAL_URL: "https://portail.example.fr", DEMO_DATA: "1" })).DEMO_DATA,
    ).toBe(true);
    expect(readEnv(env({})).DEMO_DATA).toBe(false);
  });
});
