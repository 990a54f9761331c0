import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as invoiceRoute from "~/routes/_app.mon-compte.factures.$id";
import * as listRoute from "~/routes/_app.mon-compte.factures._index";
import * as clientsRoute from "~/routes/clients";
import { cookieJar, formRequest, responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startInvoicesBackoffice, type InvoicesBackoffice } from "./harness";

/**
 * /mon-compte/factures/{id} over the real back-office (small demo set): the invoice in full, its
 * platform statuses newest first, the list's latest platform status; the `invoices` flag, another
 * organization's invoice, login-as.
 */

let backoffice: InvoicesBackoffice;
let organization: string;
let consultant: string;
let orgId: number;
let foreignId: number;
/** An invoice of Voilerie Atlantique with lines, two platform statuses recorded below. */
let ownId: number;
let ownNumber: string;

beforeAll(async () => {
  backoffice = await startInvoicesBackoffice();
  [organization, consultant] = await Promise.all([cookieFor(backoffice, LOGINS.organization), cookieFor(backoffice, LOGINS.consultant)]);
  const { db } = backoffice;
  orgId = (await db.selectFrom("organizations").select("id").where("name", "=", "Voilerie Atlantique").executeTakeFirstOrThrow()).id;
  foreignId = (await db.selectFrom("invoices").select("id").where("org_id", "!=", orgId).orderBy("id").executeTakeFirstOrThrow()).id;
  // An invoice the seed gave no platform status (issued before the reform).
  const own = await db
    .selectFrom("invoices as i")
    .select(["i.id", "i.issued_on", "i.number"])
    .where("i.org_id", "=", orgId)
    .where("i.kind", "=", "facture")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("invoice_platform_statuses as s").select("s.id").whereRef("s.invoice_id", "=", "i.id"))),
    )
    .orderBy("i.issued_on", "desc")
    .orderBy("i.id", "desc")
    .executeTakeFirstOrThrow();
  ownNumber = own.number;
  ownId = own.id;
  const day = own.issued_on;
  // Recorded out of order: the history follows the platform's instants, not the recording.
  await db
    .insertInto("invoice_platform_statuses")
    .values([
      {
        invoice_id: ownId,
        status: 207,
        at: `${day}T15:00:00Z`,
        message: "Quantité contestée",
        platform: "Plateforme Atlantique",
        recorded_at: new Date(),
        author: "ERP",
      },
      { invoice_id: ownId, status: 200, at: `${day}T09:00:00Z`, message: null, platform: null, recorded_at: new Date(), author: "ERP" },
    ])
    .execute();
});
afterAll(() => backoffice.close());

const invoicePage = (cookie: string, id: string) =>
  run(invoiceRoute.loader, backoffice, page(`/mon-compte/factures/${id}`, cookie), { id });

describe("/mon-compte/factures/{id}", () => {
  it("shows the invoice in full: dates, order, lines adding up, VAT per rate, totals, payments, platform statuses newest first", async () => {
    const view = await invoicePage(organization, String(ownId));
    const row = await backoffice.db.selectFrom("invoices").selectAll().where("id", "=", ownId).executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      id: ownId,
      number: row.number,
      kind: "facture",
      issuedOn: row.issued_on,
      saleOn: row.sale_on,
      dueOn: row.due_on,
      orderId: row.order_id,
      orderRef: row.order_ref,
      totalHt: row.total_ht,
      totalEcotax: row.total_ecotax,
      totalTtc: row.total_ttc,
    });
    expect(view.lines.length).toBeGreaterThan(0);
    expect(view.lines.reduce((sum, line) => sum + line.totalHt, 0)).toBe(view.totalHt);
    expect(view.vat.reduce((sum, entry) => sum + entry.baseHt, 0)).toBe(view.totalHt);
    expect(view.totalHt + view.totalVat).toBe(view.totalTtc);
    expect(view.paid + view.remaining).toBe(view.totalTtc);
    expect(view.platformStatuses.map((entry) => [entry.code, entry.label])).toEqual([
      [207, "en litige"],
      [200, "déposée"],
    ]);
    expect(view.platformStatuses[0]).toMatchObject({ message: "Quantité contestée", platform: "Plateforme Atlantique" });
  });

  it("gives the list the latest platform status of each invoice, or none", async () => {
    const data = await run(listRoute.loader, backoffice, page(`/mon-compte/factures?numero=${ownNumber}`, organization));
    expect(data.rows.find((candidate) => candidate.id === ownId)?.platformStatus).toMatchObject({ code: 207, label: "en litige" });
    // The demo's invoices since the reform carry their platform's statuses; the older ones none
    // (the demo's credit notes have none either).
    const all = await run(listRoute.loader, backoffice, page("/mon-compte/factures", organization));
    for (const row of all.rows) {
      if (row.kind === "avoir" || row.id === ownId) continue;
      if (row.issuedOn < "2026-09-01") expect(row.platformStatus, row.number).toBeNull();
      else expect(row.platformStatus?.code, row.number).toBeGreaterThanOrEqual(200);
    }
    const settled = all.rows.find((row) => row.platformStatus?.code === 212);
    expect(settled?.status).toBe("payée");
  });

  it("is a 404 for another organization's invoice and for an id that is not one", async () => {
    expect(await thrownStatus(() => invoicePage(organization, String(foreignId)))).toBe(404);
    expect(await thrownStatus(() => invoicePage(organization, "abc"))).toBe(404);
    expect(await thrownStatus(() => invoicePage(organization, "99999999"))).toBe(404);
  });

  it("is a 403 without the `invoices` flag", async () => {
    expect(await thrownStatus(() => invoicePage(consultant, String(ownId)))).toBe(403);
  });

  it("sends a contributor to the client picker first, and shows it the client's invoice after login-as", async () => {
    let contributor = await cookieFor(backoffice, LOGINS.contributor);
    expect((await responseOf(() => invoicePage(contributor, String(ownId)))).headers.get("location")).toBe("/clients");
    const switched = await responseOf(() =>
      run(clientsRoute.action, backoffice, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributor)),
    );
    contributor = cookieJar(contributor, switched);
    expect((await invoicePage(contributor, String(ownId))).number).toBe((await invoicePage(organization, String(ownId))).number);
  });
});
