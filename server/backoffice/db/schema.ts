import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { ReturnAddress, ReturnReason, ReturnResolution, ReturnStatus, ReturnStepKind } from "@shared/contracts/returns";

/** Row types of the core schema (migrations/0001_core.ts), as Kysely sees them. */

type Json<T> = ColumnType<T, string, string>;
/** date columns travel as YYYY-MM-DD strings (the type parser is set in open.ts). */
type DateString = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PeopleFlags {
  cart?: boolean;
  orders?: boolean;
  quotes?: boolean;
  invoices?: boolean;
  prices?: boolean;
}

export interface OrganizationsTable {
  id: Generated<number>;
  ref: string;
  name: string;
  title: string;
  zipcode: string;
  city: string;
  country: string;
  cat_compta: string | null;
  free_shipping_eligible: Generated<boolean>;
  is_distributor: Generated<boolean>;
  /** A tag integrator: its orders are not checked for MMSI certificates (migrations/0022_customer_feeds.ts). */
  is_integrator: Generated<boolean>;
  /** Legal data and payment terms (migrations/0011_invoices.ts); share_capital in cents. */
  street: string | null;
  legal_form: string | null;
  share_capital: number | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  rcs: string | null;
  payment_terms_days: Generated<number>;
  payment_terms_end_of_month: Generated<boolean>;
  iban: string | null;
  bic: string | null;
  email: string | null;
  phone: string | null;
  /** The seller's option for paying VAT on debits (migrations/0027): printed on invoices of services (decision 0186). */
  vat_on_debits: Generated<boolean>;
  /** Its price group (0021_price_groups): the group's conditions apply where it has none of its own. */
  price_group_id: number | null;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  class: "organization" | "people" | "contributor";
  login: string;
  password_hash: string;
  name: string;
  title: string;
  auth_flags: Json<PeopleFlags> | null;
  disabled: Generated<boolean>;
  /** A people account that manages the organization's people accounts (migrations/0013_users_admin.ts). */
  is_admin: Generated<boolean>;
  /** International format (+33 2 97 …), or '' when not given. */
  phone: Generated<string>;
  last_login_at: Timestamp | null;
}

/** An invitation link: only its token's sha256 is kept; single use, expires (docs/users.md). */
export interface UserInvitationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** One change to a person's account: who, when, what (shown as the users page's history). */
export interface UserChangesTable {
  id: Generated<number>;
  org_id: number;
  actor_id: number | null;
  actor_name: string;
  target_id: number;
  target_name: string;
  change: string;
  details: Json<Record<string, unknown>> | null;
  at: Timestamp;
}

/** A user's choice for one kind of alert (migrations/0014_alerts.ts); no row: the default. */
export interface AlertPreferencesTable {
  user_id: number;
  kind: string;
  enabled: boolean;
  updated_at: Timestamp;
}

/** One alert sent: unique per (event_key, user_id), so an event told twice sends once. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  event_key: string;
  user_id: number;
  kind: string;
  email: string;
  sent_at: Timestamp;
  /** When its unsubscribe link was used: the link works once. */
  unsubscribed_at: Timestamp | null;
}

export interface ContributorClientsTable {
  contributor_id: number;
  org_id: number;
}

export interface AddressesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  line1: string;
  line2: Generated<string>;
  zipcode: string;
  city: string;
  country: string;
  phone: Generated<string>;
  created_at: Generated<Date>;
  /** The delivery address a feed manages (« LIVRAISON » for the customers feed's), else null. */
  erp_ref: Generated<string | null>;
}

export interface BrandsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** The ERP's reference (0020_erp_references): what the brands feed upserts by. */
  erp_ref: Generated<string | null>;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  parent_id: number | null;
  level: number;
  position: Generated<number>;
  /** The ERP's reference (0020_erp_references): what the categories feed upserts by. */
  erp_ref: Generated<string | null>;
}

export type ProductPropertyValue = string | number | boolean;

export interface ProductsTable {
  id: Generated<number>;
  ref: string;
  ref_norm: ColumnType<string, never, never>;
  title: string;
  name: string;
  description: Generated<string>;
  brand_id: number | null;
  category_id: number | null;
  price_selling: number;
  ecotaxe: Generated<number>;
  weight_gross: Generated<number>;
  weight_net: Generated<number>;
  is_port: Generated<boolean>;
  discontinued: Generated<boolean>;
  is_mmsi: Generated<boolean>;
  is_hazardous: Generated<boolean>;
  is_motor: Generated<boolean>;
  is_antenna: Generated<boolean>;
  is_tag: Generated<boolean>;
  properties: ColumnType<Record<string, ProductPropertyValue>, string | undefined, string>;
  images: ColumnType<string[], string | undefined, string>;
  documents: ColumnType<{ title: string; url: string }[], string | undefined, string>;
  certificates_info: string | null;
  search: ColumnType<string, never, never>;
  /** The products feed's flag; MMSI and hazardous goods are never returnable whatever it says. */
  returnable: Generated<boolean>;
}

/**
 * What a dated condition adds (0021_price_groups): it applies from `starts_on` to `ends_on`
 * inclusive, an open end when null. The start is part of the condition's key.
 */
interface DatedCondition {
  starts_on: DateString | null;
  ends_on: DateString | null;
}

/** A customer's net price OR discount (percent, numeric(5,2)) on a product: exactly one is set. */
export interface OrgProductPricesTable extends DatedCondition {
  org_id: number;
  product_id: number;
  price: number | null;
  discount: number | null;
}

export interface OrgBrandDiscountsTable extends DatedCondition {
  org_id: number;
  brand_id: number;
  /** numeric(5,2), read as a number (type parser in open.ts). */
  discount: number;
}

/** A price group (the ERP's « catégorie tarifaire » or pricelist) customers belong to. */
export interface PriceGroupsTable {
  id: Generated<number>;
  /** The ERP's reference of the group: what the feeds name it by. */
  ref: string;
  title: string;
}

/** A price group's net price OR discount on a product, as org_product_prices. */
export interface PriceGroupProductPricesTable extends DatedCondition {
  group_id: number;
  product_id: number;
  price: number | null;
  discount: number | null;
}

export interface PriceGroupBrandDiscountsTable extends DatedCondition {
  group_id: number;
  brand_id: number;
  discount: number;
}

export interface PromotionsTable {
  id: Generated<number>;
  product_id: number;
  org_id: number | null;
  name: string;
  promo_price: number;
  starts_on: DateString;
  ends_on: DateString;
}

export interface StocksTable {
  product_id: number;
  sto_disp: number;
  refill_date: DateString | null;
  refill_qte: number | null;
}

export interface CartsTable {
  org_id: number;
  version: Generated<number>;
  data: Json<unknown>;
  updated_at: Timestamp;
  updated_by: number | null;
  /** Product lines of `data`, shipping lines excluded (migrations/0005_performance.ts). */
  line_count: Generated<number>;
}

export interface OrdersTable {
  id: Generated<number>;
  ref: string;
  org_id: number;
  usr_id: number;
  usr_name: string;
  idempotency_key: string;
  created_at: Timestamp;
  status: Generated<string>;
  cart_ref: string;
  comments: string;
  notes: string;
  partial_delivery: boolean;
  saturday: boolean;
  ldd_active: boolean;
  dlv_address: Json<unknown> | null;
  inv_address: Json<unknown> | null;
  total_ht: number;
  total_ecotaxe: number;
  total_tva: number;
  total_ttc: number;
  /** Placed by approving a request (migrations/0029): the request, who approved it and when. */
  approval_id: number | null;
  approved_by_name: string | null;
  approved_at: Timestamp | null;
  /** Placed by a replenishment schedule's run (migrations/0030, docs/replenishment.md). */
  schedule_id: Generated<number | null>;
}

/** An organization's purchasing rules (migrations/0029, docs/approvals.md). */
export interface PurchasingRulesTable {
  org_id: number;
  approval_threshold: number | null;
  approvers: "administrators" | "named";
  updated_at: Timestamp;
  updated_by: string;
}

export interface PurchasingApproversTable {
  org_id: number;
  user_id: number;
}

/** A person's limit per order and monthly budget, HT cents (null: none). */
export interface PurchasingLimitsTable {
  user_id: number;
  org_id: number;
  order_limit: number | null;
  monthly_budget: number | null;
}

/** A cart sent for approval and its decision (docs/approvals.md). */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  number: string;
  org_id: number;
  requester_id: number;
  requester_name: string;
  idempotency_key: string;
  created_at: Timestamp;
  status: Generated<"pending" | "approved" | "refused" | "withdrawn">;
  reasons: Json<unknown>;
  message: Generated<string>;
  cart: Json<unknown>;
  total_ht: number;
  total_ecotaxe: number;
  total_ttc: number;
  decided_at: Timestamp | null;
  decided_by_id: number | null;
  decided_by_name: string | null;
  refusal_reason: string | null;
  order_id: number | null;
}

/** A named order list (migrations/0030, docs/order-lists.md). */
export interface OrderListsTable {
  id: Generated<number>;
  org_id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  shared: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderListLinesTable {
  list_id: number;
  product_id: number;
  position: number;
  qty: number;
  note: Generated<string>;
}

/** The organization's own code for a product (docs/part-numbers.md); `code_key` is the code compared as references are. */
export interface PartNumbersTable {
  org_id: number;
  product_id: number;
  code: string;
  code_key: string;
  updated_at: Timestamp;
  updated_by: string;
}

/** A list ordered every N weeks or months (docs/replenishment.md). */
export interface ReplenishmentSchedulesTable {
  id: Generated<number>;
  org_id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  list_id: number;
  every: number;
  unit: "weeks" | "months";
  day: number;
  status: Generated<"active" | "paused">;
  /** YYYY-MM-DD (dates are read as text, db/text-parsers.ts). */
  next_run: string;
  skipped_date: string | null;
  dlv_address_id: number | null;
  max_price_increase_pct: number | null;
  /** Product id → unit price HT (cents) of the last order placed, for the price check. */
  price_basis: ColumnType<Record<string, number>, string | undefined, string>;
  reminder_sent_for: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReplenishmentRunsTable {
  id: Generated<number>;
  schedule_id: number;
  run_date: string;
  outcome: "placed" | "approval" | "failed" | "skipped" | "missed";
  at: Timestamp;
  reason: string | null;
  order_id: number | null;
  approval_id: number | null;
}

/** The distributor's return rules: one row (id 1), docs/returns.md. */
export interface ReturnSettingsTable {
  id: Generated<number>;
  window_days: Generated<number>;
  photo_required_reasons: ColumnType<ReturnReason[], string | undefined, string>;
  restocking_fee_pct: ColumnType<Record<ReturnReason, number>, string | undefined, string>;
  address: ColumnType<ReturnAddress | null, string | null | undefined, string | null>;
  instructions: Generated<string>;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface ReturnSequencesTable {
  year: number;
  last: number;
}

export interface ReturnsTable {
  id: Generated<number>;
  /** RET-2026-000012. */
  number: string;
  org_id: number;
  order_id: number;
  status: Generated<ReturnStatus>;
  reason: ReturnReason;
  resolution: ReturnResolution;
  comment: Generated<string>;
  refusal: string | null;
  /** The fee applied by the credit note, in percent; null until credited. */
  restocking_fee_pct: number | null;
  requested_at: Timestamp;
  requested_by: number | null;
  requested_by_name: string;
  updated_at: Timestamp;
  exchange_carrier: string | null;
  exchange_tracking_number: string | null;
  exchange_tracking_url: string | null;
  exchange_shipped_at: Timestamp | null;
}

export interface ReturnLinesTable {
  return_id: number;
  order_id: number;
  /** The order line's position. */
  position: number;
  obj_ref: string;
  title: string;
  customer_code: string | null;
  qty: number;
  received: number | null;
  /** Net unit price HT as ordered (cents), ecotax apart. */
  unit_price: number;
  unit_ecotax: number;
}

export interface ReturnPhotosTable {
  id: Generated<number>;
  return_id: number;
  file_name: string;
  mime: "image/png" | "image/jpeg";
  size: number;
  sha256: string;
  content: Uint8Array;
  created_at: Timestamp;
}

export interface ReturnEventsTable {
  id: Generated<number>;
  return_id: number;
  at: Timestamp;
  kind: ReturnStepKind;
  author: string;
  note: string | null;
}

export interface OrderLinesTable {
  order_id: number;
  position: number;
  product_id: number;
  ref: string;
  title: string;
  qty: number;
  is_port: boolean;
  unit_price: number;
  ecotaxe: number;
  line_total_ht: number;
  /** Lifecycle (migrations/0009_order_lifecycle.ts): units sent, cancelled, on back-order now. */
  shipped_qty: Generated<number>;
  cancelled_qty: Generated<number>;
  backorder_qty: Generated<number>;
  /** When the line became a back-order; when a stock arrival made it available. */
  backordered_at: Timestamp | null;
  available_at: Timestamp | null;
  /** The certificates (cer_id, mmsi, file_name) the line was ordered with. */
  certificates: ColumnType<OrderLineCertificate[], string | undefined, string>;
  /** The quote whose price the line was ordered at (migrations/0012_quotes.ts). */
  quote_number: Generated<string | null>;
  /** The organization's own code for the product when ordered (migrations/0030, docs/part-numbers.md). */
  customer_code: Generated<string | null>;
}

export interface OrderLineCertificate {
  cer_id: string;
  mmsi: string;
  file_name: string;
}

export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  /** 1, 2… within the order. */
  number: number;
  shipped_at: Timestamp;
  carrier: string;
  tracking_number: string | null;
  tracking_url: string | null;
  author: string;
}

export interface ShipmentLinesTable {
  shipment_id: number;
  order_id: number;
  position: number;
  qty: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: Timestamp;
  /** One of EVENT_KINDS (shared/contracts/orders.ts). */
  kind: string;
  /** The order's status after the event, when it changed it. */
  status: string | null;
  author: string;
  note: string | null;
  /** What the label names (shared/domain/order-lifecycle.ts: EventData). */
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface CancellationRequestsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  qty: number;
  requested_by: number;
  requested_by_name: string;
  requested_at: Timestamp;
  reason: string;
  status: Generated<string>;
  answered_at: Timestamp | null;
  answered_by: string | null;
  answer: string | null;
}

/** The distributor's systems (migrations/0010_service_tokens.ts). */
/** One ERP import (migrations/0024_import_jobs.ts); `options` and `report` as the contract has them. */
export interface ImportJobsTable {
  id: Generated<number>;
  feed: string;
  options: Json<Record<string, boolean>>;
  file_bytes: number;
  service_name: string;
  instance: string;
  state: "queued" | "running" | "done" | "failed";
  report: Json<unknown> | null;
  error: string | null;
  created_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/** One business event for the ERP (migrations/0025_outbox.ts, decision 0182); `data` as shared/contracts/outbox.ts has it. */
export interface OutboxEventsTable {
  id: Generated<number>;
  event_id: string;
  type: string;
  occurred_at: Timestamp;
  stream: string;
  org_id: number | null;
  data: Json<unknown>;
  tx_id: Generated<string>;
  delivery: Generated<"pending" | "delivered" | "set_aside">;
  attempts: Generated<number>;
  first_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  set_aside_at: Timestamp | null;
}

export interface ServiceTokensTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  created_at: Generated<Date>;
  revoked_at: Timestamp | null;
}

/** Invoices and credit notes (migrations/0011_invoices.ts): written once, never updated. */
export interface InvoiceSequencesTable {
  kind: string;
  year: number;
  last: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  /** "facture" or "avoir". */
  kind: string;
  /** The portal's numbering; null for a document the ERP issued (migrations/0026_erp_invoices.ts). */
  year: number | null;
  sequence: number | null;
  /** "portal" (numbered by the portal) or "erp" (the ERP's number and PDF, decision 0184). */
  issued_by: Generated<string>;
  org_id: number;
  order_id: number;
  shipment_id: number | null;
  credits_id: number | null;
  reason: string | null;
  issued_on: DateString;
  sale_on: DateString;
  due_on: DateString;
  payment_terms: string;
  order_ref: string;
  customer_ref: string;
  total_ht: number;
  total_ecotax: number;
  total_vat: number;
  total_ttc: number;
  vat: ColumnType<{ rate: number; base_ht: number; vat: number }[], string, string>;
  vat_exemption: string | null;
  /** Snapshots of the parties at issue (server/backoffice/documents/parties.ts). */
  seller: ColumnType<unknown, string, string>;
  buyer: ColumnType<unknown, string, string>;
  delivery_address: ColumnType<unknown, string | null, string | null>;
  issued_at: Timestamp;
  author: string;
  /** The return a credit note settles (docs/returns.md); null otherwise. */
  return_id: Generated<number | null>;
}

export interface InvoiceLinesTable {
  invoice_id: number;
  position: number;
  obj_ref: string;
  title: string;
  qty: number;
  unit_list_price: number;
  /** numeric(5,2), read as a number. */
  discount_pct: number;
  unit_price: number;
  unit_ecotax: number;
  line_total_ht: number;
  vat_rate: number;
  is_port: boolean;
  /** The quote of the order line it invoices (migrations/0012_quotes.ts). */
  quote_number: Generated<string | null>;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  paid_on: DateString;
  amount: number;
  method: string;
  reference: string | null;
  recorded_at: Timestamp;
  author: string;
}

/** A status the plateforme agréée reported (migrations/0027_invoice_platform_statuses.ts): added only. */
export interface InvoicePlatformStatusesTable {
  id: Generated<number>;
  invoice_id: number;
  /** The lifecycle's code (shared/contracts/einvoicing.ts), 200 to 213. */
  status: number;
  /** The platform's instant for the step. */
  at: Timestamp;
  message: string | null;
  platform: string | null;
  recorded_at: Timestamp;
  author: string;
}

/** Kept by triggers (migrations/0011_invoices.ts): one row per invoice with something left to pay or use. */
export interface InvoiceOpenBalancesTable {
  invoice_id: number;
  org_id: number;
  kind: string;
  due_on: DateString;
  total_ttc: number;
  paid: Generated<number>;
}

export interface InvoiceDocumentsTable {
  invoice_id: number;
  pdf: Uint8Array;
  sha256: string;
  created_at: Generated<Date>;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  org_id: number;
  master_user_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginAsAuditTable {
  id: Generated<number>;
  master_user_id: number;
  org_id: number;
  at: Timestamp;
}

/** Bumped by triggers (migration 0006): "catalogue" and "pricing". */
export interface CatalogueRevisionsTable {
  name: string;
  revision: number;
}

/** Quotes (migrations/0012_quotes.ts, docs/quotes.md). */
export interface QuoteNumberSequencesTable {
  year: number;
  last: number;
}

export interface QuotesTable {
  id: Generated<number>;
  number: string;
  year: number;
  sequence: number;
  org_id: number;
  customer_ref: string;
  /** As stored: a « proposé » past its validity reads as « expiré » (shared/domain/quotes.ts). */
  state: string;
  requested_by: number;
  requested_by_name: string;
  wished_date: DateString | null;
  message: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The latest proposal's version (0: none yet), its validity and total. */
  version: Generated<number>;
  valid_until: DateString | null;
  total_ht: number | null;
  reminded_at: Timestamp | null;
}

export interface QuoteLinesTable {
  quo_id: number;
  position: number;
  product_id: number | null;
  obj_ref: string | null;
  title: string;
  qty: number;
}

export interface QuoteProposalsTable {
  quo_id: number;
  version: number;
  valid_until: DateString;
  conditions: string;
  author_id: number;
  author_name: string;
  created_at: Timestamp;
  total_ht: number;
}

export interface QuoteProposalLinesTable {
  quo_id: number;
  version: number;
  position: number;
  product_id: number;
  obj_ref: string;
  title: string;
  qty: number;
  unit_price: number;
  ecotax: number;
  answers_position: number | null;
  is_alternative: boolean;
  note: string | null;
}

export interface QuoteMessagesTable {
  id: Generated<number>;
  quo_id: number;
  at: Timestamp;
  author_id: number | null;
  author_name: string;
  side: string;
  body: string;
}

export interface QuoteAttachmentsTable {
  id: Generated<number>;
  quo_id: number;
  message_id: number | null;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Uint8Array;
  created_at: Timestamp;
  created_by: number;
}

export interface QuoteEventsTable {
  id: Generated<number>;
  quo_id: number;
  at: Timestamp;
  kind: string;
  state: string;
  author_id: number | null;
  author_name: string;
  side: string;
  note: string | null;
}

export interface QuoteAcceptedPositionsTable {
  quo_id: number;
  version: number;
  position: number;
}

/** An accepted quote line's price in the shared cart, until its validity date (oms/quote-locks.ts). */
export interface QuoteCartLocksTable {
  org_id: number;
  obj_id: number;
  quo_id: number;
  number: string;
  unit_price: number;
  valid_until: DateString;
  created_at: Timestamp;
}

/** News and documents to download (migrations/0015_content.ts, docs/content.md). */
export interface NewsCategoriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: Generated<string>;
  position: Generated<number>;
}

export interface NewsItemsTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  title: string;
  summary: string;
  /** Blocks of plain text (shared/contracts/content.ts newsBody), never HTML. */
  body: Json<unknown>;
  picture_url: string;
  picture_alt: string;
  published_at: Timestamp;
}

export interface DownloadCategoriesTable {
  id: Generated<number>;
  /** Null for a top category; a sub-category's parent is a top category (two levels). */
  parent_id: number | null;
  slug: string;
  title: string;
  description: Generated<string>;
  position: Generated<number>;
}

export interface DownloadDocumentsTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  description: Generated<string>;
  file_name: string;
  mime: string;
  size_bytes: number;
  sha256: string;
  content: Uint8Array;
  published_on: DateString;
  /** Only the organizations of download_document_orgs may list and download it. */
  restricted: Generated<boolean>;
  /** It shows prices: people accounts need the `prices` flag. */
  shows_prices: Generated<boolean>;
}

export interface DownloadDocumentOrgsTable {
  document_id: number;
  org_id: number;
}

/** What visitors send without an account (migrations/0016_requests.ts, docs/requests.md). */
export interface ContactRequestsTable {
  id: Generated<number>;
  subject: string;
  message: string;
  name: string;
  email: string;
  phone: Generated<string>;
  company: string;
  user_id: number | null;
  org_id: number | null;
  created_at: Timestamp;
}

export interface AccountRequestsTable {
  id: Generated<number>;
  company: string;
  siret: Generated<string>;
  vat_number: Generated<string>;
  street: string;
  zipcode: string;
  city: string;
  country: string;
  activity: string;
  contact_name: string;
  email: string;
  phone: string;
  message: Generated<string>;
  state: Generated<"received" | "in_review" | "accepted" | "refused">;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The customer the accepted request opened (migrations/0022_customer_feeds.ts), else null. */
  org_id: Generated<number | null>;
}

export interface AccountRequestStepsTable {
  id: Generated<number>;
  request_id: number;
  state: string;
  note: Generated<string>;
  actor: string;
  at: Timestamp;
}

/** A password reset link: only its token's sha256, single use, 30 minutes (decision 0124). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Page views without cookies (migrations/0017_analytics.ts, decision 0125): views per day, path and visitor key. */
export interface AnalyticsViewsTable {
  day: DateString;
  path: string;
  visitor: string;
  views: number;
}

/** The day's random salt of the visitor keys, deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: DateString;
  salt: string;
}

export interface Database {
  analytics_views: AnalyticsViewsTable;
  analytics_salts: AnalyticsSaltsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  contributor_clients: ContributorClientsTable;
  addresses: AddressesTable;
  brands: BrandsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  org_product_prices: OrgProductPricesTable;
  org_brand_discounts: OrgBrandDiscountsTable;
  price_groups: PriceGroupsTable;
  price_group_product_prices: PriceGroupProductPricesTable;
  price_group_brand_discounts: PriceGroupBrandDiscountsTable;
  promotions: PromotionsTable;
  stocks: StocksTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  auth_tokens: AuthTokensTable;
  login_as_audit: LoginAsAuditTable;
  catalogue_revisions: CatalogueRevisionsTable;
  import_jobs: ImportJobsTable;
  outbox_events: OutboxEventsTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  order_events: OrderEventsTable;
  cancellation_requests: CancellationRequestsTable;
  service_tokens: ServiceTokensTable;
  invoice_sequences: InvoiceSequencesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_documents: InvoiceDocumentsTable;
  invoice_open_balances: InvoiceOpenBalancesTable;
  invoice_platform_statuses: InvoicePlatformStatusesTable;
  quote_number_sequences: QuoteNumberSequencesTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_proposals: QuoteProposalsTable;
  quote_proposal_lines: QuoteProposalLinesTable;
  quote_messages: QuoteMessagesTable;
  quote_attachments: QuoteAttachmentsTable;
  quote_events: QuoteEventsTable;
  quote_accepted_positions: QuoteAcceptedPositionsTable;
  quote_cart_locks: QuoteCartLocksTable;
  user_invitations: UserInvitationsTable;
  user_changes: UserChangesTable;
  alert_preferences: AlertPreferencesTable;
  alert_deliveries: AlertDeliveriesTable;
  news_categories: NewsCategoriesTable;
  news_items: NewsItemsTable;
  download_categories: DownloadCategoriesTable;
  download_documents: DownloadDocumentsTable;
  download_document_orgs: DownloadDocumentOrgsTable;
  contact_requests: ContactRequestsTable;
  account_requests: AccountRequestsTable;
  account_request_steps: AccountRequestStepsTable;
  password_resets: PasswordResetsTable;
  purchasing_rules: PurchasingRulesTable;
  purchasing_approvers: PurchasingApproversTable;
  purchasing_limits: PurchasingLimitsTable;
  approval_requests: ApprovalRequestsTable;
  order_lists: OrderListsTable;
  order_list_lines: OrderListLinesTable;
  part_numbers: PartNumbersTable;
  replenishment_schedules: ReplenishmentSchedulesTable;
  replenishment_runs: ReplenishmentRunsTable;
  return_settings: ReturnSettingsTable;
  return_sequences: ReturnSequencesTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  return_photos: ReturnPhotosTable;
  return_events: ReturnEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewProduct = Insertable<ProductsTable>;
