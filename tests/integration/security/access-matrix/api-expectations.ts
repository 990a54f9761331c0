import { api, PDF_BASE64, type Account, type Accounts, type Fixtures, type Kind } from "./accounts";
import { all, type Answer, type Row } from "./expect";
import { DEMO_SERVICE_TOKEN } from "../../../../server/backoffice/seed/organizations-data";

/**
 * The back-office's endpoints (docs/backoffice-api.md), relative to /api: each with the query
 * and body the portal sends, ids of C0001 (Voilerie Atlantique). Rules in short: no token is a
 * 401; a missing flag, a people account where only the organization acts, or a representative
 * that has not logged in as a client is a 403; another organization's ids (in the path, or the
 * `usr_id`/`org_id` naming the acting organization) are a 404; the distributor's systems'
 * endpoints (/erp, /analytics: decision 0102) refuse every user token. `"in"` is let in: a 400
 * of a body the row does not make valid, a 409 of a state, never 401/403/404/5xx.
 */

/** Every signed-in account; no token is a 401. */
const member = (answer: Answer = 200, except: Partial<Record<Kind, Answer>> = {}) => all(answer, { visitor: 401, ...except });
/** The acting organization's things named by its id: another organization, and a representative's own (the distributor), get a 404. */
const scoped = (answer: Answer = 200, except: Partial<Record<Kind, Answer>> = {}) =>
  member(answer, { otherOrg: 404, contributor: 404, ...except });
/** A client's records: a representative chooses a client first (403), another organization finds nothing (404). */
const client = (answer: Answer = 200, except: Partial<Record<Kind, Answer>> = {}) =>
  member(answer, { otherOrg: 404, contributor: 403, ...except });
/** The distributor's systems only (service token). */
const SERVICE = all(403, { visitor: 401 });
/** Public: the same answer with or without a token. */
const open = (answer: Answer) => all(answer);
/** The representatives' own area (/sales): a customer account gets a 403. */
const SALES = (answer: Answer) => all(403, { visitor: 401, contributor: answer, contributorAs: answer });

/** Invoices are amounts: without prices, no invoices either (decision 0188). */
const INVOICES_403 = { noInvoices: 403, noPrices: 403 } as const;
const PEOPLE_403 = { people: 403, noCart: 403, noOrders: 403, noQuotes: 403, noInvoices: 403, noPrices: 403 } as const;

const withOrg = (ids: Fixtures) => `org_id=${ids.orgId}`;
const withUsr = (ids: Fixtures) => `usr_id=${ids.orgId}`;

async function me(account: Account, accounts: Accounts): Promise<number | undefined> {
  if (!account.token) return undefined;
  const answer = await api<{ user: { obj_id: number }; master: { obj_id: number } | null }>(accounts.portal, account.token, "/auth/me");
  return answer.status === 200 ? (answer.body.master ?? answer.body.user).obj_id : undefined;
}

/** The caller's own id, for the requests that name it (logout, confirm, login-as). */
const caller: Row["make"] = async (ids, account, accounts) => ({ ...ids, callerId: (await me(account, accounts)) ?? 1 });

let addresses = 0;
const newAddress = (ids: Fixtures) => ({
  org_id: ids.orgId,
  adr_name: `Matrice ${++addresses}`,
  adr_line1: `${addresses} quai de la Matrice`,
  adr_zipcode: "17000",
  adr_city: "La Rochelle",
  adr_country: "FR",
});
/** An address of C0001 made by its organization for this request alone. */
const freshAddress: Row["make"] = async (ids, _account, accounts) => {
  const made = await api<{ obj_id: number }>(accounts.portal, await accounts.organization(), "/crm/addresses", { body: newAddress(ids) });
  if (made.status !== 201) throw new Error(`address: ${made.status}`);
  return { ...ids, addressId: made.body.obj_id };
};
/** A certificate of C0001's cart made for this request alone. */
const freshCertificate: Row["make"] = async (ids, _account, accounts) => {
  const made = await api<{ cer_id: string }>(accounts.portal, await accounts.organization(), "/oms/certificates", {
    body: { mmsi: "227000001", file_name: "227000001.pdf", product_id: ids.mmsiProductId, content_base64: PDF_BASE64 },
  });
  if (made.status !== 201) throw new Error(`certificate: ${made.status}`);
  return { ...ids, certificateId: made.body.cer_id };
};
let invitations = 0;
/** A person invited by C0001 for this request alone. */
const freshInvitee: Row["make"] = async (ids, _account, accounts) => {
  const made = await api<{ person: { usr_id: number } }>(accounts.portal, await accounts.organization(), "/crm/invitations", {
    body: { org_id: ids.orgId, email: `matrice-${++invitations}@voilerie-atlantique.fr`, name: `Matrice ${invitations}` },
  });
  if (made.status !== 201) throw new Error(`invitation: ${made.status}`);
  return { ...ids, inviteeId: made.body.person.usr_id };
};

let lists = 0;
/** A shared order list of C0001 made by its organization account (an administrator) for this request alone. */
const freshList: Row["make"] = async (ids, _account, accounts) => {
  const made = await api<{ id: number }>(accounts.portal, await accounts.organization(), `/order-lists/${ids.orgId}`, {
    body: { name: `Matrice ${++lists}`, shared: true, lines: [{ product_id: ids.productId, qty: 1 }] },
  });
  if (made.status !== 201) throw new Error(`order list: ${made.status}`);
  return { ...ids, listId: made.body.id };
};
/** The demo's schedule of C0001, Maël Kerjean's (the `people` kind): the others of C0001 but its administrators find none. */
const demoSchedule: Row["make"] = async (ids, _account, accounts) => {
  const listed = await api<{ items: Array<{ id: number; name: string }> }>(
    accounts.portal,
    await accounts.organization(),
    `/replenishment/${ids.orgId}`,
  );
  const found = listed.body.items.find((item) => item.name === "Réassort mensuel atelier");
  if (!found) throw new Error(`demo schedule: ${listed.status}`);
  return { ...ids, scheduleId: found.id };
};
let schedules = 0;
/** A schedule of C0001's organization account (an administrator's) made for this request alone. */
const freshSchedule: Row["make"] = async (ids, _account, accounts) => {
  const token = await accounts.organization();
  const listed = await api<{ items: Array<{ id: number; shared: boolean }> }>(accounts.portal, token, `/order-lists/${ids.orgId}`);
  const list = listed.body.items.find((item) => item.shared);
  const addresses = await api<Array<{ obj_id: number }>>(accounts.portal, token, `/crm/addresses?${withOrg(ids)}`);
  const made = await api<{ id: number }>(accounts.portal, token, `/replenishment/${ids.orgId}`, {
    body: {
      name: `Matrice ${++schedules}`,
      list_id: list?.id ?? 0,
      rhythm: { every: 1, unit: "months", day: 5 },
      start: "2099-01-01",
      dlv_address_id: addresses.body[0]?.obj_id ?? 0,
      max_price_increase_pct: null,
    },
  });
  if (made.status !== 201) throw new Error(`schedule: ${made.status}`);
  return { ...ids, scheduleId: made.body.id };
};
/** The C0001 person of the no… kinds is neither the demo schedule's owner nor an administrator. */
const NOT_OWNER = (answer: Answer) => ({ noCart: answer, noOrders: answer, noQuotes: answer, noInvoices: answer, noPrices: answer });

/** The number of C0001's accepted return the slip's row downloads: made once (downloading changes nothing). */
let acceptedReturn: Promise<string> | null = null;
async function makeAcceptedReturn(ids: Fixtures, accounts: Accounts): Promise<string> {
  const token = await accounts.organization();
  const eligible = await api<{ items: Array<{ order_id: number }> }>(accounts.portal, token, `/returns/${ids.orgId}/eligible`);
  const [order] = eligible.body.items;
  if (!order) throw new Error(`no order of C0001 to return: ${eligible.status}`);
  const lines = await api<{ lines: Array<{ position: number; returnable: number }> }>(
    accounts.portal,
    token,
    `/returns/${ids.orgId}/orders/${order.order_id}`,
  );
  const line = lines.body.lines.find((candidate) => candidate.returnable > 0);
  if (!line) throw new Error("no returnable line");
  const made = await api<{ number: string }>(accounts.portal, token, `/returns/${ids.orgId}`, {
    body: {
      order_id: order.order_id,
      lines: [{ position: line.position, qty: 1 }],
      reason: "order_error",
      resolution: "credit",
      comment: "",
      photos: [],
    },
  });
  if (made.status !== 201) throw new Error(`return: ${made.status} ${JSON.stringify(made.body)}`);
  const accepted = await api(accounts.portal, DEMO_SERVICE_TOKEN, `/erp/returns/${made.body.number}/accept`, { body: {} });
  if (accepted.status !== 200) throw new Error(`accept ${made.body.number}: ${accepted.status}`);
  return made.body.number;
}
let slipNumber = "";
/** C0001's accepted return, for its slip. */
const demoAcceptedReturn: Row["make"] = async (ids, _account, accounts) => {
  acceptedReturn ??= makeAcceptedReturn(ids, accounts);
  slipNumber = await acceptedReturn;
  return ids;
};

const newQuote = (ids: Fixtures) => ({
  org_id: ids.orgId,
  customer_ref: "MATRICE",
  message: "",
  lines: [{ obj_id: ids.productId, qty: 1 }],
});
/** A quote request of C0001 made by its organization for this request alone (accepted, refused or cancelled by it). */
const freshQuote: Row["make"] = async (ids, _account, accounts) => {
  const made = await api<{ quo_id: number }>(accounts.portal, await accounts.organization(), "/oms/quotes", { body: newQuote(ids) });
  if (made.status !== 201) throw new Error(`quote: ${made.status}`);
  return { ...ids, quoteId: made.body.quo_id };
};
const MESSAGE = () => ({ body: "Matrice des accès" });

export const API_EXPECTATIONS: Record<string, Row> = {
  // ---- auth: public forms (an empty body is refused), then the session's own calls
  "POST /auth/login": { path: () => "/auth/login", expect: open(400) },
  "GET /auth/invitations/:token": { path: () => "/auth/invitations/jeton-inconnu", expect: open(404) },
  "POST /auth/invitations/:token": { path: () => "/auth/invitations/jeton-inconnu", expect: open(404) },
  "POST /auth/password-reset": { path: () => "/auth/password-reset", expect: open(400) },
  "POST /auth/password-reset/check": { path: () => "/auth/password-reset/check", expect: open(400) },
  "POST /auth/password-reset/confirm": { path: () => "/auth/password-reset/confirm", expect: open(400) },
  "GET /auth/me": { path: () => "/auth/me", expect: member() },
  // A representative acting for a client never sets the client's password.
  "POST /auth/password": {
    path: () => "/auth/password",
    body: () => ({ current_password: "pas-le-bon", new_password: "Matrice-des-acces-2026" }),
    expect: member("in", { contributorAs: 403 }),
  },
  "POST /auth/logout": {
    path: () => "/auth/logout",
    fresh: true,
    make: caller,
    body: (ids) => ({ usr_id: ids.callerId }),
    expect: member(204),
  },
  "POST /auth/login-as": {
    path: () => "/auth/login-as",
    fresh: true,
    make: caller,
    body: (ids) => ({ master_id: ids.callerId, slave_id: ids.orgId }),
    expect: all(404, { visitor: 401, contributor: 200, contributorAs: 200 }),
  },
  "POST /auth/back-to-master": { path: () => "/auth/back-to-master", fresh: true, expect: member(409, { contributorAs: 200 }) },
  "GET /auth/clients": { path: () => "/auth/clients", expect: SALES(200) },
  // ---- public requests (contact, account opening) and the alerts' signed unsubscribe link
  "POST /crm/contact-requests": { path: () => "/crm/contact-requests", expect: open(400) },
  "POST /crm/account-requests": { path: () => "/crm/account-requests", expect: open(400) },
  "GET /alerts/unsubscribe": { path: () => "/alerts/unsubscribe?token=inconnu", expect: open(404) },
  "POST /alerts/unsubscribe": { path: () => "/alerts/unsubscribe?token=inconnu", expect: open(404) },
  // ---- content and catalogue reference lists: every signed-in account
  "GET /content/news": { path: () => "/content/news", expect: member() },
  "GET /content/news/categories": { path: () => "/content/news/categories", expect: member() },
  "GET /content/news/items/:slug": { path: (ids) => `/content/news/items/${ids.newsSlug}`, expect: member() },
  "GET /content/downloads": { path: () => "/content/downloads", expect: member() },
  "GET /content/downloads/categories/:slug": { path: (ids) => `/content/downloads/categories/${ids.downloadCategory}`, expect: member() },
  "GET /content/downloads/categories/:slug/:child": {
    path: (ids) => `/content/downloads/categories/${ids.downloadCategory}/${ids.downloadChild}`,
    expect: member(),
  },
  "GET /content/downloads/:id/file": { path: (ids) => `/content/downloads/${ids.downloadId}/file`, expect: member() },
  "GET /pim/antennas": { path: () => "/pim/antennas", expect: member() },
  "GET /pim/brands": { path: () => "/pim/brands", expect: member() },
  "GET /pim/hazards": { path: () => "/pim/hazards", expect: member() },
  "GET /pim/motors": { path: () => "/pim/motors", expect: member() },
  "GET /pim/tags": { path: () => "/pim/tags", expect: member() },
  "GET /oms/products/port": { path: () => "/oms/products/port", expect: member() },
  // ---- pim: the acting organization's catalogue (its prices), named by usr_id
  "GET /pim/categories": { path: (ids) => `/pim/categories?${withUsr(ids)}`, expect: scoped() },
  "GET /pim/products": { path: (ids) => `/pim/products?per_page=5&page=1&sort=relevance&${withUsr(ids)}`, expect: scoped() },
  "GET /pim/products/:refOrId": { path: (ids) => `/pim/products/${ids.productId}?${withUsr(ids)}`, expect: scoped() },
  "GET /pim/price-list": { path: (ids) => `/pim/price-list?${withOrg(ids)}`, expect: client(200, { noPrices: 403 }) },
  "GET /pim/favorites": { path: (ids) => `/pim/favorites?${withUsr(ids)}`, expect: scoped() },
  "GET /pim/favorites/ids": { path: (ids) => `/pim/favorites/ids?${withUsr(ids)}`, expect: scoped() },
  "POST /pim/favorites/:productId": { path: (ids) => `/pim/favorites/${ids.productId}?${withUsr(ids)}`, expect: scoped("in") },
  "DELETE /pim/favorites/:productId": { path: (ids) => `/pim/favorites/${ids.productId}?${withUsr(ids)}`, expect: scoped() },
  "GET /wms/stocks": { path: (ids) => `/wms/stocks?ids=${ids.productId}`, expect: member() },
  "GET /wms/stocks/:objId": { path: (ids) => `/wms/stocks/${ids.productId}`, expect: member() },
  // ---- oms: the cart (a client's: never a representative's own), orders, certificates
  "GET /oms/free-shipping": { path: (ids) => `/oms/free-shipping?${withUsr(ids)}`, expect: scoped() },
  "GET /oms/cart/:orgId": { path: (ids) => `/oms/cart/${ids.orgId}`, expect: scoped() },
  "POST /oms/cart/:orgId": { path: (ids) => `/oms/cart/${ids.orgId}`, expect: scoped("in", { noCart: 403 }) },
  "POST /oms/cart/:orgId/confirm": {
    path: (ids) => `/oms/cart/${ids.orgId}/confirm?usr_id=${ids.callerId}`,
    make: caller,
    expect: scoped("in", { noOrders: 403 }),
  },
  // Issue 37: a cart sent for approval needs the cart's right only (the body here is refused: 400).
  "POST /oms/cart/:orgId/approval-requests": {
    path: (ids) => `/oms/cart/${ids.orgId}/approval-requests?usr_id=${ids.callerId}&usr_name=Matrice`,
    make: caller,
    expect: scoped("in", { noCart: 403 }),
  },
  "GET /oms/orders": { path: (ids) => `/oms/orders?${withOrg(ids)}`, expect: client() },
  "GET /oms/orders/:ordId": { path: (ids) => `/oms/orders/${ids.orderId}`, expect: client() },
  "GET /oms/orders/:ordId/details": { path: (ids) => `/oms/orders/${ids.orderId}/details`, expect: client() },
  "POST /oms/orders/:ordId/cancellation-requests": {
    path: (ids) => `/oms/orders/${ids.orderId}/cancellation-requests`,
    body: (ids) => ({ obj_id: ids.productId, reason: "Matrice des accès" }),
    expect: client("in", { noOrders: 403 }),
  },
  "GET /oms/backorders": { path: (ids) => `/oms/backorders?${withOrg(ids)}`, expect: client() },
  "GET /oms/history": { path: (ids) => `/oms/history?${withOrg(ids)}`, expect: client() },
  "POST /oms/certificates": {
    path: () => "/oms/certificates",
    body: (ids) => ({ mmsi: "227000001", file_name: "227000001.pdf", product_id: ids.mmsiProductId, content_base64: PDF_BASE64 }),
    expect: client(201, { noCart: 403, otherOrg: 201 }),
  },
  "GET /oms/certificates/:cerId": { path: (ids) => `/oms/certificates/${ids.certificateId}`, expect: scoped() },
  "DELETE /oms/certificates/:cerId": {
    path: (ids) => `/oms/certificates/${ids.certificateId}`,
    make: freshCertificate,
    expect: client(204, { noCart: 403 }),
  },
  // ---- invoices: the `invoices` flag, which needs `prices` (decision 0188)
  "GET /oms/invoices": { path: (ids) => `/oms/invoices?${withOrg(ids)}`, expect: client(200, INVOICES_403) },
  "GET /oms/invoices/:invId": { path: (ids) => `/oms/invoices/${ids.invoiceId}`, expect: client(200, INVOICES_403) },
  "GET /oms/invoices/:invId/pdf": { path: (ids) => `/oms/invoices/${ids.invoiceId}/pdf`, expect: client(200, INVOICES_403) },
  "POST /oms/invoices/archive": {
    path: () => "/oms/invoices/archive",
    body: (ids) => ({ org_id: ids.orgId, ids: [ids.invoiceId] }),
    expect: client(200, INVOICES_403),
  },
  // ---- quotes, the customer's side: the `quotes` flag
  "GET /oms/quotes": { path: (ids) => `/oms/quotes?${withOrg(ids)}`, expect: client(200, { noQuotes: 403 }) },
  "POST /oms/quotes": { path: () => "/oms/quotes", body: newQuote, expect: client(201, { noQuotes: 403 }) },
  "GET /oms/quotes/:quoId": { path: (ids) => `/oms/quotes/${ids.quoteId}`, expect: client(200, { noQuotes: 403 }) },
  "GET /oms/quotes/:quoId/attachments/:attId": {
    path: (ids) => `/oms/quotes/${ids.attachmentQuoteId}/attachments/${ids.attachmentId}`,
    expect: client(200, { noQuotes: 403 }),
  },
  "GET /oms/quotes/:quoId/proposals/:version/pdf": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/proposals/${ids.quoteVersion}/pdf`,
    expect: client(200, { noQuotes: 403 }),
  },
  "POST /oms/quotes/:quoId/messages": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/messages`,
    body: MESSAGE,
    expect: client("in", { noQuotes: 403 }),
  },
  // No information was asked on a fresh request, nor a proposal made: the allowed get the state's 409.
  "POST /oms/quotes/:quoId/answer": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/answer`,
    make: freshQuote,
    body: MESSAGE,
    expect: client("in", { noQuotes: 403 }),
  },
  "POST /oms/quotes/:quoId/accept": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/accept`,
    make: freshQuote,
    body: () => ({ version: 1, positions: [1] }),
    expect: client("in", { noQuotes: 403, noCart: 403 }),
  },
  "POST /oms/quotes/:quoId/refuse": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/refuse`,
    make: freshQuote,
    expect: client("in", { noQuotes: 403 }),
  },
  "POST /oms/quotes/:quoId/cancel": {
    path: (ids) => `/oms/quotes/${ids.quoteId}/cancel`,
    make: freshQuote,
    expect: client(200, { noQuotes: 403 }),
  },
  // ---- quotes, the representatives' side: the moves' bodies are left invalid (a 400, or the
  // state's 409), a representative's real move would change the quote the other rows read.
  "GET /sales/quotes": { path: () => "/sales/quotes", expect: SALES(200) },
  "GET /sales/quotes/:quoId": { path: (ids) => `/sales/quotes/${ids.quoteId}`, expect: SALES(200) },
  "GET /sales/quotes/:quoId/attachments/:attId": {
    path: (ids) => `/sales/quotes/${ids.attachmentQuoteId}/attachments/${ids.attachmentId}`,
    expect: SALES(200),
  },
  "GET /sales/quotes/:quoId/proposals/:version/pdf": {
    path: (ids) => `/sales/quotes/${ids.quoteId}/proposals/${ids.quoteVersion}/pdf`,
    expect: SALES(200),
  },
  "POST /sales/quotes/:quoId/start-study": { path: (ids) => `/sales/quotes/${ids.quoteId}/start-study`, expect: SALES("in") },
  "POST /sales/quotes/:quoId/ask-information": { path: (ids) => `/sales/quotes/${ids.quoteId}/ask-information`, expect: SALES("in") },
  "POST /sales/quotes/:quoId/messages": { path: (ids) => `/sales/quotes/${ids.quoteId}/messages`, expect: SALES("in") },
  "POST /sales/quotes/:quoId/proposals": { path: (ids) => `/sales/quotes/${ids.quoteId}/proposals`, expect: SALES("in") },
  "POST /sales/quotes/:quoId/cancel": {
    path: (ids) => `/sales/quotes/${ids.quoteId}/cancel`,
    body: () => ({ reason: 12 }),
    expect: SALES("in"),
  },
  // ---- crm: the account, addresses (the `cart` flag: decision 0133), contacts, checkout's lists
  "GET /crm/me": { path: () => "/crm/me", expect: member() },
  "PUT /crm/me": { path: () => "/crm/me", expect: member("in") },
  "GET /crm/addresses": { path: (ids) => `/crm/addresses?${withOrg(ids)}`, expect: scoped() },
  "POST /crm/addresses": { path: () => "/crm/addresses", body: newAddress, expect: scoped(201, { noCart: 403 }) },
  "PUT /crm/addresses/:id": {
    path: (ids) => `/crm/addresses/${ids.addressId}`,
    make: freshAddress,
    body: newAddress,
    expect: scoped(200, { noCart: 403 }),
  },
  "DELETE /crm/addresses/:id": {
    path: (ids) => `/crm/addresses/${ids.addressId}?${withOrg(ids)}`,
    make: freshAddress,
    expect: scoped(204, { noCart: 403 }),
  },
  "GET /crm/contacts": { path: (ids) => `/crm/contacts?${withOrg(ids)}`, expect: scoped(200, PEOPLE_403) },
  "GET /crm/invoicing-address": { path: (ids) => `/crm/invoicing-address?${withOrg(ids)}`, expect: scoped() },
  "GET /crm/order-recipients": { path: (ids) => `/crm/order-recipients?${withOrg(ids)}`, expect: scoped() },
  // A person's alerts go to its organization's account (docs/alerts.md).
  "GET /crm/alerts": { path: () => "/crm/alerts", expect: member(200, PEOPLE_403) },
  "PUT /crm/alerts": { path: () => "/crm/alerts", expect: member("in", PEOPLE_403) },
  // ---- purchasing rules and approvals (docs/approvals.md): the rules are the administrators', a
  // request its requester's (the storekeeper, who the no… kinds are) and its approvers'; deciding
  // is the customer's own (a representative after login-as: 403). The request tried is decided.
  "GET /purchasing/:orgId/rules": { path: (ids) => `/purchasing/${ids.orgId}/rules`, expect: scoped(200, PEOPLE_403) },
  "PUT /purchasing/:orgId/rules": {
    path: (ids) => `/purchasing/${ids.orgId}/rules`,
    body: () => ({ approval_threshold: null, approvers: "administrators", named_approvers: [], people: [] }),
    expect: scoped(200, { ...PEOPLE_403, contributorAs: 403 }),
  },
  "GET /purchasing/:orgId/standing": { path: (ids) => `/purchasing/${ids.orgId}/standing`, expect: scoped() },
  "GET /approvals/:orgId": { path: (ids) => `/approvals/${ids.orgId}?scope=mine`, expect: scoped() },
  "GET /approvals/:orgId/:id": { path: (ids) => `/approvals/${ids.orgId}/${ids.approvalId}`, expect: scoped(200, { people: 404 }) },
  "POST /approvals/:orgId/:id/approve": {
    path: (ids) => `/approvals/${ids.orgId}/${ids.approvalId}/approve?usr_id=${ids.callerId}&usr_name=Matrice`,
    make: caller,
    body: () => ({}),
    expect: scoped(404, { organization: "in", contributorAs: 403 }),
  },
  "POST /approvals/:orgId/:id/refuse": {
    path: (ids) => `/approvals/${ids.orgId}/${ids.approvalId}/refuse?usr_id=${ids.callerId}&usr_name=Matrice`,
    make: caller,
    body: () => ({}),
    expect: scoped(404, { organization: "in", contributorAs: 403 }),
  },
  "POST /approvals/:orgId/:id/withdraw": {
    path: (ids) => `/approvals/${ids.orgId}/${ids.approvalId}/withdraw`,
    expect: scoped(404, { noCart: "in", noOrders: "in", noQuotes: "in", noInvoices: "in", noPrices: "in" }),
  },
  // ---- order lists (docs/order-lists.md, decision 0194): the `cart` right; the list tried is a
  // shared one of the organization's account: read by every one with `cart`, changed by its
  // author and the administrators (the people kinds are neither: 403).
  "GET /order-lists/:orgId": { path: (ids) => `/order-lists/${ids.orgId}`, expect: scoped(200, { noCart: 403 }) },
  "POST /order-lists/:orgId": {
    path: (ids) => `/order-lists/${ids.orgId}`,
    body: () => ({ name: `Matrice créée ${++lists}` }),
    expect: scoped(201, { noCart: 403 }),
  },
  "GET /order-lists/:orgId/:id": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}`,
    make: freshList,
    expect: scoped(200, { noCart: 403 }),
  },
  "PATCH /order-lists/:orgId/:id": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}`,
    make: freshList,
    body: () => ({ name: "Matrice renommée" }),
    expect: scoped(200, PEOPLE_403),
  },
  "DELETE /order-lists/:orgId/:id": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}`,
    make: freshList,
    expect: scoped(204, PEOPLE_403),
  },
  "PUT /order-lists/:orgId/:id/lines": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}/lines`,
    make: freshList,
    body: (ids) => ({ lines: [{ product_id: ids.productId, qty: 2 }] }),
    expect: scoped(200, PEOPLE_403),
  },
  "POST /order-lists/:orgId/:id/lines": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}/lines`,
    make: freshList,
    body: (ids) => ({ lines: [{ product_id: ids.productId, qty: 1 }] }),
    expect: scoped(200, PEOPLE_403),
  },
  "POST /order-lists/:orgId/:id/import": {
    path: (ids) => `/order-lists/${ids.orgId}/${ids.listId}/import`,
    make: freshList,
    body: (ids) => ({ entries: [{ line: 1, ref: ids.productRef, qty: 1 }] }),
    expect: scoped(200, PEOPLE_403),
  },
  // ---- own part numbers (docs/part-numbers.md): read by the organization's sessions, changed with `cart`
  "GET /part-numbers/:orgId": { path: (ids) => `/part-numbers/${ids.orgId}`, expect: scoped() },
  "GET /part-numbers/:orgId/lookup": { path: (ids) => `/part-numbers/${ids.orgId}/lookup?product_ids=${ids.productId}`, expect: scoped() },
  "POST /part-numbers/:orgId/import": {
    path: (ids) => `/part-numbers/${ids.orgId}/import`,
    body: (ids) => ({ entries: [{ line: 1, code: "MATRICE-1", ref: ids.productRef }] }),
    expect: scoped(200, { noCart: 403 }),
  },
  "PUT /part-numbers/:orgId/:productId": {
    path: (ids) => `/part-numbers/${ids.orgId}/${ids.productId}`,
    body: () => ({ code: "MATRICE-2" }),
    expect: scoped(200, { noCart: 403 }),
  },
  "DELETE /part-numbers/:orgId/:productId": {
    path: (ids) => `/part-numbers/${ids.orgId}/${ids.productId}`,
    expect: scoped(204, { noCart: 403 }),
  },
  // ---- replenishment schedules (docs/replenishment.md): `orders` or `cart` (every no… kind has one
  // of them); a schedule is its owner's (the demo's: the buyer, `people`) and the administrators'
  // (the organization's account, the representative after login-as); a colleague neither reads
  // nor changes one (404).
  "GET /replenishment/:orgId": { path: (ids) => `/replenishment/${ids.orgId}`, expect: scoped() },
  "POST /replenishment/:orgId": { path: (ids) => `/replenishment/${ids.orgId}`, expect: scoped("in") },
  "GET /replenishment/:orgId/:id": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}`,
    make: demoSchedule,
    expect: scoped(200, NOT_OWNER(404)),
  },
  "PATCH /replenishment/:orgId/:id": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}`,
    make: demoSchedule,
    expect: scoped(200, NOT_OWNER(404)),
  },
  "POST /replenishment/:orgId/:id/pause": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}/pause`,
    make: demoSchedule,
    expect: scoped(200, NOT_OWNER(404)),
  },
  "POST /replenishment/:orgId/:id/resume": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}/resume`,
    make: demoSchedule,
    expect: scoped(200, NOT_OWNER(404)),
  },
  "POST /replenishment/:orgId/:id/skip": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}/skip`,
    make: freshSchedule,
    expect: scoped(200, { people: 404, ...NOT_OWNER(404) }),
  },
  "DELETE /replenishment/:orgId/:id": {
    path: (ids) => `/replenishment/${ids.orgId}/${ids.scheduleId}`,
    make: freshSchedule,
    expect: scoped(204, { people: 404, ...NOT_OWNER(404) }),
  },
  // ---- returns (docs/returns.md): a client's own thing for whoever may order (`orders`); a
  // representative's own account names the distributor, so C0001's id is a 404 to it. The request
  // is tried with an empty body (400: let in); the withdrawal of the one return is a 200, then a 409.
  "GET /returns/:orgId": { path: (ids) => `/returns/${ids.orgId}`, expect: scoped(200, { noOrders: 403 }) },
  "POST /returns/:orgId": { path: (ids) => `/returns/${ids.orgId}`, expect: scoped("in", { noOrders: 403 }) },
  "GET /returns/:orgId/eligible": { path: (ids) => `/returns/${ids.orgId}/eligible`, expect: scoped(200, { noOrders: 403 }) },
  "GET /returns/:orgId/orders/:orderId": {
    path: (ids) => `/returns/${ids.orgId}/orders/${ids.deliveredOrderId}`,
    expect: scoped(200, { noOrders: 403 }),
  },
  "GET /returns/:orgId/:number": {
    path: (ids) => `/returns/${ids.orgId}/${ids.returnNumber}`,
    expect: scoped(200, { noOrders: 403 }),
  },
  "POST /returns/:orgId/:number/withdraw": {
    path: (ids) => `/returns/${ids.orgId}/${ids.returnNumber}/withdraw`,
    expect: scoped("in", { noOrders: 403 }),
  },
  "GET /returns/:orgId/:number/photos/:photoId": {
    path: (ids) => `/returns/${ids.orgId}/${ids.returnNumber}/photos/${ids.returnPhotoId}`,
    expect: scoped(200, { noOrders: 403 }),
  },
  // ---- a return's slip (decision 0207): `orders`; a representative only after login-as
  "GET /returns/:orgId/:number/slip": {
    path: (ids) => `/returns/${ids.orgId}/${slipNumber}/slip`,
    make: demoAcceptedReturn,
    expect: scoped(200, { noOrders: 403 }),
  },
  // ---- users: the organization's account (or an admin person), and a representative after login-as
  "GET /crm/users": { path: (ids) => `/crm/users?${withOrg(ids)}`, expect: scoped(200, PEOPLE_403) },
  "PATCH /crm/users/:usrId": {
    path: (ids) => `/crm/users/${ids.inviteeId}`,
    make: freshInvitee,
    body: (ids) => ({ org_id: ids.orgId, is_admin: false }),
    expect: scoped(200, PEOPLE_403),
  },
  "POST /crm/invitations": {
    path: () => "/crm/invitations",
    body: (ids) => ({ org_id: ids.orgId, email: `matrice-directe-${++invitations}@voilerie-atlantique.fr`, name: "Matrice" }),
    expect: scoped(201, PEOPLE_403),
  },
  "POST /crm/invitations/:usrId/resend": {
    path: (ids) => `/crm/invitations/${ids.inviteeId}/resend`,
    make: freshInvitee,
    body: (ids) => ({ org_id: ids.orgId }),
    expect: scoped(200, PEOPLE_403),
  },
  "DELETE /crm/invitations/:usrId": {
    path: (ids) => `/crm/invitations/${ids.inviteeId}?${withOrg(ids)}`,
    make: freshInvitee,
    expect: scoped(204, PEOPLE_403),
  },
  // ---- the distributor's systems (decision 0102): no user token opens them
  "GET /analytics/report": { path: () => "/analytics/report", expect: SERVICE },
  "GET /erp/account-requests": { path: () => "/erp/account-requests", expect: SERVICE },
  "GET /erp/account-requests/:id": { path: () => "/erp/account-requests/1", expect: SERVICE },
  "POST /erp/account-requests/:id/state": { path: () => "/erp/account-requests/1/state", expect: SERVICE },
  "GET /erp/cancellation-requests": { path: () => "/erp/cancellation-requests", expect: SERVICE },
  "GET /erp/purchasing-rules/:customerRef": { path: () => "/erp/purchasing-rules/C0001", expect: SERVICE },
  "PUT /erp/purchasing-rules/:customerRef": { path: () => "/erp/purchasing-rules/C0001", expect: SERVICE },
  "PUT /erp/part-numbers/:customerRef": { path: () => "/erp/part-numbers/C0001", expect: SERVICE },
  "POST /erp/cancellation-requests/:id/:answer(accept|refuse)": { path: () => "/erp/cancellation-requests/1/accept", expect: SERVICE },
  "GET /erp/contact-requests": { path: () => "/erp/contact-requests", expect: SERVICE },
  "POST /erp/imports/:feed": { path: () => "/erp/imports/categories", expect: SERVICE },
  "GET /erp/events": { path: () => "/erp/events", expect: SERVICE },
  "GET /erp/events/set-aside": { path: () => "/erp/events/set-aside", expect: SERVICE },
  "POST /erp/events/replay": { path: () => "/erp/events/replay", expect: SERVICE },
  "GET /erp/import-jobs": { path: () => "/erp/import-jobs", expect: SERVICE },
  "GET /erp/import-jobs/:id": { path: () => "/erp/import-jobs/1", expect: SERVICE },
  "POST /erp/import-jobs/:feed": { path: () => "/erp/import-jobs/categories", expect: SERVICE },
  "GET /erp/invoices": { path: () => "/erp/invoices", expect: SERVICE },
  "POST /erp/invoices": { path: () => "/erp/invoices", expect: SERVICE },
  "GET /erp/invoices/:number": { path: (ids) => `/erp/invoices/${ids.invoiceNumber}`, expect: SERVICE },
  "POST /erp/invoices/:number/credit-notes": { path: (ids) => `/erp/invoices/${ids.invoiceNumber}/credit-notes`, expect: SERVICE },
  "POST /erp/invoices/:number/payments": { path: (ids) => `/erp/invoices/${ids.invoiceNumber}/payments`, expect: SERVICE },
  "POST /erp/invoices/:number/statuses": { path: (ids) => `/erp/invoices/${ids.invoiceNumber}/statuses`, expect: SERVICE },
  "GET /erp/orders": { path: () => "/erp/orders", expect: SERVICE },
  "GET /erp/orders/:ref": { path: (ids) => `/erp/orders/${ids.orderRef}`, expect: SERVICE },
  "POST /erp/orders/:ref/accept": { path: (ids) => `/erp/orders/${ids.orderRef}/accept`, expect: SERVICE },
  "POST /erp/orders/:ref/cancel": { path: (ids) => `/erp/orders/${ids.orderRef}/cancel`, expect: SERVICE },
  "POST /erp/orders/:ref/deliver": { path: (ids) => `/erp/orders/${ids.orderRef}/deliver`, expect: SERVICE },
  "POST /erp/orders/:ref/prepare": { path: (ids) => `/erp/orders/${ids.orderRef}/prepare`, expect: SERVICE },
  "POST /erp/orders/:ref/shipments": { path: (ids) => `/erp/orders/${ids.orderRef}/shipments`, expect: SERVICE },
  "POST /erp/stocks/:objRef/arrivals": { path: (ids) => `/erp/stocks/${ids.productRef}/arrivals`, expect: SERVICE },
  "GET /erp/quotes/expiring": { path: () => "/erp/quotes/expiring", expect: SERVICE },
  // Returns: the distributor's steps (docs/returns.md).
  "GET /erp/returns": { path: () => "/erp/returns", expect: SERVICE },
  "GET /erp/returns/:number": { path: () => "/erp/returns/RET-2026-000001", expect: SERVICE },
  "POST /erp/returns/:number/accept": { path: () => "/erp/returns/RET-2026-000001/accept", expect: SERVICE },
  "POST /erp/returns/:number/refuse": { path: () => "/erp/returns/RET-2026-000001/refuse", expect: SERVICE },
  "POST /erp/returns/:number/receive": { path: () => "/erp/returns/RET-2026-000001/receive", expect: SERVICE },
  "POST /erp/returns/:number/credit": { path: () => "/erp/returns/RET-2026-000001/credit", expect: SERVICE },
  "POST /erp/returns/:number/exchange": { path: () => "/erp/returns/RET-2026-000001/exchange", expect: SERVICE },
  "GET /erp/returns-settings": { path: () => "/erp/returns-settings", expect: SERVICE },
  "PUT /erp/returns-settings": { path: () => "/erp/returns-settings", expect: SERVICE },
};
