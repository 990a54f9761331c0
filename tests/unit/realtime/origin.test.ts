import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "../../../server/realtime/origin";

const request = (headers: Record<string, string | undefined>) => ({ headers });

describe("isAllowedOrigin (WebSocket handshakes)", () => {
  it("accepts the page's own origin, whatever the scheme a proxy terminated", () => {
    expect(isAllowedOrigin(request({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }), [])).toBe(true);
    expect(isAllowedOrigin(request({ origin: "https://Portail.Example.fr", host: "portail.example.fr" }), [])).toBe(true);
  });

  it("refuses another site, another port, a missing, opaque or malformed origin", () => {
    const host = "portail.example.fr";
    expect(isAllowedOrigin(request({ origin: "https://evil.example", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "https://portail.example.fr:8443", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "https://sub.portail.example.fr", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "null", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "pas une url", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "file://portail.example.fr", host }), [])).toBe(false);
    expect(isAllowedOrigin(request({ origin: "https://portail.example.fr" }), [])).toBe(false);
  });

  it("accepts the configured public origins when a proxy rewrites Host", () => {
    const allowed = ["https://portail.example.fr"];
    expect(isAllowedOrigin(request({ origin: "https://portail.example.fr", host: "10.0.0.5:3000" }), allowed)).toBe(true);
    expect(isAllowedOrigin(request({ origin: "http://portail.example.fr", host: "10.0.0.5:3000" }), allowed)).toBe(false);
  });
});
