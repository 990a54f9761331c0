import { describe, expect, it } from "vitest";
import { CART_UPDATE_EVENT, cartUpdatePayload, organizationRoom, readCartUpdate } from "@shared/realtime/events";
import { createRecordingPublisher, normalizeExclusion } from "@shared/realtime/publisher";

const valid = {
  kind: "added",
  products: [{ ref: "GIL-100", title: "Gilet", qty: 2 }],
  author: "Marie Durand",
  orgId: 12,
  version: 4,
};

const invalid: Array<[string, unknown]> = [
  ["not an object", "added"],
  ["an array", [valid]],
  ["an unknown kind", { ...valid, kind: "joined" }],
  ["products not a list", { ...valid, products: "GIL-100" }],
  ["a product without title", { ...valid, products: [{ ref: "GIL-100", qty: 1 }] }],
  ["a decimal quantity", { ...valid, products: [{ ref: "GIL-100", title: "Gilet", qty: 1.5 }] }],
  ["an empty author", { ...valid, author: "  " }],
  ["an org id as text", { ...valid, orgId: "12" }],
  ["no version", { ...valid, version: undefined }],
  ["a numeric origin socket", { ...valid, originSocketId: 42 }],
  ["own as text", { ...valid, own: "yes" }],
];

describe("the cart-update payload", () => {
  it("is named as the spec says", () => {
    expect(CART_UPDATE_EVENT).toBe("cart-update");
    expect(organizationRoom(12)).toBe("org:12");
  });

  it("is accepted by the server's schema and the browser's guard alike", () => {
    expect(cartUpdatePayload.safeParse(valid).success).toBe(true);
    expect(readCartUpdate(valid)).toEqual(valid);
    const mine = { ...valid, originSocketId: "abc", own: true };
    expect(cartUpdatePayload.safeParse(mine).success).toBe(true);
    expect(readCartUpdate(mine)).toEqual(mine);
  });

  it.each(invalid)("is refused by both when it has %s", (_what, raw) => {
    expect(cartUpdatePayload.safeParse(raw).success).toBe(false);
    expect(readCartUpdate(raw)).toBeNull();
  });

  it("refuses extra fields and oversized lists on the server", () => {
    expect(cartUpdatePayload.safeParse({ ...valid, room: "org:13" }).success).toBe(false);
    const many = Array.from({ length: 501 }, (_, index) => ({ ref: `R${index}`, title: "T", qty: 1 }));
    expect(cartUpdatePayload.safeParse({ ...valid, products: many }).success).toBe(false);
  });

  it("drops unknown fields in the browser", () => {
    expect(readCartUpdate({ ...valid, html: "<img>" })).toEqual(valid);
  });
});

describe("the recording publisher (contexts without a socket server)", () => {
  it("keeps what was published and the sessions closed, the last 200", () => {
    const publisher = createRecordingPublisher();
    const event = cartUpdatePayload.parse(valid);
    publisher.publishCartUpdate(12, event, "socket-1");
    publisher.publishCartUpdate(12, event, { sessionKey: "sid-1" });
    publisher.disconnectSession("sid-1");
    expect(publisher.published.map((item) => item.except)).toEqual([{ socketId: "socket-1" }, { sessionKey: "sid-1" }]);
    expect(publisher.disconnectedSessions).toEqual(["sid-1"]);
    for (let index = 0; index < 250; index++) publisher.publishCartUpdate(12, { ...event, version: index });
    expect(publisher.published).toHaveLength(200);
    expect(publisher.published[0]?.event.version).toBe(50);
  });

  it("reads a plain string as a socket id", () => {
    expect(normalizeExclusion(undefined)).toEqual({});
    expect(normalizeExclusion("s")).toEqual({ socketId: "s" });
  });
});
