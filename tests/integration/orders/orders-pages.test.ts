import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "~/routes/_app.mon-compte._index";
import * as detailRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as listRoute from "~/routes/_app.mon-compte.commandes._index";
import * as exportRoute from "~/routes/_app.mon-compte.commandes.export[.csv]";
import * as historyRoute from "~/routes/_app.mon-compte.historique";
import * as backordersRoute from "~/routes/_app.mon-compte.reliquats";
import * as backordersExportRoute from "~/routes/_app.mon-compte.reliquats_.export[.csv]";
import * as clientsRoute from "~/routes/clients";
import { cookieJar, formRequest, responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startOrdersBackoffice, type OrdersBackoffice } from "./harness";

/**
 * The account pages' loaders and action over the real back-office (small demo set): the
 * organization's orders, one order, back-orders, purchase history; who sees amounts; bad URLs.
 */

let backoffice: OrdersBackoffice;
let organization: string;
let storekeeper: string;
let orgId: number;

beforeAll(async () => {
  backoffice = await startOrdersBackoffice();
  [organization, storekeeper] = await Promise.all([cookieFor(backoffice, LOGINS.organization), cookieFor(backoffice, LOGINS.storekeeper)]);
  const org = await backoffice.db
    .selectFrom("orders")
    .innerJoin("organizations", "organizations.id", "orders.org_id")
    .select("orders.org_id")
    .where("organizations.name", "=", "Voilerie Atlantique")
    .executeTakeFirstOrThrow();
  orgId = org.org_id;
});
afterAll(() => backoffice.close());

const list = (cookie: string, query = "") => run(listRoute.loader, backoffice, page(`/mon-compte/commandes${query}`, cookie));

describe("/mon-compte/commandes", () => {
  it("lists the organization's orders, newest first, « par X pour Y » when a contributor placed it, with amounts", async () => {
    const data = await list(organization);
    const count = await backoffice.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(data.total).toBe(Number(count.n));
    expect(data.rows).toHaveLength(Math.min(20, data.total));
    expect(data.pageCount).toBe(Math.ceil(data.total / 20));
    const dates = data.rows.map((row) => row.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.showPrices).toBe(true);
    expect(data.rows.every((row) => row.totalTtc !== null)).toBe(true);
    expect(data.notices).toEqual([]);
    const all = await list(organization, "?page=2");
    const everyRow = [...data.rows, ...all.rows];
    expect(everyRow.some((row) => /^par .+ pour Voilerie Atlantique$/.test(row.placedBy))).toBe(true);
  });

  it("shows no amount to a people account without `prices`", async () => {
    const data = await list(storekeeper);
    expect(data.total).toBeGreaterThan(0);
    expect(data.showPrices).toBe(false);
    expect(data.rows.every((row) => row.totalHt === null && row.totalTtc === null)).toBe(true);
  });

  it("filters by status, reference, product, author and period, and keeps the filters in the pages' query", async () => {
    const all = await list(organization, "?page=1");
    const status = all.rows[0]!.status;
    const byStatus = await list(organization, `?statut=${encodeURIComponent(status)}`);
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.rows.every((row) => row.status === status)).toBe(true);
    expect(byStatus.query).toBe(`statut=${encodeURIComponent(status).replace(/%20/g, "+")}`);

    const number = all.rows[0]!.number;
    const byRef = await list(organization, `?reference=${encodeURIComponent(number)}`);
    expect(byRef.rows.map((row) => row.number)).toContain(number);

    const line = await backoffice.db
      .selectFrom("order_lines")
      .select(["ref", "order_id"])
      .where("order_id", "=", all.rows[0]!.id)
      .where("is_port", "=", false)
      .executeTakeFirstOrThrow();
    const byProduct = await list(organization, `?produit=${encodeURIComponent(line.ref)}`);
    expect(byProduct.rows.map((row) => row.id)).toContain(line.order_id);

    const author = all.authors[0]!;
    const byAuthor = await list(organization, `?auteur=${author.id}`);
    expect(byAuthor.total).toBeGreaterThan(0);
    expect(byAuthor.total).toBeLessThanOrEqual(all.total);

    const day = all.rows[0]!.createdAt.slice(0, 10);
    const byPeriod = await list(organization, `?du=${day}&au=${day}`);
    expect(byPeriod.total).toBeGreaterThan(0);
    expect(byPeriod.notices).toEqual([]);
    const future = await list(organization, "?du=2099-01-01");
    expect(future.total).toBe(0);
    expect(future.rows).toEqual([]);
  });

  it("ignores bad input with a notice instead of failing: unknown status, malformed date, page=-1, a 5,000-character search", async () => {
    const all = await list(organization);
    const data = await list(
      organization,
      `?statut=perdue&du=2026-02-30&au=hier&page=-1&reference=${"x".repeat(5000)}&produit=a%00b&auteur=abc`,
    );
    expect(data.total).toBe(all.total);
    expect(data.page).toBe(1);
    expect(data.notices.map((notice) => notice.field).sort()).toEqual(["au", "auteur", "du", "page", "produit", "reference", "statut"]);
    expect(data.values.reference.length).toBeLessThanOrEqual(200);
    expect(data.query).toBe("");
    const reversed = await list(organization, "?du=2026-06-01&au=2026-01-01");
    expect(reversed.notices).toEqual([{ field: "au", message: "La date de fin précède la date de début : elle est ignorée." }]);
    const beyond = await list(organization, "?page=999");
    expect(beyond.rows).toEqual([]);
    expect(beyond.notices[0]?.field).toBe("page");
  });

  it("sends a contributor to the client picker first, and a visitor to the login", async () => {
    const contributor = await cookieFor(backoffice, LOGINS.contributor);
    const response = await responseOf(() => list(contributor));
    expect(response.headers.get("location")).toBe("/clients");
    const anonymous = await responseOf(() => list(""));
    expect(anonymous.headers.get("location")).toContain("/connexion");
  });

  it("shows a contributor acting for the client (login-as) the client's orders, with the way back to the picker", async () => {
    let contributor = await cookieFor(backoffice, LOGINS.contributor);
    const switched = await responseOf(() =>
      run(clientsRoute.action, backoffice, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributor)),
    );
    expect(switched.status).toBe(303);
    contributor = cookieJar(contributor, switched);
    const data = await list(contributor);
    expect(data.total).toBe((await list(organization)).total);
    expect(data.showPrices).toBe(true);
    const home = await run(accountRoute.loader, backoffice, page("/mon-compte", contributor));
    expect(home.organizationName).toBe("Voilerie Atlantique");
    expect(home.actingAs).not.toBeNull();
    expect(home.shortcuts.map((shortcut) => shortcut.to)).toContain("/clients");
  });
});

describe("/mon-compte/commandes/export.csv", () => {
  const exportCsv = (cookie: string, query = "") =>
    responseOf(() => run(exportRoute.loader, backoffice, page(`/mon-compte/commandes/export.csv${query}`, cookie)));

  it("exports the filtered list for French Excel: BOM, `;`, decimal comma, CRLF", async () => {
    const response = await exportCsv(organization);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("commandes.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Numéro;Date;Référence client;Passée par;Statut;Lignes;Lignes en reliquat;Total HT (€);Dont éco-participation (€);TVA (€);Total TTC (€)",
    );
    const total = (await list(organization)).total;
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toMatch(/^[^;]+;\d{2}\/\d{2}\/\d{4};.*;-?\d+,\d{2};-?\d+,\d{2};-?\d+,\d{2};-?\d+,\d{2}$/);

    const status = (await list(organization)).rows[0]!.status;
    const filtered = await (await exportCsv(organization, `?statut=${encodeURIComponent(status)}`)).text();
    const filteredLines = filtered.trimEnd().split("\r\n").slice(1);
    expect(filteredLines.length).toBe((await list(organization, `?statut=${encodeURIComponent(status)}`)).total);
    expect(filteredLines.every((line) => line.includes(`;${status};`))).toBe(true);
  });

  it("has no amount column without `prices`", async () => {
    const text = await (await exportCsv(storekeeper)).text();
    const [header] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe("Numéro;Date;Référence client;Passée par;Statut;Lignes;Lignes en reliquat");
  });
});

describe("/mon-compte/commandes/{id}", () => {
  const detail = (cookie: string, id: string) => run(detailRoute.loader, backoffice, page(`/mon-compte/commandes/${id}`, cookie), { id });

  it("shows the order's lines, shipments and timeline, with amounts; none without `prices`", async () => {
    const shipped = await backoffice.db
      .selectFrom("orders")
      .select("id")
      .where("org_id", "=", orgId)
      .where("status", "in", ["expédiée", "livrée", "expédiée partiellement"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const data = await detail(organization, String(shipped.id));
    expect(data.order.ord_id).toBe(shipped.id);
    expect(data.order.lines.length).toBeGreaterThan(0);
    expect(data.order.shipments.length).toBeGreaterThan(0);
    expect(data.order.timeline.length).toBeGreaterThan(1);
    expect(data.order.ord_total_ttc).not.toBeNull();
    expect(data.showPrices).toBe(true);
    const hidden = await detail(storekeeper, String(shipped.id));
    expect(hidden.showPrices).toBe(false);
    expect(hidden.order.ord_total_ttc).toBeNull();
    expect(hidden.order.lines.every((line) => line.unit_price === null && line.line_total_ht === null)).toBe(true);
  });

  it("is a 404 for another organization's order, an unknown id or one that is not a number", async () => {
    const other = await backoffice.db.selectFrom("orders").select("id").where("org_id", "!=", orgId).executeTakeFirstOrThrow();
    expect(await thrownStatus(() => detail(organization, String(other.id)))).toBe(404);
    expect(await thrownStatus(() => detail(organization, "99999999"))).toBe(404);
    expect(await thrownStatus(() => detail(organization, "abc"))).toBe(404);
    expect(await thrownStatus(() => detail(organization, "-1"))).toBe(404);
    expect(await thrownStatus(() => detail(organization, "99999999999999999999"))).toBe(404);
  });
});

describe("/mon-compte", () => {
  it("says who is logged in for which organization, with shortcuts, the latest orders and the open back-orders", async () => {
    const home = await run(accountRoute.loader, backoffice, page("/mon-compte", organization));
    expect(home.organizationName).toBe("Voilerie Atlantique");
    expect(home.shortcuts.map((shortcut) => shortcut.to)).toEqual(
      expect.arrayContaining([
        "/mon-compte/commandes",
        "/mon-compte/reliquats",
        "/mon-compte/historique",
        "/mon-panier",
        "/mon-compte/listes",
        "/mon-compte/commandes-programmees",
        "/mon-compte/retours",
        "/mon-compte/references",
      ]),
    );
    expect(home.shortcuts.map((shortcut) => shortcut.to)).not.toContain("/clients");
    expect(home.latestOrders.length).toBe(5);
    expect(home.orderTotal).toBeGreaterThanOrEqual(5);
    expect(home.backorders.every((row) => !row.canRequestCancellation)).toBe(true);
    const people = await run(accountRoute.loader, backoffice, page("/mon-compte", storekeeper));
    expect(people.userName).not.toBe(people.organizationName);
    expect(people.showPrices).toBe(false);
    expect(people.latestOrders.every((row) => row.totalTtc === null)).toBe(true);
  });
});

describe("/mon-compte/reliquats", () => {
  const backorders = (cookie: string, query = "") => run(backordersRoute.loader, backoffice, page(`/mon-compte/reliquats${query}`, cookie));

  it("groups the open back-orders by product (default) or by order, with their expected date", async () => {
    const byProduct = await backorders(organization);
    expect(byProduct.total).toBeGreaterThan(0);
    expect(byProduct.grouping).toBe("produit");
    const rows = byProduct.groups.flatMap((group) => group.rows);
    expect(rows).toHaveLength(byProduct.total);
    for (const group of byProduct.groups) expect(new Set(group.rows.map((row) => row.productId)).size).toBe(1);
    expect(rows.every((row) => row.expectedDate === null || /^\d{4}-\d{2}-\d{2}$/.test(row.expectedDate))).toBe(true);
    const byOrder = await backorders(organization, "?par=commande");
    expect(byOrder.grouping).toBe("commande");
    for (const group of byOrder.groups) {
      expect(new Set(group.rows.map((row) => row.orderId)).size).toBe(1);
      expect(group.href).toBe(`/mon-compte/commandes/${group.rows[0]!.orderId}`);
    }
    const odd = await backorders(organization, "?par=nimporte&page=-3");
    expect(odd.grouping).toBe("produit");
    expect(odd.page).toBe(1);
    expect(odd.notices).toHaveLength(1);
    const people = await backorders(storekeeper);
    expect(people.groups.flatMap((group) => group.rows).every((row) => row.unitPrice === null && !row.canRequestCancellation)).toBe(true);
  });

  it("sends a cancellation request with a plain form (303 and a toast); refuses a short reason and an account without `orders`", async () => {
    const target = (await backorders(organization)).groups.flatMap((group) => group.rows).find((row) => row.canRequestCancellation)!;
    expect(target).toBeDefined();
    const send = (cookie: string, fields: Record<string, string>) =>
      responseOf(() => run(backordersRoute.action, backoffice, formRequest("/mon-compte/reliquats", fields, cookie)));
    const requests = () => backoffice.db.selectFrom("cancellation_requests").select("id").where("order_id", "=", target.orderId).execute();
    const before = (await requests()).length;

    // A refused plain form is drawn again with its reason and what was typed (nothing is lost).
    type Drawn = {
      data: { ok: boolean; message: string; errors: Record<string, string>; values: Record<string, string> };
      init: ResponseInit | null;
    };
    const draw = (cookie: string, fields: Record<string, string>) =>
      run(backordersRoute.action, backoffice, formRequest("/mon-compte/reliquats", fields, cookie)) as unknown as Promise<Drawn>;
    const short = await draw(organization, { ord_id: String(target.orderId), obj_id: String(target.productId), reason: "x" });
    expect(short.init?.status).toBe(422);
    expect(short.data.errors.reason).toBe("Indiquez la raison de votre demande (au moins 3 caractères).");
    expect(short.data.values).toMatchObject({ ord_id: String(target.orderId), reason: "x" });
    const denied = await draw(storekeeper, { ord_id: String(target.orderId), obj_id: String(target.productId), reason: "Plus besoin" });
    expect(denied.init?.status).toBe(403);
    expect(denied.data.message).toBe("Votre compte ne permet pas de demander l'annulation d'un reliquat.");
    expect((await requests()).length).toBe(before);

    const sent = await send(organization, {
      ord_id: String(target.orderId),
      obj_id: String(target.productId),
      reason: "Plus besoin de ce produit",
      par: "commande",
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/mon-compte/reliquats?par=commande");
    expect((await requests()).length).toBe(before + 1);
    const after = (await backorders(organization)).groups
      .flatMap((group) => group.rows)
      .find((row) => row.orderId === target.orderId && row.productId === target.productId)!;
    expect(after.request?.status).toBe("en attente");
    expect(after.canRequestCancellation).toBe(false);

    // A fetcher (`mode=fetch`) gets the refusal as data with its status, not a redirect.
    const fetched = (await run(
      backordersRoute.action,
      backoffice,
      formRequest("/mon-compte/reliquats", { ord_id: "abc", obj_id: "1", reason: "Plus besoin", mode: "fetch" }, organization),
    )) as unknown as { data: { ok: boolean; message: string }; init: ResponseInit | null };
    expect(fetched.init?.status).toBe(422);
    expect(fetched.data).toEqual({ ok: false, message: "Ligne inconnue." });
  });
});

describe("/mon-compte/reliquats/export.csv", () => {
  const exportCsv = (cookie: string) =>
    responseOf(() => run(backordersExportRoute.loader, backoffice, page("/mon-compte/reliquats/export.csv", cookie)));

  it("exports every open back-order line for French Excel, with the unit price only for `prices`", async () => {
    const response = await exportCsv(organization);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("reliquats.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Commande;Date de commande;Référence client;Référence produit;Désignation;Commandé;Expédié;En reliquat;État;Date prévisionnelle;Demande d'annulation;Prix unitaire HT (€)",
    );
    const shown = await run(backordersRoute.loader, backoffice, page("/mon-compte/reliquats", organization));
    expect(lines).toHaveLength(shown.total + 1);
    expect(lines[1]).toMatch(/^[^;]+;\d{2}\/\d{2}\/\d{4};.*;\d+;\d+;\d+;[^;]+;(\d{2}\/\d{2}\/\d{4})?;[^;]*;-?\d+,\d{2}$/);

    const [header] = (await (await exportCsv(storekeeper)).text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).not.toContain("Prix");
  });
});

describe("/mon-compte/historique", () => {
  const history = (cookie: string, query = "") => run(historyRoute.loader, backoffice, page(`/mon-compte/historique${query}`, cookie));

  it("lists one row per product bought, searchable, with prices only for `prices`, and add-to-cart for `cart`", async () => {
    const data = await history(organization);
    expect(data.total).toBeGreaterThan(0);
    expect(new Set(data.rows.map((row) => row.productId)).size).toBe(data.rows.length);
    expect(data.showPrices).toBe(true);
    expect(data.canAddToCart).toBe(true);
    const ref = data.rows[0]!.productRef;
    const found = await history(organization, `?q=${encodeURIComponent(ref)}`);
    expect(found.rows.map((row) => row.productRef)).toContain(ref);
    const tooLong = await history(organization, `?q=${"y".repeat(5000)}`);
    expect(tooLong.notice).not.toBeNull();
    expect(tooLong.total).toBe(data.total);
    const people = await history(storekeeper);
    expect(people.showPrices).toBe(false);
    expect(people.rows.every((row) => row.lastUnitPrice === null)).toBe(true);
  });
});

describe("a back-office that does not answer", () => {
  it("gives each account page a 503 with the French message, not a 500", async () => {
    backoffice.failReads = true;
    try {
      for (const [loader, path, params] of [
        [accountRoute.loader, "/mon-compte", {}],
        [listRoute.loader, "/mon-compte/commandes", {}],
        [detailRoute.loader, "/mon-compte/commandes/1", { id: "1" }],
        [backordersRoute.loader, "/mon-compte/reliquats", {}],
        [historyRoute.loader, "/mon-compte/historique", {}],
      ] as [(args: never) => Promise<unknown>, string, Record<string, string>][]) {
        expect(await thrownStatus(() => run(loader, backoffice, page(path, organization), params)), path).toBe(503);
      }
    } finally {
      backoffice.failReads = false;
    }
  });
});
