import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as orderRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as pdfRoute from "~/routes/_app.mon-compte.factures.$id[.pdf]";
import * as listRoute from "~/routes/_app.mon-compte.factures._index";
import * as archiveRoute from "~/routes/_app.mon-compte.factures.archive[.zip]";
import * as exportRoute from "~/routes/_app.mon-compte.factures.export[.csv]";
import * as clientsRoute from "~/routes/clients";
import { EMPTY_SELECTION, FOREIGN_SELECTION, parseEuros } from "~/services/invoices/index.server";
import type { InvoiceRow } from "~/services/invoices/types";
import { cookieJar, formRequest, responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, selectionRequest, startInvoicesBackoffice, toastOf, type InvoicesBackoffice } from "./harness";

/**
 * /mon-compte/factures and its files over the real back-office (small demo set): the list and
 * its filters in the URL, the PDF, the ZIP of a selection or of the filters, the CSV, the
 * order's invoices; the `invoices` flag, isolation between organizations, login-as.
 */

let backoffice: InvoicesBackoffice;
let organization: string;
let consultant: string;
let orgId: number;
/** An invoice of another organization. */
let foreignId: number;

beforeAll(async () => {
  backoffice = await startInvoicesBackoffice();
  [organization, consultant] = await Promise.all([cookieFor(backoffice, LOGINS.organization), cookieFor(backoffice, LOGINS.consultant)]);
  const org = await backoffice.db
    .selectFrom("organizations")
    .select("id")
    .where("name", "=", "Voilerie Atlantique")
    .executeTakeFirstOrThrow();
  orgId = org.id;
  const foreign = await backoffice.db
    .selectFrom("invoices")
    .select("id")
    .where("org_id", "!=", orgId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  foreignId = foreign.id;
});
afterAll(() => backoffice.close());

const list = (cookie: string, query = "") => run(listRoute.loader, backoffice, page(`/mon-compte/factures${query}`, cookie));
const pdf = (cookie: string, id: string) =>
  responseOf(() => run(pdfRoute.loader, backoffice, page(`/mon-compte/factures/${id}.pdf`, cookie), { id }));
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

async function everyRow(cookie: string): Promise<InvoiceRow[]> {
  const first = await list(cookie);
  const rows = [...first.rows];
  for (let index = 2; index <= first.pageCount; index += 1) rows.push(...(await list(cookie, `?page=${index}`)).rows);
  return rows;
}

describe("/mon-compte/factures", () => {
  it("shows the organization's position and its invoices, newest first, 20 a page", async () => {
    const data = await list(organization);
    const count = await backoffice.db
      .selectFrom("invoices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(data.total).toBe(Number(count.n));
    expect(data.total).toBeGreaterThan(0);
    expect(data.rows).toHaveLength(Math.min(20, data.total));
    expect(data.pageCount).toBe(Math.max(1, Math.ceil(data.total / 20)));
    const dates = data.rows.map((row) => row.issuedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.notices).toEqual([]);
    expect(data.summary.outstanding).toBeGreaterThanOrEqual(data.summary.overdue);
    expect(data.summary.overdueCount).toBeGreaterThanOrEqual(0);
    const late = (await everyRow(organization)).filter((row) => row.status === "en retard");
    expect(late.every((row) => row.daysOverdue !== null && row.daysOverdue > 0)).toBe(true);
    expect(data.summary.overdueCount).toBe(late.length);
  });

  it("filters by status, number, order reference, amount in euros and period, and keeps the filters in the query", async () => {
    const all = await everyRow(organization);
    const sample = all[0]!;
    const byStatus = await list(organization, `?statut=${encodeURIComponent(sample.status)}`);
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.rows.every((row) => row.status === sample.status)).toBe(true);
    expect(byStatus.total).toBe(all.filter((row) => row.status === sample.status).length);
    expect(new URLSearchParams(byStatus.query).get("statut")).toBe(sample.status);

    const byNumber = await list(organization, `?numero=${sample.number.slice(-6)}`);
    expect(byNumber.rows.map((row) => row.number)).toContain(sample.number);

    const byOrder = await list(organization, `?commande=${encodeURIComponent(sample.orderRef)}`);
    expect(byOrder.rows.map((row) => row.id)).toContain(sample.id);

    const byAmount = await list(
      organization,
      `?montant_min=${encodeURIComponent(euros(sample.totalTtc))}&montant_max=${encodeURIComponent(`${euros(sample.totalTtc)} €`)}`,
    );
    expect(byAmount.notices).toEqual([]);
    expect(byAmount.rows.map((row) => row.id)).toContain(sample.id);
    expect(byAmount.rows.every((row) => row.totalTtc === sample.totalTtc)).toBe(true);
    expect(new URLSearchParams(byAmount.query).get("montant_min")).toBe(euros(sample.totalTtc));

    const byDay = await list(organization, `?du=${sample.issuedOn}&au=${sample.issuedOn}`);
    expect(byDay.total).toBe(all.filter((row) => row.issuedOn === sample.issuedOn).length);
    const future = await list(organization, "?du=2099-01-01");
    expect(future.total).toBe(0);
    expect(future.rows).toEqual([]);
  });

  it("reads amounts as typed in French: « 150,50 » is 15050 cents", () => {
    expect(parseEuros("150,50")).toBe(15050);
    expect(parseEuros("1 234,5")).toBe(123450);
    expect(parseEuros("150.50 €")).toBe(15050);
    expect(parseEuros("12")).toBe(1200);
    expect(parseEuros("-5")).toBeNull();
    expect(parseEuros("12,345")).toBeNull();
  });

  it("ignores unknown parameters, another organization's id among them, and drops invalid filters with a French notice", async () => {
    const all = await list(organization);
    const unknown = await list(organization, `?tri=montant&org_id=999&foo=bar`);
    expect(unknown.total).toBe(all.total);
    expect(unknown.notices).toEqual([]);
    expect(unknown.query).toBe("");
    const bad = await list(
      organization,
      `?statut=perdue&du=2026-02-30&montant_min=abc&montant_max=-5&numero=${"9".repeat(41)}&commande=a%00b&page=0`,
    );
    expect(bad.total).toBe(all.total);
    expect(bad.page).toBe(1);
    expect(bad.notices.map((notice) => notice.field).sort()).toEqual([
      "commande",
      "du",
      "montant_max",
      "montant_min",
      "numero",
      "page",
      "statut",
    ]);
    expect(bad.notices.every((notice) => /ignoré|première page/.test(notice.message))).toBe(true);
    expect(bad.query).toBe("");
    const reversed = await list(organization, "?montant_min=200&montant_max=100");
    expect(reversed.notices).toEqual([
      { field: "montant_max", message: "Le montant maximum est inférieur au montant minimum : il est ignoré." },
    ]);
  });

  it("is a 403 without the `invoices` flag, for the page and every file, and nothing is asked for a file", async () => {
    const before = { pdf: backoffice.pdfCalls, archive: backoffice.archiveCalls };
    const own = (await list(organization)).rows[0]!;
    expect(await thrownStatus(() => list(consultant))).toBe(403);
    expect(
      await thrownStatus(() =>
        run(pdfRoute.loader, backoffice, page(`/mon-compte/factures/${own.id}.pdf`, consultant), { id: String(own.id) }),
      ),
    ).toBe(403);
    expect(await thrownStatus(() => run(exportRoute.loader, backoffice, page("/mon-compte/factures/export.csv", consultant)))).toBe(403);
    expect(await thrownStatus(() => run(archiveRoute.loader, backoffice, page("/mon-compte/factures/archive.zip", consultant)))).toBe(403);
    expect(
      await thrownStatus(() =>
        run(
          archiveRoute.action,
          backoffice,
          selectionRequest("/mon-compte/factures/archive.zip", [["facture", String(own.id)]], consultant),
        ),
      ),
    ).toBe(403);
    expect({ pdf: backoffice.pdfCalls, archive: backoffice.archiveCalls }).toEqual(before);
  });

  it("sends a contributor to the client picker first, and shows it the client's invoices after login-as", async () => {
    let contributor = await cookieFor(backoffice, LOGINS.contributor);
    expect((await responseOf(() => list(contributor))).headers.get("location")).toBe("/clients");
    const switched = await responseOf(() =>
      run(clientsRoute.action, backoffice, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributor)),
    );
    expect(switched.status).toBe(303);
    contributor = cookieJar(contributor, switched);
    const mine = await list(organization);
    const data = await list(contributor);
    expect(data.total).toBe(mine.total);
    expect(data.rows.map((row) => row.id)).toEqual(mine.rows.map((row) => row.id));
    expect(data.summary).toEqual(mine.summary);
  });
});

describe("/mon-compte/factures/{id}.pdf", () => {
  it("downloads the stored PDF as an attachment, the same bytes each time", async () => {
    const own = (await list(organization)).rows[0]!;
    const first = await pdf(organization, String(own.id));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const again = new Uint8Array(await (await pdf(organization, String(own.id))).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it("is a 404 for another organization's invoice and for an id that is not one", async () => {
    expect(
      await thrownStatus(() =>
        run(pdfRoute.loader, backoffice, page(`/mon-compte/factures/${foreignId}.pdf`, organization), { id: String(foreignId) }),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(() => run(pdfRoute.loader, backoffice, page("/mon-compte/factures/abc.pdf", organization), { id: "abc" })),
    ).toBe(404);
    expect(
      await thrownStatus(() =>
        run(pdfRoute.loader, backoffice, page("/mon-compte/factures/99999999.pdf", organization), { id: "99999999" }),
      ),
    ).toBe(404);
  });
});

describe("/mon-compte/factures/archive.zip", () => {
  const post = (fields: [string, string][], cookie = organization) =>
    responseOf(() => run(archiveRoute.action, backoffice, selectionRequest("/mon-compte/factures/archive.zip", fields, cookie)));

  it("zips the ticked invoices, each PDF named by its number", async () => {
    const [a, b] = (await list(organization)).rows;
    const response = await post([
      ["facture", String(a!.id)],
      ["facture", String(b!.id)],
      ["filtres", ""],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names.map((name) => name.replace(/\.pdf$/, "")).sort()).toEqual([a!.number, b!.number].sort());
    for (const name of names) expect(new TextDecoder().decode(files[name]!.slice(0, 5))).toBe("%PDF-");
  });

  it("refuses an empty selection with a French message, back on the same list, and asks nothing of the back-office", async () => {
    const before = backoffice.archiveCalls;
    const response = await post([["filtres", "statut=payée&page=2&org_id=3"]]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/mon-compte/factures?statut=pay%C3%A9e&page=2");
    expect(await toastOf(backoffice, organization, response)).toBe(EMPTY_SELECTION);
    const malformed = await post([["facture", "12abc"]]);
    expect(malformed.status).toBe(303);
    expect(backoffice.archiveCalls).toBe(before);
  });

  it("refuses whole a selection holding another organization's invoice", async () => {
    const own = (await list(organization)).rows[0]!;
    const response = await post([
      ["facture", String(own.id)],
      ["facture", String(foreignId)],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("content-type")).not.toBe("application/zip");
    expect(await toastOf(backoffice, organization, response)).toBe(FOREIGN_SELECTION);
  });

  it("zips the invoices the filters give (GET), and refuses when none matches", async () => {
    const own = (await list(organization)).rows[0]!;
    const response = await responseOf(() =>
      run(archiveRoute.loader, backoffice, page(`/mon-compte/factures/archive.zip?numero=${own.number}`, organization)),
    );
    expect(response.status).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(names).toEqual([`${own.number}.pdf`]);
    const none = await responseOf(() =>
      run(archiveRoute.loader, backoffice, page("/mon-compte/factures/archive.zip?du=2099-01-01", organization)),
    );
    expect(none.status).toBe(303);
    expect(none.headers.get("location")).toBe("/mon-compte/factures?du=2099-01-01");
  });
});

describe("/mon-compte/factures/export.csv", () => {
  it("exports the filtered list for French Excel", async () => {
    const data = await list(organization);
    const response = await responseOf(() => run(exportRoute.loader, backoffice, page("/mon-compte/factures/export.csv", organization)));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="factures.csv"');
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFNuméro;Type;Date;Échéance;Commande;Référence client;Total HT (€)")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(data.total + 1);
    const first = data.rows[0]!;
    const line = lines.find((row) => row.startsWith(`${first.number};`))!;
    expect(line).toContain(`;${first.issuedOn.slice(8, 10)}/${first.issuedOn.slice(5, 7)}/${first.issuedOn.slice(0, 4)};`);
    expect(line).toContain(`;${euros(first.totalTtc)};`);
    const filtered = await responseOf(() =>
      run(exportRoute.loader, backoffice, page(`/mon-compte/factures/export.csv?numero=${first.number}`, organization)),
    );
    expect((await filtered.text()).trim().split("\r\n")).toHaveLength(2);
  });
});

describe("an order's invoices on its page", () => {
  it("lists the order's invoices with their PDFs for a user with `invoices`, none for one without", async () => {
    const own = (await list(organization)).rows[0]!;
    const view = await run(orderRoute.loader, backoffice, page(`/mon-compte/commandes/${own.orderId}`, organization), {
      id: String(own.orderId),
    });
    expect(view.invoices?.unavailable).toBe(false);
    expect(view.invoices?.invoices.map((invoice) => invoice.number)).toContain(own.number);
    const without = await run(orderRoute.loader, backoffice, page(`/mon-compte/commandes/${own.orderId}`, consultant), {
      id: String(own.orderId),
    });
    expect(without.invoices).toBeNull();
  });
});
