import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as linesExportRoute from "~/routes/_app.mon-compte.commandes.$id_.export[.csv]";
import { responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startOrdersBackoffice, type OrdersBackoffice } from "./harness";

/**
 * /mon-compte/commandes/{id}/export.csv over the real back-office (small demo set): one order's
 * product lines for French Excel, with the own code each line was ordered under (issue 38), the
 * quantities of the order page, the amounts only with `prices`; another organization's order is a 404.
 */

let backoffice: OrdersBackoffice;
let organization: string;
let storekeeper: string;
let corsica: string;
/** A Voilerie Atlantique order with a product line partly shipped, and that line. */
let orderId: number;
let partlyShipped: { position: number; ref: string; title: string; qty: number; shipped: number; cancelled: number; unitPrice: number };

beforeAll(async () => {
  backoffice = await startOrdersBackoffice();
  [organization, storekeeper, corsica] = await Promise.all([
    cookieFor(backoffice, LOGINS.organization),
    cookieFor(backoffice, LOGINS.storekeeper),
    cookieFor(backoffice, LOGINS.corsica),
  ]);
  const line = await backoffice.db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .innerJoin("organizations", "organizations.id", "orders.org_id")
    .select([
      "order_lines.order_id",
      "order_lines.position",
      "order_lines.ref",
      "order_lines.title",
      "order_lines.qty",
      "order_lines.shipped_qty",
      "order_lines.cancelled_qty",
      "order_lines.unit_price",
    ])
    .where("organizations.ref", "=", "C0001")
    .where("order_lines.is_port", "=", false)
    .where("order_lines.shipped_qty", ">", 0)
    .whereRef("order_lines.shipped_qty", "<", "order_lines.qty")
    .orderBy("order_lines.order_id")
    .executeTakeFirstOrThrow();
  orderId = line.order_id;
  partlyShipped = {
    position: line.position,
    ref: line.ref,
    title: line.title,
    qty: line.qty,
    shipped: line.shipped_qty,
    cancelled: line.cancelled_qty,
    unitPrice: line.unit_price,
  };
  // The code the line was ordered under, as the confirmation stores it (decision 0195).
  await backoffice.db
    .updateTable("order_lines")
    .set({ customer_code: "VA CORD #08" })
    .where("order_id", "=", orderId)
    .where("position", "=", line.position)
    .execute();
});
afterAll(() => backoffice.close());

const exportCsv = (cookie: string, id: string) =>
  responseOf(() => run(linesExportRoute.loader, backoffice, page(`/mon-compte/commandes/${id}/export.csv`, cookie), { id }));

/** The file's rows, cells split (no cell of the demo set holds a `;` or a quote). */
async function rowsOf(response: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder()
    .decode(bytes.slice(3))
    .trimEnd()
    .split("\r\n")
    .map((row) => row.split(";"));
}

const frenchAmount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

describe("/mon-compte/commandes/:id/export.csv", () => {
  it("lists the order's product lines with their own code, quantities and amounts, for French Excel", async () => {
    const response = await exportCsv(organization, String(orderId));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const shown = await run(detailRoute.loader, backoffice, page(`/mon-compte/commandes/${orderId}`, organization), {
      id: String(orderId),
    });
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="commande-${shown.order.ord_ref}-lignes.csv"`);
    const [header, ...rows] = await rowsOf(response);
    expect(header).toEqual([
      "Référence",
      "Votre code",
      "Désignation",
      "Quantité commandée",
      "Expédiée",
      "Reste à livrer",
      "Prix unitaire HT (€)",
      "Total HT (€)",
    ]);
    expect(rows.map((row) => row[0])).toEqual(shown.order.lines.map((line) => line.obj_ref));
    const index = rows.findIndex((row) => row[0] === partlyShipped.ref);
    const { qty, shipped, cancelled, unitPrice, title } = partlyShipped;
    expect(rows[index]).toEqual([
      partlyShipped.ref,
      "VA CORD #08",
      title,
      String(qty),
      String(shipped),
      String(qty - shipped - cancelled),
      frenchAmount(unitPrice),
      frenchAmount(shown.amounts.lines[index]!.totalHt!),
    ]);
    // A line ordered without a code has an empty cell; the shipping lines are not products.
    expect(rows.filter((row) => row[1] !== "")).toHaveLength(1);
    expect(rows.some((row) => row[0]!.startsWith("PORT_"))).toBe(false);
  });

  it("has no amount column without `prices`", async () => {
    const [header, ...rows] = await rowsOf(await exportCsv(storekeeper, String(orderId)));
    expect(header).toEqual(["Référence", "Votre code", "Désignation", "Quantité commandée", "Expédiée", "Reste à livrer"]);
    expect(rows.find((row) => row[0] === partlyShipped.ref)?.slice(1, 2)).toEqual(["VA CORD #08"]);
    expect(rows.every((row) => row.length === 6)).toBe(true);
  });

  it("is a 404 for another organization's order and for an id that is not one", async () => {
    const load = (cookie: string, id: string) => () =>
      run(linesExportRoute.loader, backoffice, page(`/mon-compte/commandes/${id}/export.csv`, cookie), { id });
    expect(await thrownStatus(load(corsica, String(orderId)))).toBe(404);
    expect(await thrownStatus(load(organization, "abc"))).toBe(404);
    expect(await thrownStatus(load(organization, "99999999"))).toBe(404);
  });
});
