import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../../server/config/env";
import { securityHeaders } from "../../../server/middleware/security-headers";

/** The CSP header the middleware sets with these options. */
function cspOf(options: Parameters<typeof securityHeaders>[0]): string {
  const headers = new Map<string, string>();
  const res = { locals: {}, setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) } as unknown as Response;
  securityHeaders(options)({} as Request, res, () => undefined);
  return headers.get("content-security-policy") ?? "";
}

const env = (values: Record<string, string>) => ({ NODE_ENV: "test", ...values }) as NodeJS.ProcessEnv;
const imgSrc = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("img-src "));

describe("IMAGE_ORIGINS: product pictures from an ERP's image server", () => {
  it("adds the configured https origins to img-src, and only them", () => {
    const read = readEnv(env({ IMAGE_ORIGINS: "https://images.nautidistrib.fr, https://cdn.erp.example:8443/" }));
    expect(read.IMAGE_ORIGINS).toEqual(["https://images.nautidistrib.fr", "https://cdn.erp.example:8443"]);
    expect(imgSrc(cspOf({ production: true, imageOrigins: read.IMAGE_ORIGINS }))).toBe(
      "img-src 'self' data: https://images.nautidistrib.fr https://cdn.erp.example:8443",
    );
  });

  it("keeps img-src to the portal itself when unset", () => {
    expect(readEnv(env({})).IMAGE_ORIGINS).toEqual([]);
    expect(imgSrc(cspOf({ production: false }))).toBe("img-src 'self' data:");
  });

  it.each([
    ["http://images.nautidistrib.fr", /doit commencer par https:\/\//],
    ["https://images.nautidistrib.fr/produits", /origine seule/],
    ["https://*.nautidistrib.fr", /origine seule|n'est pas une adresse/],
    ["https://images.nautidistrib.fr?x=1", /origine seule/],
    ["images.nautidistrib.fr", /n'est pas une adresse/],
    ["https://images.nautidistrib.fr; script-src *", /n'est pas une adresse|origine seule/],
  ])("refuses %s at start with a French message", (value, message) => {
    expect(() => readEnv(env({ IMAGE_ORIGINS: value }))).toThrow(message);
  });
});
