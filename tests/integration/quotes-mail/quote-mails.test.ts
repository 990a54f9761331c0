import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { addDaysTo } from "@shared/domain/index";
import { QuoteReminderJob } from "../../../server/backoffice/quotes/mail/index";
import { DEMO_TODAY, startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { accept, accepted, createQuote, detailOf, move, proposal, validIn } from "../quotes/fixtures";
import { readMailFolder, type ReadMail } from "./eml";
import { formatDate } from "@shared/domain/french-format";

/**
 * The quotes' e-mails (docs/quotes-mail.md), read back from the .eml files the project's mail
 * service writes: each event tells the other side once, in French, with a text and an HTML
 * part, a link to its page, amounts only for who may see prices; the reminder job reminds
 * once before the validity date and writes the expiry down after it.
 */

const REPRESENTATIVE = LOGINS.sales; // linked to C0001 (Voilerie Atlantique); sales2 is not
const fold = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, " ");

describe("the quotes' e-mails", () => {
  let harness: Harness;
  let bo: Backoffice;
  let buyer: SessionResponse;
  let sales: SessionResponse;
  let products: { id: number; ref: string }[];
  const seen = new Set<string>();

  /** The messages sent since the last call, once the back-office has sent everything asked. */
  async function newMail(): Promise<ReadMail[]> {
    await harness.quoteMail.settled();
    // By file name: the clock moves back between tests, so the newest file does not sort last.
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }

  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };

  beforeAll(async () => {
    harness = await startHarness({ mail: true, name: "quote-mail" });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
    [buyer, sales] = await Promise.all([login(bo, LOGINS.buyer), login(bo, REPRESENTATIVE)]);
    products = await stockedProducts(bo, 3);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    await newMail();
    harness.clock.set(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
  });

  it("tells each side what the other did, once per event, with a link to the quote's page", async () => {
    const asked = await createQuote(bo, buyer, {
      customer_ref: "Refit <Ker Avel>",
      message: "Bonjour,\nun prix pour <b>ces</b> winchs & poulies ?",
      lines: [
        { obj_id: product(0).id, qty: 10 },
        { obj_id: product(1).id, qty: 4 },
      ],
    });
    const [request, ...others] = await newMail();
    expect(others).toEqual([]);
    expect(request?.to).toEqual([REPRESENTATIVE]);
    expect(request?.subject).toBe(`Nouvelle demande de devis ${asked.number} — Voilerie Atlantique`);
    expect(request?.text).toContain("Maël Kerjean (Voilerie Atlantique) demande un devis.");
    expect(request?.text).toContain("Client : Voilerie Atlantique (C0001)");
    expect(request?.text).toContain("Référence du client : Refit <Ker Avel>");
    expect(request?.text).toContain("> un prix pour <b>ces</b> winchs & poulies ?");
    expect(request?.text).toContain(`Ouvrir la demande : /clients/devis/${asked.quo_id}`);
    // What people typed is text in the HTML part, never markup.
    expect(request?.html).toContain("Refit &#60;Ker Avel&#62;");
    expect(request?.html).toContain("Bonjour,<br>un prix pour &#60;b&#62;ces&#60;/b&#62; winchs &#38; poulies ?");
    expect(request?.html).not.toContain("<b>ces");

    await move(bo, sales, `/sales/quotes/${asked.quo_id}/start-study`);
    expect(await newMail()).toEqual([]);

    await move(bo, sales, `/sales/quotes/${asked.quo_id}/ask-information`, { body: "Quel diamètre de bout ?" });
    const [question] = await newMail();
    expect(question?.to).toEqual([LOGINS.buyer]);
    expect(question?.subject).toBe(`Informations demandées pour votre devis ${asked.number}`);
    expect(question?.text).toContain("Yann Le Gall :\n> Quel diamètre de bout ?");
    expect(question?.text).toContain(`Voir le devis dans votre espace client : /mon-compte/mes-devis/${asked.quo_id}`);
    expect(question?.text).toContain("Votre référence : Refit <Ker Avel>");

    await move(bo, buyer, `/oms/quotes/${asked.quo_id}/answer`, { body: "Du 10 mm." });
    const [answer] = await newMail();
    expect(answer?.to).toEqual([REPRESENTATIVE]);
    expect(answer?.subject).toBe(`Demande de devis ${asked.number} complétée — Voilerie Atlantique`);
    expect(answer?.text).toContain("> Du 10 mm.");

    await move(bo, sales, `/sales/quotes/${asked.quo_id}/proposals`, {
      ...proposal(
        [
          { obj_id: product(0).id, qty: 10, unit_price: 123_456, answers_position: 1 },
          { obj_id: product(1).id, qty: 4, unit_price: 5_000, answers_position: 2 },
        ],
        validIn(20),
      ),
      message: "Prix valables pour la quantité.",
    });
    const [proposed] = await newMail();
    expect(proposed?.to).toEqual([LOGINS.buyer]);
    expect(proposed?.subject).toBe(`Votre devis ${asked.number} est prêt`);
    expect(fold(proposed?.text ?? "")).toContain("Total HT : 12 545,60 €");
    expect(proposed?.text).toContain(`Valable jusqu'au : ${formatDate(validIn(20))}`);
    expect(proposed?.text).toContain("> Prix valables pour la quantité.");

    // Each change has its own instant, as in life (the harness clock is stopped otherwise).
    harness.clock.advance(60_000);
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(0).id, qty: 10, unit_price: 120_000, answers_position: 1 }], validIn(25)),
    );
    const [revised] = await newMail();
    expect(revised?.subject).toBe(`Votre devis ${asked.number} a été révisé (version 2)`);
    // No message came with the revision: the earlier one is not repeated.
    expect(revised?.text).not.toContain("Prix valables pour la quantité.");

    await call(bo, `/oms/quotes/${asked.quo_id}/messages`, { token: buyer.token, body: { body: "Livrable avant Noël ?" } });
    const [message] = await newMail();
    expect(message?.to).toEqual([REPRESENTATIVE]);
    expect(message?.subject).toBe(`Nouveau message du client sur le devis ${asked.number} — Voilerie Atlantique`);
    expect(message?.text).toContain("Maël Kerjean :\n> Livrable avant Noël ?");

    accepted(await accept(bo, buyer, asked.quo_id, 2, [1]));
    const [acceptance, ...more] = await newMail();
    expect(more).toEqual([]);
    expect(acceptance?.to).toEqual([REPRESENTATIVE]);
    expect(acceptance?.subject).toBe(`Devis ${asked.number} accepté — Voilerie Atlantique`);
    expect(acceptance?.text).toContain("a accepté 1 ligne de la version 2");
    expect(acceptance?.text).toContain(`- ${product(0).ref} — `);
  });

  it("tells the representative of a refusal and the client of a cancellation, with the reason", async () => {
    const refusedQuote = await createQuote(bo, buyer, { customer_ref: "Ponton", lines: [{ obj_id: product(2).id, qty: 1 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${refusedQuote.quo_id}/proposals`,
      proposal([{ obj_id: product(2).id, qty: 1, unit_price: 9_900, answers_position: 1 }]),
    );
    await move(bo, buyer, `/oms/quotes/${refusedQuote.quo_id}/refuse`, { reason: "Trop cher pour nous." });
    const cancelledQuote = await createQuote(bo, buyer, { customer_ref: "Mouillage", lines: [{ obj_id: product(2).id, qty: 2 }] });
    await move(bo, sales, `/sales/quotes/${cancelledQuote.quo_id}/cancel`, { reason: "Produit arrêté." });
    const mails = await newMail();
    expect(mails.map((mail) => [mail.to.join(), mail.subject])).toEqual([
      [REPRESENTATIVE, `Nouvelle demande de devis ${refusedQuote.number} — Voilerie Atlantique`],
      [LOGINS.buyer, `Votre devis ${refusedQuote.number} est prêt`],
      [REPRESENTATIVE, `Devis ${refusedQuote.number} refusé — Voilerie Atlantique`],
      [REPRESENTATIVE, `Nouvelle demande de devis ${cancelledQuote.number} — Voilerie Atlantique`],
      [LOGINS.buyer, `Votre demande de devis ${cancelledQuote.number} a été annulée`],
    ]);
    expect(mails[2]?.text).toContain("Motif :\n> Trop cher pour nous.");
    expect(mails[4]?.text).toContain("Yann Le Gall a annulé la demande de devis.");
    expect(mails[4]?.text).toContain("Motif :\n> Produit arrêté.");
  });

  it("tells the organization's own account of a quote its representative asked while acting for it", async () => {
    const as = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: buyer.user.auth_org_id } }))
        .body,
    );
    const asked = await createQuote(bo, as, { customer_ref: "Par téléphone", lines: [{ obj_id: product(1).id, qty: 5 }] });
    // The representative did it: it is not told of its own request.
    expect(await newMail()).toEqual([]);
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(1).id, qty: 5, unit_price: 2_000, answers_position: 1 }]),
    );
    const [proposed, ...others] = await newMail();
    expect(others).toEqual([]);
    expect(proposed?.to).toEqual([LOGINS.client]);
    expect(proposed?.subject).toBe(`Votre devis ${asked.number} est prêt`);
  });

  it("shows no amount to a people account without `prices`", async () => {
    const storekeeper = await harness.db
      .selectFrom("users")
      .select(["id", "auth_flags"])
      .where("login", "=", LOGINS.storekeeper)
      .executeTakeFirstOrThrow();
    await harness.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ ...storekeeper.auth_flags, quotes: true, prices: false }) })
      .where("id", "=", storekeeper.id)
      .execute();
    const session = await login(bo, LOGINS.storekeeper);
    const asked = await createQuote(bo, session, { customer_ref: "Sans prix", lines: [{ obj_id: product(0).id, qty: 3 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(0).id, qty: 3, unit_price: 4_321, answers_position: 1 }]),
    );
    const [request, proposed] = await newMail();
    // The representative sees the amounts of its own proposal's request; the storekeeper none.
    expect(request?.to).toEqual([REPRESENTATIVE]);
    expect(proposed?.to).toEqual([LOGINS.storekeeper]);
    expect(proposed?.text).toContain("Lignes : 1");
    expect(proposed?.text).not.toContain("Total HT");
    expect(proposed?.text).not.toMatch(/€/);
    expect(proposed?.html).not.toMatch(/€/);
  });

  it("reminds the requester once, a few days before the validity date, then writes the expiry down", async () => {
    const job = new QuoteReminderJob({
      db: harness.db,
      notifier: harness.quoteMail,
      logger: { error: () => undefined },
      now: harness.clock.now,
      withinDays: 3,
    });
    // The demo data's own proposals near their date are reminded first, out of the way.
    await job.runOnce();
    const asked = await createQuote(bo, buyer, { customer_ref: "Rappel", lines: [{ obj_id: product(1).id, qty: 2 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(1).id, qty: 2, unit_price: 7_500, answers_position: 1 }], validIn(10)),
    );
    await newMail();

    // Eight days before the validity date: too early.
    expect((await job.runOnce()).reminded).not.toContain(asked.quo_id);
    expect(await newMail()).toEqual([]);

    // Three days before: one reminder, and only one however often the job runs.
    harness.clock.set(new Date(`${addDaysTo(DEMO_TODAY, 7)}T09:00:00+01:00`));
    const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect(first.reminded).toContain(asked.quo_id);
    expect(second).toBe(first);
    expect((await job.runOnce()).reminded).not.toContain(asked.quo_id);
    const reminders = (await newMail()).filter((mail) => mail.subject.includes(asked.number));
    expect(reminders.map((mail) => [mail.to.join(), mail.subject])).toEqual([
      [LOGINS.buyer, `Votre devis ${asked.number} expire le ${formatDate(validIn(10))}`],
    ]);
    expect(reminders[0]?.text).toContain("expire dans 3 jours");
    expect(fold(reminders[0]?.text ?? "")).toContain("Total HT : 150,00 €");
    // The clock moved past the tokens' lifetime: log in again.
    buyer = await login(bo, LOGINS.buyer);
    const reminded = await detailOf(bo, buyer, `/oms/quotes/${asked.quo_id}`);
    expect(reminded.timeline.at(-1)).toMatchObject({ kind: "reminded", state: "proposé", author: { usr_id: null, side: "système" } });

    // The day after the validity date: « expiré » is written with its event, and nobody is reminded again.
    harness.clock.set(new Date(`${addDaysTo(DEMO_TODAY, 11)}T08:00:00+01:00`));
    const lapsed = await job.runOnce();
    expect(lapsed.expired).toContain(asked.quo_id);
    expect(lapsed.reminded).not.toContain(asked.quo_id);
    const row = await harness.db.selectFrom("quotes").select("state").where("id", "=", asked.quo_id).executeTakeFirstOrThrow();
    expect(row.state).toBe("expiré");
    buyer = await login(bo, LOGINS.buyer);
    const expired = await detailOf(bo, buyer, `/oms/quotes/${asked.quo_id}`);
    expect(expired.timeline.at(-1)).toMatchObject({ kind: "expired", state: "expiré", author: { usr_id: null, side: "système" } });
    expect((await job.runOnce()).expired).toEqual([]);
    expect((await newMail()).filter((mail) => mail.subject.includes(asked.number))).toEqual([]);
  });

  it("reminds a revised proposal again, for its new validity date", async () => {
    const job = new QuoteReminderJob({
      db: harness.db,
      notifier: harness.quoteMail,
      logger: { error: () => undefined },
      now: harness.clock.now,
    });
    const asked = await createQuote(bo, buyer, { customer_ref: "Révision", lines: [{ obj_id: product(2).id, qty: 1 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(2).id, qty: 1, unit_price: 1_000, answers_position: 1 }], validIn(2)),
    );
    expect((await job.runOnce()).reminded).toContain(asked.quo_id);
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(2).id, qty: 1, unit_price: 900, answers_position: 1 }], validIn(3)),
    );
    expect((await job.runOnce()).reminded).toEqual([asked.quo_id]);
    const subjects = (await newMail()).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes(`${asked.number} expire le`))).toEqual([
      `Votre devis ${asked.number} expire le ${formatDate(validIn(2))}`,
      `Votre devis ${asked.number} expire le ${formatDate(validIn(3))}`,
    ]);
  });

  it("runs by itself once started, on an unref'd timer, and stops", async () => {
    const passes: number[] = [];
    const notifier = { remind: (quoId: number) => harness.quoteMail.remind(quoId) };
    const job = new QuoteReminderJob({ db: harness.db, notifier, logger: { error: () => undefined }, now: harness.clock.now, everyMs: 20 });
    const runOnce = job.runOnce.bind(job);
    job.runOnce = () => {
      passes.push(Date.now());
      return runOnce();
    };
    const asked = await createQuote(bo, buyer, { customer_ref: "Minuterie", lines: [{ obj_id: product(0).id, qty: 1 }] });
    await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([{ obj_id: product(0).id, qty: 1, unit_price: 500, answers_position: 1 }], validIn(1)),
    );
    job.start(0);
    await expect.poll(() => passes.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    job.stop();
    await job.runOnce();
    const stoppedAt = passes.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes.length).toBe(stoppedAt);
    const row = await harness.db.selectFrom("quotes").select("reminded_at").where("id", "=", asked.quo_id).executeTakeFirstOrThrow();
    expect(row.reminded_at).not.toBeNull();
    expect((await newMail()).filter((mail) => mail.subject.includes(`${asked.number} expire le`)).map((mail) => mail.to.join())).toEqual([
      LOGINS.buyer,
    ]);
  });
});
