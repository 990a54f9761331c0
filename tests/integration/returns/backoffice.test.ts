import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { parseOutboxEvent } from "@shared/contracts/outbox";
import {
  DEFAULT_RETURN_SETTINGS,
  eligibleOrdersResponse,
  NOT_RETURNABLE_LABELS,
  returnDetail,
  returnListResponse,
  returnSettingsResponse,
  type ReturnableOrder,
} from "@shared/contracts/returns";
import { LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { placeOrder, SERVICE_NAME, SERVICE_TOKEN, setStock, testProducts } from "../backoffice/orders-fixtures";
import { askReturn, deliveredOrder, JPEG, PDF, photo, PNG, request, returnable, returnsCall, type DeliveredOrder } from "./fixtures";

/**
 * Issue 39, returns in the back-office (docs/returns.md, decision 0203): a request on a
 * delivered order, its list, detail, photos and withdrawal; never more units than were delivered
 * less what returns hold; the window after delivery; products that may not come back; the
 * photos checked by content; who may ask and see what. The concurrent requests have their own
 * file (concurrency.test.ts), on both engines.
 */

describe("returns in the back-office", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let client: SessionResponse;
  let storekeeper: SessionResponse;
  let corsica: SessionResponse;
  let sales: SessionResponse;
  let items: { id: number; ref: string; price_selling: number }[];
  let orders = 0;
  const product = (index: number) => {
    const found = items[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  const positionOf = (order: ReturnableOrder, ref: string) => {
    const line = order.lines.find((candidate) => candidate.obj_ref === ref);
    if (!line) throw new Error(`no line ${ref} in ${order.order_ref}`);
    return line.position;
  };
  const deliver = (lines: readonly (readonly [{ id: number; ref: string }, number, number?])[], session = buyer): Promise<DeliveredOrder> =>
    deliveredOrder(bo, session, lines, `returns-${++orders}`);
  const countReturns = async () =>
    Number(
      (
        await bo.db
          .selectFrom("returns")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [buyer, client, storekeeper, corsica, sales] = await Promise.all([
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.client),
      login(bo, LOGINS.storekeeper),
      login(bo, LOGINS.corsica),
      login(bo, LOGINS.sales),
    ]);
    items = await testProducts(bo.db, 16);
  }, 180_000);

  afterAll(async () => {
    await bo?.close();
  });

  it("asks a return of a delivered order, lists it, shows it with its photo, and lets it be withdrawn", async () => {
    const order = await deliver([
      [product(0), 3],
      [product(1), 2],
    ]);
    const eligible = eligibleOrdersResponse.parse((await returnsCall(bo, buyer, "/eligible")).body);
    expect(eligible.window_days).toBe(30);
    expect(eligible.items[0]).toEqual({
      order_id: order.ord_id,
      order_ref: order.ord_ref,
      cart_ref: expect.any(String),
      delivered_on: "2026-11-20",
      deadline: "2026-12-20",
      returnable_units: 5,
    });

    const form = await returnable(bo, buyer, order.ord_id);
    const ordered = await bo.db
      .selectFrom("order_lines")
      .select(["position", "ref", "title", "customer_code", "unit_price", "ecotaxe"])
      .where("order_id", "=", order.ord_id)
      .where("is_port", "=", false)
      .orderBy("position")
      .execute();
    expect(form).toMatchObject({
      order_id: order.ord_id,
      order_ref: order.ord_ref,
      delivered_on: "2026-11-20",
      deadline: "2026-12-20",
      open: true,
      photo_required_reasons: ["defective", "transport_damage"],
      restocking_fee_pct: { order_error: 15, defective: 0, transport_damage: 0, delivery_error: 0, other: 10 },
    });
    expect(form.lines).toEqual(
      ordered.map((line) => ({
        position: line.position,
        obj_ref: line.ref,
        title: line.title,
        customer_code: line.customer_code,
        delivered: line.ref === product(0).ref ? 3 : 2,
        in_returns: 0,
        returnable: line.ref === product(0).ref ? 3 : 2,
        not_returnable: null,
        unit_price: line.unit_price + line.ecotaxe,
      })),
    );
    const first = form.lines.find((line) => line.obj_ref === product(0).ref);

    const created = await askReturn(
      bo,
      buyer,
      request(order.ord_id, [{ position: positionOf(form, product(0).ref), qty: 2 }], {
        reason: "defective",
        resolution: "exchange",
        comment: "Couture décousue à la livraison.",
        photos: [photo(PNG, "dechirure.png")],
      }),
    );
    expect(created).toMatchObject({
      number: expect.stringMatching(/^RET-2026-\d{6}$/),
      status: "demandé",
      order_id: order.ord_id,
      order_ref: order.ord_ref,
      requested_by: "Maël Kerjean",
      reason: "defective",
      resolution: "exchange",
      units: 2,
      amount_ht: 2 * (first?.unit_price ?? 0),
      comment: "Couture décousue à la livraison.",
      lines: [
        {
          position: first?.position,
          obj_ref: product(0).ref,
          title: first?.title,
          customer_code: first?.customer_code,
          qty: 2,
          received: null,
          unit_price: first?.unit_price,
        },
      ],
      photos: [{ id: expect.any(Number), file_name: "dechirure.png", mime: "image/png", size: PNG.length }],
      steps: [{ kind: "requested", at: "2026-11-20T09:00:00.000Z", author: "Maël Kerjean", note: null }],
      refusal: null,
      restocking_fee_pct: 0,
      credit_notes: [],
      exchange: null,
      slip_available: false,
      can_withdraw: true,
    });

    // The distributor hears of it in the same transaction.
    const event = await bo.db
      .selectFrom("outbox_events")
      .select(["type", "event_id", "occurred_at", "data"])
      .where("stream", "=", `return:${created.number}`)
      .executeTakeFirstOrThrow();
    const parsed = parseOutboxEvent({
      id: event.event_id,
      type: event.type,
      occurred_at: event.occurred_at.toISOString(),
      data: event.data,
    });
    expect(parsed.type).toBe("return.requested");
    expect(parsed.data).toMatchObject({ customer: { org_id: buyer.user.auth_org_id }, return: { number: created.number, units: 2 } });

    // Its photo, as it was sent, shown inline and never sniffed.
    const photoId = created.photos[0]?.id ?? 0;
    const served = await fetch(`${bo.baseUrl}/returns/${buyer.user.auth_org_id}/${created.number}/photos/${photoId}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="dechirure.png"/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The list, by status and by order; the number in any case.
    const list = returnListResponse.parse((await returnsCall(bo, buyer, `?order=${order.ord_id}`)).body);
    expect(list).toMatchObject({ total: 1, page: 1, size: 20, items: [{ number: created.number, units: 2, status: "demandé" }] });
    expect(returnListResponse.parse((await returnsCall(bo, buyer, "?status=annulé")).body).items.map((item) => item.number)).not.toContain(
      created.number,
    );
    expect(returnDetail.parse((await returnsCall(bo, buyer, `/${created.number.toLowerCase()}`)).body)).toEqual(created);
    expect((await returnsCall(bo, buyer, "?status=perdu")).status).toBe(400);

    // The units asked are held: what is left of the line, the order still eligible for the rest.
    const held = await returnable(bo, buyer, order.ord_id);
    expect(held.lines.find((line) => line.obj_ref === product(0).ref)).toMatchObject({ delivered: 3, in_returns: 2, returnable: 1 });

    // Withdrawn while « demandé »: the units are free again, the distributor told.
    const withdrawn = returnDetail.parse((await returnsCall(bo, buyer, `/${created.number}/withdraw`, { method: "POST" })).body);
    expect(withdrawn).toMatchObject({ status: "annulé", can_withdraw: false, slip_available: false });
    expect(withdrawn.steps.map((step) => [step.kind, step.author])).toEqual([
      ["requested", "Maël Kerjean"],
      ["withdrawn", "Maël Kerjean"],
    ]);
    expect((await returnable(bo, buyer, order.ord_id)).lines.find((line) => line.obj_ref === product(0).ref)).toMatchObject({
      in_returns: 0,
      returnable: 3,
    });
    const again = await returnsCall(bo, buyer, `/${created.number}/withdraw`, { method: "POST" });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: "return_state",
        message: `Le retour ${created.number} est « annulé » : il ne peut plus changer.`,
      },
    });
    const types = await bo.db
      .selectFrom("outbox_events")
      .select("type")
      .where("stream", "=", `return:${created.number}`)
      .orderBy("id")
      .execute();
    expect(types.map((row) => row.type)).toEqual(["return.requested", "return.status_changed"]);
    expect(returnListResponse.parse((await returnsCall(bo, buyer, "?status=annulé")).body).items.map((item) => item.number)).toContain(
      created.number,
    );
  });

  it("never takes more than was delivered less what returns hold, and changes nothing when it refuses", async () => {
    // 4 ordered, 3 shipped, the fourth cancelled: 3 were delivered.
    const order = await deliver([
      [product(2), 4, 3],
      [product(3), 1],
    ]);
    const form = await returnable(bo, buyer, order.ord_id);
    const position = positionOf(form, product(2).ref);
    expect(form.lines.find((line) => line.position === position)).toMatchObject({ delivered: 3, returnable: 3 });
    const before = await countReturns();

    const tooMany = await returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 4 }]) });
    expect(tooMany).toMatchObject({
      status: 422,
      body: {
        code: "invalid_return",
        message: `Au plus 3 à retourner pour ${product(2).ref} (livré 3, déjà en retour 0).`,
        issues: [{ path: "lines.0.qty", message: `Au plus 3 à retourner pour ${product(2).ref} (livré 3, déjà en retour 0).` }],
      },
    });
    await askReturn(bo, buyer, request(order.ord_id, [{ position, qty: 2 }]));
    const second = await returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 2 }]) });
    expect(second.status).toBe(422);
    expect(second.body.message).toBe(`Au plus 1 à retourner pour ${product(2).ref} (livré 3, déjà en retour 2).`);

    // A line the order does not have, a shipping line, a line asked twice: each said where it is.
    const shipping = await bo.db
      .selectFrom("order_lines")
      .select("position")
      .where("order_id", "=", order.ord_id)
      .where("is_port", "=", true)
      .executeTakeFirst();
    const other = positionOf(form, product(3).ref);
    const wrong = await returnsCall(bo, buyer, "", {
      body: request(order.ord_id, [
        { position: 99, qty: 1 },
        { position: other, qty: 1 },
        { position: other, qty: 1 },
        ...(shipping ? [{ position: shipping.position, qty: 1 }] : []),
      ]),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.issues).toEqual([
      { path: "lines.0.position", message: `La commande ${order.ord_ref} n'a pas de ligne livrée n° 99.` },
      { path: "lines.2.position", message: `La ligne ${product(3).ref} est demandée deux fois.` },
      ...(shipping
        ? [{ path: "lines.3.position", message: `La commande ${order.ord_ref} n'a pas de ligne livrée n° ${shipping.position}.` }]
        : []),
    ]);
    // Bad input: a French 400 with its issues.
    const zero = await returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 0 }]) });
    expect(zero).toMatchObject({
      status: 400,
      body: { code: "invalid_request", issues: [{ path: "lines.0.qty", message: "Au moins 1." }] },
    });
    expect((await returnsCall(bo, buyer, "", { body: request(order.ord_id, []) })).body.issues).toEqual([
      { path: "lines", message: "Indiquez au moins une ligne à retourner." },
    ]);
    expect(await countReturns()).toBe(before + 1);

    // An order not delivered yet: nothing may be asked, and it is said why.
    await setStock(bo.db, product(4).id, 10);
    const pending = await placeOrder(bo, buyer, [[product(4), 1]], "returns-pending");
    const notYet = await returnsCall(bo, buyer, `/orders/${pending.ord_id}`);
    expect(notYet).toMatchObject({
      status: 422,
      body: {
        code: "order_not_delivered",
        message: `La commande ${pending.ord_ref} n'est pas livrée : aucun retour ne peut encore être demandé.`,
      },
    });
    const asked = await returnsCall(bo, buyer, "", { body: request(pending.ord_id, [{ position: 1, qty: 1 }]) });
    expect(asked).toMatchObject({ status: 422, body: { code: "order_not_delivered", issues: [{ path: "order_id" }] } });
    expect(await countReturns()).toBe(before + 1);
  });

  it("refuses MMSI equipment, hazardous goods and products the feed flags, each with its reason", async () => {
    const [mmsi, hazardous, flagged, plain] = [product(6), product(7), product(8), product(9)];
    const order = await deliver([
      [mmsi, 1],
      [hazardous, 1],
      [flagged, 1],
      [plain, 1],
    ]);
    // The flags are the product's as the catalogue says now (set here after the delivery: ordering MMSI needs certificates).
    await bo.db.updateTable("products").set({ is_mmsi: true }).where("id", "=", mmsi.id).execute();
    await bo.db.updateTable("products").set({ is_hazardous: true }).where("id", "=", hazardous.id).execute();
    await bo.db.updateTable("products").set({ returnable: false }).where("id", "=", flagged.id).execute();
    const form = await returnable(bo, buyer, order.ord_id);
    expect(form.lines.map((line) => [line.obj_ref, line.not_returnable, line.returnable])).toEqual([
      [mmsi.ref, "mmsi", 0],
      [hazardous.ref, "hazardous", 0],
      [flagged.ref, "flagged", 0],
      [plain.ref, null, 1],
    ]);
    const eligible = eligibleOrdersResponse.parse((await returnsCall(bo, buyer, "/eligible")).body);
    expect(eligible.items.find((item) => item.order_id === order.ord_id)?.returnable_units).toBe(1);

    const refused = await returnsCall(bo, buyer, "", {
      body: request(
        order.ord_id,
        [mmsi, hazardous, flagged].map((item) => ({ position: positionOf(form, item.ref), qty: 1 })),
      ),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual([
      { path: "lines.0.qty", message: `${mmsi.ref} : ${NOT_RETURNABLE_LABELS.mmsi}` },
      { path: "lines.1.qty", message: `${hazardous.ref} : ${NOT_RETURNABLE_LABELS.hazardous}` },
      { path: "lines.2.qty", message: `${flagged.ref} : ${NOT_RETURNABLE_LABELS.flagged}` },
    ]);
    expect(NOT_RETURNABLE_LABELS.mmsi).toBe("Équipement MMSI programmé à votre identifiant : il ne peut pas être repris.");

    // Once the plain line is returned whole, nothing of the order may be asked: it leaves the eligible list.
    await askReturn(bo, buyer, request(order.ord_id, [{ position: positionOf(form, plain.ref), qty: 1 }]));
    const after = eligibleOrdersResponse.parse((await returnsCall(bo, buyer, "/eligible")).body);
    expect(after.items.map((item) => item.order_id)).not.toContain(order.ord_id);
  });

  it("checks the photos by their content and size, and asks for one when the reason needs it", async () => {
    const order = await deliver([[product(10), 5]]);
    const position = positionOf(await returnable(bo, buyer, order.ord_id), product(10).ref);
    const before = await countReturns();
    const ask = (extra: Parameters<typeof request>[2]) =>
      returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 1 }], extra) });

    const pdf = await ask({ reason: "defective", photos: [photo(PDF, "constat.pdf")] });
    expect(pdf).toMatchObject({
      status: 422,
      body: {
        issues: [
          { path: "photos.0.content_base64", message: "constat.pdf n'est pas une photo : seuls les fichiers PNG ou JPEG sont acceptés." },
        ],
      },
    });
    const renamed = await ask({ photos: [photo(PNG, "ok.png"), photo(Buffer.from("pas une image"), "photo.jpg")] });
    expect(renamed.body.issues).toEqual([
      { path: "photos.1.content_base64", message: "photo.jpg n'est pas une photo : seuls les fichiers PNG ou JPEG sont acceptés." },
    ]);
    const six = await ask({ photos: Array.from({ length: 6 }, (_, index) => photo(PNG, `p${index}.png`)) });
    expect(six).toMatchObject({ status: 400, body: { issues: [{ path: "photos", message: "Au plus 5 photos." }] } });
    const big = await ask({ photos: [photo(Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]), "lourde.jpg")] });
    expect(big).toMatchObject({ status: 400, body: { issues: [{ path: "photos.0.content_base64", message: "La photo dépasse 5 Mo." }] } });

    const none = await ask({ reason: "transport_damage" });
    expect(none).toMatchObject({
      status: 422,
      body: {
        message: "Joignez au moins une photo pour ce motif.",
        issues: [{ path: "photos", message: "Joignez au moins une photo pour ce motif." }],
      },
    });
    const other = await ask({ reason: "other", comment: "  " });
    expect(other.body.issues).toEqual([{ path: "comment", message: "Précisez le motif du retour dans le commentaire." }]);
    expect(await countReturns()).toBe(before);

    // Five photos of 5 MB, the most a request may carry (a body of about 35 MB): a JPEG named .png is stored as .jpg.
    const heavy = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024 - JPEG.length)]);
    const five = await askReturn(
      bo,
      buyer,
      request(order.ord_id, [{ position, qty: 1 }], {
        reason: "transport_damage",
        photos: Array.from({ length: 5 }, (_, index) => photo(heavy, `colis-${index}.png`)),
      }),
    );
    expect(five.photos.map((item) => [item.file_name, item.mime, item.size])).toEqual(
      Array.from({ length: 5 }, (_, index) => [`colis-${index}.jpg`, "image/jpeg", 5 * 1024 * 1024]),
    );
  }, 60_000);

  it("answers another organization's order, return and photo as not found, and refuses a caller without `orders`", async () => {
    const order = await deliver([[product(11), 2]]);
    const form = await returnable(bo, buyer, order.ord_id);
    const created = await askReturn(
      bo,
      buyer,
      request(order.ord_id, [{ position: positionOf(form, product(11).ref), qty: 1 }], { reason: "defective", photos: [photo(PNG)] }),
    );
    const photoPath = `/${created.number}/photos/${created.photos[0]?.id ?? 0}`;
    const orgId = buyer.user.auth_org_id;
    // By the other organization's own id, or by this one's.
    for (const org of [corsica.user.auth_org_id, orgId]) {
      for (const path of [`/orders/${order.ord_id}`, `/${created.number}`, photoPath]) {
        expect((await returnsCall(bo, corsica, path, { org })).status).toBe(404);
      }
      expect((await returnsCall(bo, corsica, `/${created.number}/withdraw`, { method: "POST", org })).status).toBe(404);
    }
    expect((await returnsCall(bo, corsica, "", { org: orgId })).status).toBe(404);
    expect((await returnsCall(bo, corsica, "/eligible", { org: orgId })).status).toBe(404);
    const foreign = await returnsCall(bo, corsica, "", { body: request(order.ord_id, [{ position: 1, qty: 1 }]) });
    expect(foreign.status).toBe(404);
    expect(returnListResponse.parse((await returnsCall(bo, corsica, "")).body).items.map((item) => item.number)).not.toContain(
      created.number,
    );
    // A malformed number or photo id is no return either.
    expect((await returnsCall(bo, buyer, "/RET-26-1")).status).toBe(404);
    expect((await returnsCall(bo, buyer, `/${created.number}/photos/abc`)).status).toBe(404);

    // Without the `orders` right: refused, whatever the call.
    for (const [path, method] of [
      ["", "GET"],
      ["/eligible", "GET"],
      [`/orders/${order.ord_id}`, "GET"],
      [`/${created.number}`, "GET"],
      [photoPath, "GET"],
      [`/${created.number}/withdraw`, "POST"],
    ] as const) {
      const refused = await returnsCall(bo, storekeeper, path, { method });
      expect(refused).toMatchObject({ status: 403, body: { message: "Votre compte ne permet pas de passer commande." } });
    }
    expect((await returnsCall(bo, storekeeper, "", { body: request(order.ord_id, [{ position: 1, qty: 1 }]) })).status).toBe(403);
    expect((await call(bo, `/returns/${orgId}`)).status).toBe(401);
    expect(returnDetail.parse((await returnsCall(bo, buyer, `/${created.number}`)).body).status).toBe("demandé");
  });

  it("hides every amount from an account without `prices`", async () => {
    const order = await deliver([[product(12), 2]]);
    const form = await returnable(bo, buyer, order.ord_id);
    const created = await askReturn(bo, buyer, request(order.ord_id, [{ position: positionOf(form, product(12).ref), qty: 2 }]));
    expect(created.amount_ht).toBeGreaterThan(0);
    expect(created.restocking_fee_pct).toBe(15);

    // The consultant may order here, without seeing prices.
    await bo.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ cart: true, orders: true, quotes: false, invoices: false, prices: false }) })
      .where("login", "=", LOGINS.consultant)
      .execute();
    const consultant = await login(bo, LOGINS.consultant);
    const bare = await returnable(bo, consultant, order.ord_id);
    expect(bare.lines.map((line) => line.unit_price)).toEqual([null]);
    const detail = returnDetail.parse((await returnsCall(bo, consultant, `/${created.number}`)).body);
    expect(detail).toMatchObject({ amount_ht: null, restocking_fee_pct: null, lines: [{ unit_price: null, qty: 2 }] });
    const list = returnListResponse.parse((await returnsCall(bo, consultant, "")).body);
    expect(list.items.every((item) => item.amount_ht === null)).toBe(true);
    expect(list.items.map((item) => item.number)).toContain(created.number);
  });

  it("lets a representative ask for the client after login-as, in the representative's name", async () => {
    const order = await deliver([[product(13), 2]], client);
    const orgId = client.user.auth_org_id;
    // On its own account a representative acts for no client.
    expect((await returnsCall(bo, sales, "")).status).toBe(403);
    expect((await returnsCall(bo, sales, "", { org: orgId })).status).toBe(404);
    const actingAs = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: orgId } })).body,
    );
    const form = await returnable(bo, actingAs, order.ord_id);
    const created = await askReturn(bo, actingAs, request(order.ord_id, [{ position: positionOf(form, product(13).ref), qty: 1 }]));
    expect(created.requested_by).toBe(sales.user.obj_name);
    expect(created.steps).toEqual([expect.objectContaining({ kind: "requested", author: sales.user.obj_name })]);
    const row = await bo.db.selectFrom("returns").select("requested_by").where("number", "=", created.number).executeTakeFirstOrThrow();
    expect(row.requested_by).toBe(sales.user.obj_id);

    // The organization's own account asks under the organization's name.
    const own = await askReturn(bo, client, request(order.ord_id, [{ position: positionOf(form, product(13).ref), qty: 1 }]));
    const organization = await bo.db.selectFrom("organizations").select("name").where("id", "=", orgId).executeTakeFirstOrThrow();
    expect(own.requested_by).toBe(organization.name);
  });

  it("reads and replaces the distributor's settings with a service token only, the head office as the address by default", async () => {
    const settingsCall = (method: "GET" | "PUT", body?: unknown, token = SERVICE_TOKEN) =>
      call(bo, "/erp/returns-settings", { method, body, token });
    const distributor = await bo.db
      .selectFrom("organizations")
      .select(["name", "zipcode", "city", "country"])
      .where("is_distributor", "=", true)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const initial = returnSettingsResponse.parse((await settingsCall("GET")).body);
    expect(initial).toMatchObject({
      ...DEFAULT_RETURN_SETTINGS,
      effective_address: { name: distributor.name, zipcode: distributor.zipcode, city: distributor.city },
    });
    expect((await settingsCall("GET", undefined, buyer.token)).status).toBe(403);
    expect((await call(bo, "/erp/returns-settings")).status).toBe(401);

    const address = {
      name: "Nautidistrib — service retours",
      street: "4 rue du Port",
      street2: null,
      zipcode: "56100",
      city: "Lorient",
      country: "fr",
    };
    const wanted = {
      window_days: 14,
      photo_required_reasons: ["defective"],
      restocking_fee_pct: { order_error: 20, defective: 0, transport_damage: 0, delivery_error: 0, other: 5 },
      address,
      instructions: "Du lundi au vendredi, 8 h – 17 h.",
    };
    expect((await settingsCall("PUT", wanted, buyer.token)).status).toBe(403);
    const bad = await settingsCall("PUT", { ...wanted, window_days: 0, restocking_fee_pct: { order_error: 20 } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual(expect.arrayContaining([{ path: "window_days", message: "Au moins 1 jour." }]));
    const replaced = returnSettingsResponse.parse((await settingsCall("PUT", wanted)).body);
    expect(replaced).toEqual({ ...wanted, address: { ...address, country: "FR" }, effective_address: { ...address, country: "FR" } });
    const row = await bo.db.selectFrom("return_settings").select(["updated_by", "window_days"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ updated_by: SERVICE_NAME, window_days: 14 });

    // The form follows them at once.
    const order = await deliver([[product(14), 1]]);
    expect(await returnable(bo, buyer, order.ord_id)).toMatchObject({
      deadline: "2026-12-04",
      photo_required_reasons: ["defective"],
      restocking_fee_pct: wanted.restocking_fee_pct,
    });
    expect(eligibleOrdersResponse.parse((await returnsCall(bo, buyer, "/eligible")).body).window_days).toBe(14);

    const restored = returnSettingsResponse.parse((await settingsCall("PUT", DEFAULT_RETURN_SETTINGS)).body);
    expect(restored.effective_address).toEqual(initial.effective_address);
  });

  it("accepts a request on the window's last day, refuses it the day after, and lists the order no more", async () => {
    const order = await deliver([[product(5), 2]]);
    const position = positionOf(await returnable(bo, buyer, order.ord_id), product(5).ref);
    try {
      // The 30th day after the delivery, late in the evening in France.
      bo.setNow(new Date("2026-12-20T23:30:00+01:00"));
      let late = await login(bo, LOGINS.buyer);
      expect((await returnable(bo, late, order.ord_id)).open).toBe(true);
      expect(eligibleOrdersResponse.parse((await returnsCall(bo, late, "/eligible")).body).items.map((item) => item.order_id)).toContain(
        order.ord_id,
      );
      await askReturn(bo, late, request(order.ord_id, [{ position, qty: 1 }]));

      // The 31st day, just after midnight in France (still the 20th in UTC).
      bo.setNow(new Date("2026-12-21T00:10:00+01:00"));
      late = await login(bo, LOGINS.buyer);
      const form = await returnable(bo, late, order.ord_id);
      expect(form).toMatchObject({ delivered_on: "2026-11-20", deadline: "2026-12-20", open: false });
      expect(
        eligibleOrdersResponse.parse((await returnsCall(bo, late, "/eligible")).body).items.map((item) => item.order_id),
      ).not.toContain(order.ord_id);
      const refused = await returnsCall(bo, late, "", { body: request(order.ord_id, [{ position, qty: 1 }]) });
      expect(refused).toMatchObject({
        status: 422,
        body: {
          code: "return_window_closed",
          message: `Le délai de retour de la commande ${order.ord_ref} est dépassé : les retours étaient possibles jusqu'au 20 décembre 2026 (30 jours après la livraison).`,
          issues: [{ path: "order_id" }],
        },
      });
    } finally {
      // Last of the file: the sessions opened on the demo's day have expired (and been purged) meanwhile.
      bo.setNow(new Date("2026-11-20T10:00:00+01:00"));
    }
  });
});
