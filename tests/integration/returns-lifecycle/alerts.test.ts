import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { createAlertDispatcher, type AlertDispatcher, type AlertNotifier } from "../../../server/backoffice/alerts/dispatcher";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";
import { askReturn, deliveredOrder, step, stepOk } from "./fixtures";

/**
 * The returns' alerts (docs/alerts.md, docs/returns.md): the answer (accepted, with the slip's
 * link; refused, with the reason) and the settlement (the credit notes' numbers, or the
 * replacement's tracking), to the organization's accounts who keep the kind on; a reception or a
 * refused step tells nobody.
 */

const SECRET = deriveAlertsSecret("returns-alerts-test-session-secret-32");

describe("the returns' alerts", () => {
  let harness: Harness;
  let bo: Backoffice;
  let dispatcher: AlertDispatcher;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let products: { id: number; ref: string }[];
  const seen = new Set<string>();

  async function newMail(): Promise<ReadMail[]> {
    await dispatcher.settled();
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }
  const choose = (session: SessionResponse, enabled: string[]) =>
    call(bo, "/crm/alerts", { method: "PUT", token: session.token, body: { enabled } });
  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };

  beforeAll(async () => {
    const relay: AlertNotifier = { notify: (event) => dispatcher.notify(event) };
    harness = await startHarness({
      mail: true,
      name: "returns-alerts",
      api: { alertsSecret: SECRET, alertNotifier: relay, overdueAlerts: false },
    });
    dispatcher = createAlertDispatcher({
      db: harness.db,
      mailer: harness.mailer,
      now: harness.clock.now,
      secret: SECRET,
      logger: { error: () => undefined },
    });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
    const sales = await login(bo, LOGINS.sales);
    [client, buyer] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer)]);
    products = await stockedProducts(bo, 2);
    // Only the organization account hears of anything in these tests.
    await choose(sales, []);
  }, 180_000);
  afterAll(async () => {
    await dispatcher.settled();
    await harness.close();
  });
  beforeEach(async () => {
    await newMail();
  });

  it("tells of an acceptance with the slip's link, then of the credit note; not of the reception", async () => {
    const placed = await deliveredOrder(bo, buyer, [[product(0), 2]], "returns-alerts-credit");
    await newMail();
    const asked = await askReturn(bo.db, placed.ord_id, [[product(0), 2]]);

    await stepOk(bo, asked.number, "accept", { note: "Colis à déposer en point relais." });
    const [accepted, ...others] = await newMail();
    expect(others).toEqual([]);
    expect(accepted?.to).toEqual([LOGINS.client]);
    expect(accepted?.subject).toBe(`Retour ${asked.number} accepté`);
    expect(accepted?.text).toContain(
      `Votre demande de retour ${asked.number} (commande ${placed.ord_ref}) de Voilerie Atlantique est acceptée.`,
    );
    expect(accepted?.text).toContain(`indiquez le numéro ${asked.number} sur le colis`);
    expect(accepted?.text).toContain("Message : Colis à déposer en point relais.");
    expect(accepted?.text).toContain(`/mon-compte/retours/${asked.number}/bon-de-retour.pdf`);
    expect(accepted?.text).toContain(`Voir le retour : /mon-compte/retours/${asked.number}\n`);

    // Told again (a retried request): sent once.
    dispatcher.notify({ kind: "return_answered", returnId: asked.id, step: "accepted" });
    expect(await newMail()).toEqual([]);

    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: product(0).ref, qty: 2 }] });
    expect(await newMail()).toEqual([]);
    const done = await stepOk(bo, asked.number, "credit");
    const [settled] = await newMail();
    expect(settled?.subject).toBe(`Retour ${asked.number} : avoir émis`);
    const number = done.credit_notes[0]?.number ?? "";
    expect(settled?.text).toContain(`l'avoir ${number} est émis`);
    expect(settled?.text).toContain("Mes factures");
    // The credit note itself alerts nobody (a credit note is not a bill to pay).
    expect((await newMail()).map((mail) => mail.subject)).toEqual([]);
  });

  it("tells of a refusal with its reason, and of an exchange with its tracking; a kind turned off is not sent", async () => {
    const placed = await deliveredOrder(bo, buyer, [[product(1), 3]], "returns-alerts-exchange");
    await newMail();
    const refusedReturn = await askReturn(bo.db, placed.ord_id, [[product(1), 1]]);
    await stepOk(bo, refusedReturn.number, "refuse", { reason: "Article monté puis démonté : il n'est plus neuf." });
    const [refused] = await newMail();
    expect(refused?.subject).toBe(`Retour ${refusedReturn.number} refusé`);
    expect(refused?.text).toContain("Motif du refus : Article monté puis démonté : il n'est plus neuf.");
    expect(refused?.text).not.toContain("bon-de-retour.pdf");
    // A step refused tells nobody.
    expect((await step(bo, refusedReturn.number, "accept")).status).toBe(409);
    expect(await newMail()).toEqual([]);

    const exchanged = await askReturn(bo.db, placed.ord_id, [[product(1), 2]], { reason: "defective", resolution: "exchange" });
    await choose(client, ["return_settled"]);
    await stepOk(bo, exchanged.number, "accept");
    expect(await newMail()).toEqual([]);
    await stepOk(bo, exchanged.number, "receive", { lines: [{ obj_ref: product(1).ref, qty: 2 }] });
    await stepOk(bo, exchanged.number, "exchange", {
      carrier: "Chronopost",
      tracking_number: "XY123456789FR",
      tracking_url: "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY123456789FR",
    });
    const [shipped, ...more] = await newMail();
    expect(more).toEqual([]);
    expect(shipped?.subject).toBe(`Retour ${exchanged.number} : échange expédié`);
    expect(shipped?.text).toContain("Transporteur : Chronopost");
    expect(shipped?.text).toContain("Numéro de suivi : XY123456789FR");
    expect(shipped?.html).toContain('href="https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY123456789FR"');
  });
});
