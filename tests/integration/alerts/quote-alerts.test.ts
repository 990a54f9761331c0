import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { alertPreferencesResponse } from "@shared/contracts/alerts";
import type { SessionResponse } from "@shared/contracts/api";
import { addDaysTo } from "@shared/domain/index";
import { SILENT_ALERTS } from "../../../server/backoffice/alerts/dispatcher";
import { InvoiceOverdueJob } from "../../../server/backoffice/alerts/overdue";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { createBackofficeApi } from "../../../server/backoffice/app";
import { createQuoteMailNotifier, QuoteReminderJob, type QuoteMailNotifier } from "../../../server/backoffice/quotes/mail/index";
import type { QuoteNotifier } from "../../../server/backoffice/quotes/notifier";
import { DEMO_TODAY, startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { createQuote, move, proposal, validIn } from "../quotes/fixtures";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The quotes' e-mails sent to the client as its alerts (« réponse à une demande de devis »,
 * « devis bientôt expiré », alerts/quote-gate.ts) carry the same signed unsubscribe link and
 * headers as the other alerts, and go once per event; a people requester's answer is no alert
 * and carries none. Read back from the .eml files.
 */

const PORTAL = "https://portail.example.fr";
const SECRET = deriveAlertsSecret("quote-alerts-test-session-secret-32c");

describe("the quotes' e-mails sent as alerts", () => {
  let harness: Harness;
  let bo: Backoffice;
  let quoteMail: QuoteMailNotifier;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let sales: SessionResponse;
  let productId: number;
  const errors: unknown[] = [];
  const seen = new Set<string>();

  async function newMail(): Promise<ReadMail[]> {
    await quoteMail.settled();
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }

  /** A header of the raw message, unfolded (nodemailer folds long lines); null when absent. */
  async function headerOf(mail: ReadMail | undefined, name: string): Promise<string | null> {
    const raw = (await readFile(path.join(harness.mailDir ?? "", mail?.file ?? ""), "utf8")).replace(/\r?\n[ \t]+/g, " ");
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    return new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? null;
  }

  /** The client's e-mails of a proposal made by the representative on a quote `session` asked. */
  async function proposalTo(session: SessionResponse, ref: string): Promise<{ quoId: number; number: string; mails: ReadMail[] }> {
    const asked = await createQuote(bo, session, { customer_ref: ref, lines: [{ obj_id: productId, qty: 2 }] });
    harness.clock.advance(60_000);
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: productId, qty: 2, unit_price: 1_000, answers_position: 1 }], validIn(10)),
    );
    harness.clock.advance(60_000);
    return { quoId: asked.quo_id, number: asked.number, mails: (await newMail()).filter((mail) => !mail.to.includes(LOGINS.sales)) };
  }

  const choose = (session: SessionResponse, enabled: string[]) =>
    call(bo, "/crm/alerts", { method: "PUT", token: session.token, body: { enabled } });

  beforeAll(async () => {
    // The quotes' notifier needs the harness's database: the back-office is given a relay to it.
    const relay: QuoteNotifier = { notify: (notice) => quoteMail.notify(notice) };
    harness = await startHarness({
      mail: true,
      name: "quote-alerts",
      api: { alertsSecret: SECRET, quoteNotifier: relay, alertNotifier: SILENT_ALERTS, overdueAlerts: false },
    });
    quoteMail = createQuoteMailNotifier({
      db: harness.db,
      mailer: harness.mailer,
      now: harness.clock.now,
      portalUrl: PORTAL,
      alertsSecret: SECRET,
      logger: { error: (details) => errors.push(details) },
    });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
    [client, buyer, sales] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.sales)]);
    const [product] = await stockedProducts(bo, 1);
    if (!product) throw new Error("no test product");
    productId = product.id;
    // Seeding the database takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await quoteMail.settled();
    await harness.close();
  });
  beforeEach(async () => {
    await newMail();
    errors.length = 0;
  });

  it("ends the organization account's answer with the alert's unsubscribe link and headers, once per event", async () => {
    await choose(client, ["quote_answered", "quote_expiring"]);
    const { quoId, mails } = await proposalTo(client, "Alerte devis");
    expect(mails.map((mail) => mail.to)).toEqual([[LOGINS.client]]);
    const [answer] = mails;
    expect(answer?.subject).toMatch(/^Votre devis .* est prêt$/);
    expect(answer?.text).toContain("l'alerte « Réponse à une demande de devis » est active pour votre compte");
    const page = /Ne plus recevoir cette alerte : (\S+)/.exec(answer?.text ?? "")?.[1] ?? "";
    expect(page).toMatch(/^https:\/\/portail\.example\.fr\/desabonnement\?jeton=\d+\.\d+\.quote_answered\.[\w-]{43}$/);
    expect(answer?.html).toContain(`<a href="${page}"`);
    const token = new URL(page).searchParams.get("jeton") ?? "";
    expect(await headerOf(answer, "List-Unsubscribe")).toBe(`<${PORTAL}/api/alerts/unsubscribe?token=${token}>`);
    expect(await headerOf(answer, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // The same event told again (a retried notice) is claimed already: nothing more is sent.
    quoteMail.notify({ kind: "proposed", quoId, bySide: "commercial" });
    expect(await newMail()).toEqual([]);

    // The link is the alerts' own: one click turns « réponse à une demande de devis » off, and the next answer is not sent.
    const done = await fetch(`${harness.url}/api/alerts/unsubscribe?token=${token}`, { method: "POST" });
    expect(done.status).toBe(200);
    const after = alertPreferencesResponse.parse((await call(bo, "/crm/alerts", { token: client.token })).body);
    expect(after.preferences.filter((preference) => preference.enabled).map((preference) => preference.kind)).toEqual(["quote_expiring"]);
    expect((await proposalTo(client, "Plus d'alerte")).mails).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("sends a person's answer to its own request as a reply, without an unsubscribe link", async () => {
    const { mails } = await proposalTo(buyer, "Demande d'une personne");
    expect(mails.map((mail) => mail.to)).toEqual([[LOGINS.buyer]]);
    expect(mails[0]?.text).not.toContain("Ne plus recevoir cette alerte");
    expect(await headerOf(mails[0], "List-Unsubscribe")).toBeNull();
  });

  // Last: it moves the clock days ahead, past the sessions' lifetime.
  it("ends the reminder sent as « devis bientôt expiré » with its own link", async () => {
    await choose(client, ["quote_expiring"]);
    const job = new QuoteReminderJob({
      db: harness.db,
      notifier: quoteMail,
      logger: { error: () => undefined },
      now: harness.clock.now,
      withinDays: 3,
    });
    // The demo data's own proposals near their date are reminded first, out of the way.
    await job.runOnce();
    const { quoId, number } = await proposalTo(client, "Rappel en alerte");
    await newMail();
    harness.clock.set(new Date(`${addDaysTo(DEMO_TODAY, 7)}T09:00:00+01:00`));
    expect((await job.runOnce()).reminded).toContain(quoId);
    const reminders = (await newMail()).filter(
      (mail) => mail.to.includes(LOGINS.client) && mail.subject.startsWith(`Votre devis ${number} expire`),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toMatch(
      /Ne plus recevoir cette alerte : https:\/\/portail\.example\.fr\/desabonnement\?jeton=\d+\.\d+\.quote_expiring\./,
    );
    expect(await headerOf(reminders[0], "List-Unsubscribe")).toMatch(
      /^<https:\/\/portail\.example\.fr\/api\/alerts\/unsubscribe\?token=\d+\.\d+\.quote_expiring\./,
    );
  });
});

describe("the overdue invoices' job in a running back-office", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ name: "overdue-job", portal: false });
  }, 180_000);
  afterAll(() => harness.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("starts with a mailer and the alerts' key, as server/app.ts and main.ts give them, and stops with the jobs' signal", () => {
    const start = vi.spyOn(InvoiceOverdueJob.prototype, "start").mockImplementation(() => undefined);
    const stop = vi.spyOn(InvoiceOverdueJob.prototype, "stop");
    const jobs = new AbortController();
    createBackofficeApi({
      db: harness.db,
      mailer: harness.mailer,
      alertsSecret: SECRET,
      quoteReminders: false,
      signal: jobs.signal,
      logger: { error: () => undefined },
    });
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    jobs.abort();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("does not run without the alerts' key: no alert could be sent", () => {
    const start = vi.spyOn(InvoiceOverdueJob.prototype, "start").mockImplementation(() => undefined);
    createBackofficeApi({ db: harness.db, mailer: harness.mailer, quoteReminders: false, logger: { error: () => undefined } });
    expect(start).not.toHaveBeenCalled();
  });
});
