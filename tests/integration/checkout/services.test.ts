import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCheckoutServices } from "~/services/checkout/state.server";
import { createMailer } from "~/services/mail.server";
import type { PortalSession } from "~/services/session.server";
import { clockFromEnv, readEnv } from "../../../server/config/env";
import { SECRET } from "../portal/harness";

const session = (sid: string, orgId: number) => ({ sid, user: { auth_org_id: orgId } }) as unknown as PortalSession;

describe("the test clock", () => {
  it("starts at PORTAL_FAKE_NOW and keeps running", () => {
    let real = Date.parse("2026-11-22T02:00:00Z");
    const clock = clockFromEnv({ PORTAL_FAKE_NOW: "2026-11-27T10:00:00+01:00" }, () => real);
    expect(clock().toISOString()).toBe("2026-11-27T09:00:00.000Z");
    real += 60_000;
    expect(clock().toISOString()).toBe("2026-11-27T09:01:00.000Z");
  });

  it("is refused in production", () => {
    const env = {
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      PORTAL_URL: "https://portail.example.fr",
      PORTAL_FAKE_NOW: "2026-11-27T10:00:00+01:00",
    } as NodeJS.ProcessEnv;
    expect(() => readEnv(env)).toThrow(/PORTAL_FAKE_NOW is for tests only/);
    expect(() => readEnv({ ...env, NODE_ENV: "test" })).not.toThrow();
  });
});

describe("checkout state", () => {
  const services = createCheckoutServices({ secret: SECRET, secure: false });

  it("derives one idempotency key per organization and cart version, and checks it", () => {
    const key = services.idempotencyKey(12, 7);
    expect(key).toBe(services.idempotencyKey(12, 7));
    expect(key).not.toBe(services.idempotencyKey(12, 8));
    expect(key).not.toBe(services.idempotencyKey(13, 7));
    expect(services.isIdempotencyKey(12, 7, key)).toBe(true);
    expect(services.isIdempotencyKey(12, 8, key)).toBe(false);
    expect(createCheckoutServices({ secret: `${SECRET}-other`, secure: false }).idempotencyKey(12, 7)).not.toBe(key);
  });

  it("keeps the progress for the session and organization that saved it only", async () => {
    const cookie = (await services.saveProgress(session("s1", 12), { instructionsSaved: true, lastOrderId: 5 })).split(";")[0] ?? "";
    const request = new Request("http://portail.test/", { headers: { cookie } });
    expect(await services.readProgress(request, session("s1", 12))).toEqual({ instructionsSaved: true, lastOrderId: 5 });
    expect(await services.readProgress(request, session("s2", 12))).toEqual({ instructionsSaved: false, lastOrderId: null });
    expect(await services.readProgress(request, session("s1", 13))).toEqual({ instructionsSaved: false, lastOrderId: null });
  });
});

describe("mail without SMTP", () => {
  it("writes each message as an .eml file in the mail folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mail-"));
    try {
      const sent = await createMailer({ from: "NautiDistrib <commandes@nautidistrib.fr>", dir }).send({
        to: ["client@voilerie-atlantique.fr"],
        subject: "Confirmation de votre commande CMD-000001",
        text: "Bonjour",
        html: "<p>Bonjour</p>",
      });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(sent.file).toBe(path.join(dir, files[0] ?? ""));
      const eml = await readFile(sent.file ?? "", "utf8");
      expect(eml).toContain("To: client@voilerie-atlantique.fr");
      expect(eml).toContain("Subject: Confirmation de votre commande CMD-000001");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
