import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { createToastCookie } from "~/services/toast.server";
import { createTokenSealer } from "~/services/token-seal.server";
import { sessionCookieName } from "~/services/session.server";

describe("token sealing", () => {
  const sealer = createTokenSealer("a-session-secret-of-at-least-32-chars!!");

  it("round-trips and never shows the token", () => {
    const sealed = sealer.seal("the-bearer-token-0123456789abcdef");
    expect(sealed).not.toContain("bearer");
    expect(sealer.unseal(sealed)).toBe("the-bearer-token-0123456789abcdef");
    expect(sealer.seal("same")).not.toBe(sealer.seal("same"));
  });

  it("refuses an altered value or another secret's", () => {
    const sealed = sealer.seal("token");
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "BB" : "AA"}`;
    expect(sealer.unseal(altered)).toBeNull();
    expect(createTokenSealer("another-secret-of-at-least-32-characters").unseal(sealed)).toBeNull();
    expect(sealer.unseal("short")).toBeNull();
  });
});

describe("redirect targets", () => {
  it.each([
    ["/mon-compte", "/mon-compte"],
    ["/catalogue?q=antenne", "/catalogue?q=antenne"],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["/a\nb", null],
    // A Location header holds bytes: characters outside printable ASCII are percent-encoded.
    ["/\u3002/x", "/%E3%80%82/x"],
    ["/\u2028x", "/%E2%80%A8x"],
    ["/catalogue?q=c\u00e2ble fin", "/catalogue?q=c%C3%A2ble%20fin"],
    ["/catalogue?q=%C3%A2", "/catalogue?q=%C3%A2"],
    ["/a\ud800", null],
    ["", null],
    [undefined, null],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe("cookies", () => {
  it("uses the __Host- prefix only with Secure cookies", () => {
    expect(sessionCookieName(true)).toBe("__Host-portail_session");
    expect(sessionCookieName(false)).toBe("portail_session");
  });

  it("reads a toast once and clears it", async () => {
    const toasts = createToastCookie({ secret: "a-session-secret-of-at-least-32-chars!!", secure: false });
    const setCookie = await toasts.set({ type: "success", message: "Enregistré." });
    const request = new Request("http://portail.test/", { headers: { cookie: setCookie.split(";")[0] ?? "" } });
    const { toast, clearCookie } = await toasts.take(request);
    expect(toast).toEqual({ type: "success", message: "Enregistré." });
    expect(clearCookie).toMatch(/Max-Age=0/i);
    expect((await toasts.take(new Request("http://portail.test/"))).toast).toBeNull();
  });
});
