import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadMail } from "../quotes-mail/eml";
import { LOGINS } from "../backoffice/harness";
import { STRONG_PASSWORD, tryLogin } from "../users/fixtures";
import { call, login, ENGINES, startRequestsBed, type RequestsBed } from "./harness";

/** A forgotten password on the back-office's side (decision 0124): the request, the link's life, the sessions. */

describe.each(ENGINES)("on %s", (engine) => {
  let bed: RequestsBed;

  beforeAll(async () => {
    bed = await startRequestsBed(`password-reset-backoffice-${engine}`, { engine });
    await bed.newMail();
  });
  afterAll(() => bed.close());

  const MINUTE = 60 * 1000;

  /** The token of the reset link in a message's text part. */
  function tokenOf(mail: ReadMail | undefined): string {
    const token = /\/nouveau-mot-de-passe\?jeton=([A-Za-z0-9_-]{20,})/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error(`no reset link in « ${mail?.subject} »`);
    return token;
  }

  async function askReset(email: string) {
    const started = performance.now();
    const response = await fetch(`${bed.bo.baseUrl}/auth/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    return {
      status: response.status,
      body: await response.text(),
      headers: [...response.headers].filter(([name]) => name !== "date"),
      ms: performance.now() - started,
    };
  }

  async function linkFor(email: string): Promise<string> {
    expect((await askReset(email)).status).toBe(202);
    const [mail] = await bed.waitForMail(1);
    expect(mail?.to).toEqual([email]);
    return tokenOf(mail);
  }

  function confirm(token: string, password: string) {
    return call<{ code: string; message: string }>(bed.bo, "/auth/password-reset/confirm", { body: { token, password } });
  }

  describe("asking for a link", () => {
    it("answers an account and an unknown address the same way, in about the same time; only the account gets an e-mail", async () => {
      // Warm both paths once (the first scrypt, the first query plans), then compare.
      await askReset("personne@exemple.fr");
      await askReset(LOGINS.client);
      await bed.waitForMail(1);
      const known: number[] = [];
      const unknown: number[] = [];
      let first: Awaited<ReturnType<typeof askReset>> | null = null;
      for (let round = 0; round < 3; round++) {
        const a = await askReset(LOGINS.corsica);
        const b = await askReset(`inconnu-${round}@exemple.fr`);
        first ??= a;
        expect({ status: b.status, body: b.body, headers: b.headers }).toEqual({ status: a.status, body: a.body, headers: a.headers });
        known.push(a.ms);
        unknown.push(b.ms);
      }
      expect(first?.status).toBe(202);
      expect(first?.body).toBe("");
      // The e-mail leaves after the answer: the answer never waits for it.
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
      const mails = await bed.waitForMail(3);
      expect(mails.every((mail) => mail.to[0] === LOGINS.corsica)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await bed.newMail()).toEqual([]);
    });

    it("e-mails the link, in French, text and HTML, with a random 32-byte token stored only as its sha256, for 30 minutes", async () => {
      expect((await askReset(LOGINS.exporter)).status).toBe(202);
      const [mail] = await bed.waitForMail(1);
      expect(mail?.subject).toBe("Réinitialisation de votre mot de passe NautiDistrib");
      expect(mail?.text).toContain("Ce lien ne sert qu'une fois et expire dans 30 minutes");
      expect(mail?.html).toContain("Choisir un nouveau mot de passe");
      const token = tokenOf(mail);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const rows = await bed.bo.db
        .selectFrom("password_resets as r")
        .innerJoin("users as u", "u.id", "r.user_id")
        .select(["r.token_hash", "r.created_at", "r.expires_at"])
        .where("u.login", "=", LOGINS.exporter)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toContain(token);
      expect((rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0)).toBe(30 * MINUTE);
    });

    it("sends at most 3 links per account within 30 minutes; more requests answer alike and send nothing", async () => {
      for (let index = 0; index < 3; index++) await linkFor(LOGINS.integrator);
      expect((await askReset(LOGINS.integrator)).status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await bed.newMail()).toEqual([]);
    });

    it("refuses a malformed address with a French issue", async () => {
      const refused = await call<{ issues: { path: string; message: string }[] }>(bed.bo, "/auth/password-reset", {
        body: { email: "pas une adresse" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]?.message).toMatch(/Adresse e-mail invalide/);
    });
  });

  describe("the link's life", () => {
    it("sets the password, uses the link up, ends every session of the user, and tells them", async () => {
      const sessions = [await login(bed.bo, LOGINS.belgium), await login(bed.bo, LOGINS.belgium)];
      const other = await login(bed.bo, LOGINS.client);
      const token = await linkFor(LOGINS.belgium);
      const info = await call<{ email: string; usr_id: number; org_id: number }>(bed.bo, "/auth/password-reset/check", { body: { token } });
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ email: LOGINS.belgium, usr_id: sessions[0]?.user.obj_id, org_id: sessions[0]?.user.auth_org_id });
      expect((await confirm(token, STRONG_PASSWORD)).status).toBe(204);
      for (const session of sessions) expect((await call(bed.bo, "/auth/me", { token: session.token })).status).toBe(401);
      expect((await call(bed.bo, "/auth/me", { token: other.token })).status).toBe(200);
      expect(await tryLogin(bed.bo, LOGINS.belgium, "demo1234")).toBe(401);
      expect(await tryLogin(bed.bo, LOGINS.belgium, STRONG_PASSWORD)).toBe(200);
      const [told] = await bed.waitForMail(1);
      expect(told?.subject).toBe("Votre mot de passe a été modifié");
    });

    it("refuses a link used once already (410 reset_used), nothing changed", async () => {
      const token = await linkFor(LOGINS.suspension);
      expect((await confirm(token, STRONG_PASSWORD)).status).toBe(204);
      await bed.waitForMail(1);
      const again = await confirm(token, "un-autre-mot-de-passe-tres-long-42");
      expect(again.status).toBe(410);
      expect(again.body.code).toBe("reset_used");
      expect(again.body.message).toMatch(/déjà servi/);
      expect(await tryLogin(bed.bo, LOGINS.suspension, STRONG_PASSWORD)).toBe(200);
    });

    it("refuses an expired link (410 reset_expired) after 30 minutes, nothing changed", async () => {
      const token = await linkFor(LOGINS.storekeeper);
      bed.harness.clock.advance(30 * MINUTE);
      try {
        const refused = await confirm(token, STRONG_PASSWORD);
        expect(refused.status).toBe(410);
        expect(refused.body).toMatchObject({ code: "reset_expired" });
        expect((await call(bed.bo, "/auth/password-reset/check", { body: { token } })).status).toBe(410);
      } finally {
        bed.harness.clock.advance(-30 * MINUTE);
      }
      expect(await tryLogin(bed.bo, LOGINS.storekeeper, "demo1234")).toBe(200);
    });

    it("ends an older link when a newer one is sent", async () => {
      const older = await linkFor(LOGINS.consultant);
      const newer = await linkFor(LOGINS.consultant);
      expect((await confirm(older, STRONG_PASSWORD)).body.code).toBe("reset_used");
      expect((await call(bed.bo, "/auth/password-reset/check", { body: { token: newer } })).status).toBe(200);
    });

    it("sets only its own user's password: another user's link leaves this one's password and sessions alone", async () => {
      const mine = await login(bed.bo, LOGINS.buyer);
      const theirs = await linkFor(LOGINS.sales2);
      expect((await confirm(theirs, STRONG_PASSWORD)).status).toBe(204);
      await bed.waitForMail(1);
      expect(await tryLogin(bed.bo, LOGINS.buyer, "demo1234")).toBe(200);
      expect(await tryLogin(bed.bo, LOGINS.buyer, STRONG_PASSWORD)).toBe(401);
      expect((await call(bed.bo, "/auth/me", { token: mine.token })).status).toBe(200);
      expect(await tryLogin(bed.bo, LOGINS.sales2, STRONG_PASSWORD)).toBe(200);
    });

    it("refuses an unknown or malformed token (404 reset_unknown)", async () => {
      for (const token of ["A".repeat(43), "court", "../../etc/passwd"]) {
        const refused = await confirm(token, STRONG_PASSWORD);
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe("reset_unknown");
      }
    });

    it("refuses a weak password with its first reason, and leaves the link usable", async () => {
      const token = await linkFor(LOGINS.sales);
      const weak = await confirm(token, "azertyuiop");
      expect(weak.status).toBe(422);
      expect(weak.body.code).toBe("weak_password");
      const personal = await confirm(token, "commercial-nautidistrib-2026!");
      expect(personal.status).toBe(422);
      expect(personal.body.message).toBe(
        "Le mot de passe ne doit contenir ni votre nom, ni votre adresse e-mail, ni le nom de votre organisation.",
      );
      expect((await call(bed.bo, "/auth/password-reset/check", { body: { token } })).status).toBe(200);
    });
  });
});
