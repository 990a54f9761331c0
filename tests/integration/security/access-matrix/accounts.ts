import { cookieJar } from "../../portal/harness";
import { LOGINS, logIn, type TestPortal } from "../../realtime/harness";
import { makeReturnFixture } from "./returns-fixture";

/**
 * The account kinds of the access-control matrix and the ids its dynamic segments take. Three
 * organizations: Voilerie Atlantique (C0001) owns every id tried; Nautisme Ajaccio (C0005)
 * asks for them; NautiDistrib is the representatives' organization.
 */

export const KINDS = [
  "visitor",
  "people",
  "noCart",
  "noOrders",
  "noQuotes",
  "noInvoices",
  "noPrices",
  "organization",
  "contributor",
  "contributorAs",
  "otherOrg",
] as const;
export type Kind = (typeof KINDS)[number];

/** The people account's flag each `no…` kind lacks (the other four are set). */
export const MISSING_FLAG = { noCart: "cart", noOrders: "orders", noQuotes: "quotes", noInvoices: "invoices", noPrices: "prices" } as const;
type FlagKind = keyof typeof MISSING_FLAG;

/** The account varied for the `no…` kinds: a C0001 person whose flags the organization sets. */
const FLAG_PERSON = "magasinier@voilerie-atlantique.fr";

export interface Account {
  /** The portal's session cookie; "" for a visitor. */
  cookie: string;
  /** The back-office bearer token; null for a visitor. */
  token: string | null;
}

/** The ids of C0001 the dynamic segments take, and what the other organization is. */
export interface Fixtures {
  orgId: number;
  otherOrgId: number;
  orderId: number;
  orderRef: string;
  invoiceId: number;
  invoiceNumber: string;
  quoteId: number;
  quoteVersion: number;
  /** A quote of C0001 with an attachment (not always the one with a proposal). */
  attachmentQuoteId: number;
  attachmentId: number;
  productId: number;
  productRef: string;
  mmsiProductId: number;
  categoryPath: string;
  brandSlug: string;
  newsCategory: string;
  newsSlug: string;
  downloadCategory: string;
  downloadChild: string;
  downloadId: number;
  addressId: number;
  personId: number;
  certificateId: string;
  /** The demo's refused approval request of C0001 (asked by the storekeeper): decided, so no row changes it. */
  approvalId: number;
  /** The demo's « Consommables atelier » of C0001: shared by the buyer, read-only for the storekeeper. */
  orderListId: number;
  /**
   * The demo's « Réassort mensuel atelier » of C0001 (its buyer's, the `people` kind's; a
   * colleague's for the storekeeper); an API row's `make` may set one made for its request alone.
   */
  scheduleId: number;
  /** A delivered order of C0001 and a return of it with a photo (returns-fixture.ts). */
  deliveredOrderId: number;
  returnNumber: string;
  returnPhotoId: number;
  /** Set by an API row's `make` only: the signed-in account's own user id (its master's after login-as). */
  callerId?: number;
  /** Set by an API row's `make` only: a person invited for this request alone. */
  inviteeId?: number;
  /** Set by an API row's `make` only: a shared order list of C0001's organization account for this request alone. */
  listId?: number;
}

export const PDF_BASE64 = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64");

export async function api<T>(
  portal: TestPortal,
  token: string,
  pathname: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.url}/api${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function read<T>(portal: TestPortal, token: string, pathname: string): Promise<T> {
  const answer = await api<T>(portal, token, pathname);
  if (answer.status !== 200) throw new Error(`fixture ${pathname}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The first value of `key` found in a JSON document, depth first (a fixture's first id). */
function first<T>(value: unknown, key: string, accept: (found: unknown) => boolean = () => true): T {
  const seen: unknown[] = [value];
  while (seen.length > 0) {
    const current = seen.shift();
    if (Array.isArray(current)) seen.unshift(...current);
    else if (current && typeof current === "object") {
      const record = current as Record<string, unknown>;
      if (key in record && accept(record[key])) return record[key] as T;
      seen.unshift(...Object.values(record));
    }
  }
  throw new Error(`no ${key} in ${JSON.stringify(value).slice(0, 200)}`);
}

export class Accounts {
  private readonly cache = new Map<Kind, Account>();
  private organizationToken = "";

  constructor(readonly portal: TestPortal) {}

  /** A signed-in account of this kind (made once, or anew with `fresh` for a row that ends it). */
  async of(kind: Kind, fresh = false): Promise<Account> {
    const known = this.cache.get(kind);
    if (known && !fresh) return known;
    const account = await this.signIn(kind);
    if (!fresh) this.cache.set(kind, account);
    return account;
  }

  /** The organization account of C0001, which owns the fixtures and sets its people's flags. */
  async organization(): Promise<string> {
    if (!this.organizationToken) this.organizationToken = (await this.of("organization")).token ?? "";
    return this.organizationToken;
  }

  private async signIn(kind: Kind): Promise<Account> {
    switch (kind) {
      case "visitor":
        return { cookie: "", token: null };
      case "people":
        return this.login(LOGINS.buyer);
      case "organization":
        return this.login(LOGINS.client);
      case "contributor":
        return this.login(LOGINS.contributor);
      case "otherOrg":
        return this.login(LOGINS.otherOrg);
      case "contributorAs":
        return this.loginAs();
      default:
        return this.withoutFlag(kind);
    }
  }

  private async login(login: string): Promise<Account> {
    const { cookie, session } = await logIn(this.portal, login);
    return { cookie, token: session.token };
  }

  /** The representative of C0001 after « Agir pour ce client » on the /clients page. */
  private async loginAs(): Promise<Account> {
    const { cookie } = await logIn(this.portal, LOGINS.contributor);
    const orgId = (await this.fixtures()).orgId;
    const switched = await fetch(`${this.portal.url}/clients`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: this.portal.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login-as", slave_id: String(orgId) }).toString(),
    });
    if (switched.status !== 303) throw new Error(`login-as: ${switched.status}`);
    const acting = cookieJar(cookie, switched);
    const services = this.portal.services();
    const state = await services.sessions.read(new Request(this.portal.url, { headers: { cookie: acting } }), services.now());
    if (state.status !== "active" || state.session.user.obj_ref !== "C0001") throw new Error("login-as did not act for C0001");
    return { cookie: acting, token: state.session.token };
  }

  /** The C0001 person with every flag but one, set by the organization, then signed in. */
  private async withoutFlag(kind: FlagKind): Promise<Account> {
    const { orgId, personId } = await this.fixtures();
    // Without prices, no invoices either (decision 0188): the API refuses invoices without prices.
    const flags = { cart: true, orders: true, quotes: true, invoices: kind !== "noPrices", prices: true, [MISSING_FLAG[kind]]: false };
    const changed = await api(this.portal, await this.organization(), `/crm/users/${personId}`, {
      method: "PATCH",
      body: { org_id: orgId, flags },
    });
    if (changed.status !== 200) throw new Error(`flags of ${FLAG_PERSON}: ${changed.status}`);
    return this.login(FLAG_PERSON);
  }

  private fixturesMade: Promise<Fixtures> | null = null;

  fixtures(): Promise<Fixtures> {
    this.fixturesMade ??= this.makeFixtures();
    return this.fixturesMade;
  }

  private async makeFixtures(): Promise<Fixtures> {
    const { session: own } = await logIn(this.portal, LOGINS.client);
    const { session: other } = await logIn(this.portal, LOGINS.otherOrg);
    const { session: buyer } = await logIn(this.portal, LOGINS.buyer);
    const token = own.token;
    const orgId = own.user.obj_id;
    const orders = await read<unknown>(this.portal, token, `/oms/orders?org_id=${orgId}`);
    const invoices = await read<unknown>(this.portal, token, `/oms/invoices?org_id=${orgId}`);
    const quotes = await read<{ items: Array<{ quo_id: number }> }>(this.portal, token, `/oms/quotes?org_id=${orgId}`);
    // Quotes of C0001 with a proposal, and with an attachment, for the PDF and attachment routes.
    let proposal: { quoteId: number; version: number } | null = null;
    let attachment: { quoteId: number; attachmentId: number } | null = null;
    for (const { quo_id } of quotes.items) {
      const detail = await read<unknown>(this.portal, token, `/oms/quotes/${quo_id}?org_id=${orgId}`);
      if (!proposal) {
        const proposals = first<unknown[] | null>(detail, "proposals", () => true);
        if (proposals && proposals.length > 0) proposal = { quoteId: quo_id, version: first<number>(proposals, "version") };
      }
      if (!attachment && JSON.stringify(detail).includes('"att_id"'))
        attachment = { quoteId: quo_id, attachmentId: first<number>(detail, "att_id") };
      if (proposal && attachment) break;
    }
    if (!proposal || !attachment) throw new Error("no quote of C0001 with a proposal, or none with an attachment");
    const products = await read<unknown>(this.portal, token, `/pim/products?per_page=50&page=1&sort=relevance&usr_id=${orgId}`);
    const mmsi = await read<unknown>(this.portal, token, `/pim/products?per_page=5&page=1&sort=relevance&usr_id=${orgId}&q=AIS`);
    const mmsiProductId = first<number>(
      first<unknown[]>(mmsi, "items").filter((item) => first<unknown>(item, "Produit MMSI", () => true) === true),
      "obj_id",
    );
    const categories = await read<unknown>(this.portal, token, `/pim/categories?usr_id=${orgId}`);
    const brands = await read<unknown>(this.portal, token, "/pim/brands");
    const news = await read<unknown>(this.portal, token, "/content/news");
    const downloads = await read<unknown>(this.portal, token, "/content/downloads");
    // The first top category with children: its first child holds documents.
    const top = first<Array<{ slug: string; children: Array<{ slug: string }> | null }>>(downloads, "items").find(
      (item) => (item.children ?? []).length > 0,
    );
    const downloadCategory = top?.slug ?? "";
    const downloadChild = top?.children?.[0]?.slug ?? "";
    const category = await read<unknown>(this.portal, token, `/content/downloads/categories/${downloadCategory}/${downloadChild}`);
    const addresses = await read<unknown>(this.portal, token, `/crm/addresses?org_id=${orgId}`);
    const users = await read<{ people: Array<{ usr_id: number; email: string }> }>(this.portal, token, `/crm/users?org_id=${orgId}`);
    const person = users.people.find((candidate) => candidate.email === FLAG_PERSON);
    if (!person) throw new Error(`no ${FLAG_PERSON}`);
    const approvals = await read<{ items: Array<{ id: number; status: string }> }>(this.portal, token, `/approvals/${orgId}?scope=all`);
    const refused = approvals.items.find((item) => item.status === "refused");
    if (!refused) throw new Error("no refused approval request of C0001");
    const lists = await read<{ items: Array<{ id: number; name: string }> }>(this.portal, token, `/order-lists/${orgId}`);
    const workshop = lists.items.find((item) => item.name === "Consommables atelier");
    if (!workshop) throw new Error("no « Consommables atelier » list of C0001");
    const schedules = await read<{ items: Array<{ id: number; name: string }> }>(this.portal, token, `/replenishment/${orgId}`);
    const schedule = schedules.items.find((item) => item.name === "Réassort mensuel atelier");
    if (!schedule) throw new Error("no « Réassort mensuel atelier » schedule of C0001");
    const certificate = await api<{ cer_id: string }>(this.portal, buyer.token, "/oms/certificates", {
      body: { mmsi: "227000001", file_name: "227000001.pdf", product_id: mmsiProductId, content_base64: PDF_BASE64 },
    });
    if (certificate.status !== 201) throw new Error(`certificate upload: ${certificate.status} ${JSON.stringify(certificate.body)}`);
    const returned = await makeReturnFixture(this.portal.url, orgId);
    return {
      orgId,
      otherOrgId: other.user.obj_id,
      orderId: first<number>(orders, "ord_id"),
      orderRef: first<string>(orders, "ord_ref"),
      invoiceId: first<number>(invoices, "inv_id"),
      invoiceNumber: first<string>(invoices, "number"),
      quoteId: proposal.quoteId,
      quoteVersion: proposal.version,
      attachmentQuoteId: attachment.quoteId,
      attachmentId: attachment.attachmentId,
      productId: first<number>(products, "obj_id"),
      productRef: first<string>(products, "obj_ref"),
      mmsiProductId,
      categoryPath: first<string>(categories, "obj_slug"),
      brandSlug: first<string>(brands, "obj_slug"),
      newsCategory: first<string>(
        first<unknown>(news, "category", (found) => found !== null),
        "slug",
      ),
      newsSlug: first<string>(news, "slug"),
      downloadCategory,
      downloadChild,
      downloadId: first<number>(first<unknown>(category, "documents"), "id"),
      addressId: first<number>(addresses, "obj_id"),
      personId: person.usr_id,
      certificateId: certificate.body.cer_id,
      approvalId: refused.id,
      orderListId: workshop.id,
      scheduleId: schedule.id,
      ...returned,
    };
  }
}
