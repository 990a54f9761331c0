import { sql, type Kysely } from "kysely";

/**
 * Invoices and credit notes (docs/invoices.md, docs/decisions/0108-invoices.md):
 * - the organizations' legal data (legal form, share capital, SIREN, SIRET, VAT number, RCS, the
 *   registered office's street) and payment terms (days, « fin de mois »); the distributor's
 *   bank details and contacts;
 * - one numbering row per kind and year, incremented in the issuing transaction (no gap: a
 *   rollback gives the number back; the row lock serializes concurrent issuers);
 * - invoices with their lines, frozen once written: a trigger refuses any UPDATE or DELETE of
 *   an invoice, its lines, its payments and its stored PDF. What changes later (payments)
 *   lives in its own table, only ever added to;
 * - the PDF of each invoice, stored once with its sha256;
 * - what remains open on each invoice, kept by triggers (invoice_open_balances).
 * The demo organizations already there get the demo's legal data (by reference); orders
 * already shipped get no invoice retroactively.
 */

interface LegalRow {
  ref: string;
  legal_form: string | null;
  share_capital: number | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  rcs: string | null;
  days: number;
  end_of_month: boolean;
  street?: string | null;
  iban?: string | null;
  bic?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The demo's named organizations as seed/organizations-data.ts writes them (frozen here). */
export const DEMO_LEGAL: readonly LegalRow[] = [
  {
    ref: "D0001",
    legal_form: "SAS",
    share_capital: 25_000_000,
    siren: "812345676",
    siret: "81234567600017",
    vat_number: "FR19812345676",
    rcs: "RCS Lorient 812 345 676",
    days: 30,
    end_of_month: false,
    street: "12 quai des Indes",
    iban: "FR76 3000 4028 3700 0101 2345 678",
    bic: "BNPAFRPPXXX",
    email: "comptabilite@nautidistrib.fr",
    phone: "02 97 21 45 60",
  },
  {
    ref: "C0001",
    legal_form: "SARL",
    share_capital: 5_000_000,
    siren: "425198736",
    siret: "42519873600018",
    vat_number: "FR48425198736",
    rcs: "RCS Brest 425 198 736",
    days: 30,
    end_of_month: false,
  },
  {
    ref: "C0002",
    legal_form: "SAS",
    share_capital: 12_000_000,
    siren: "530864123",
    siret: "53086412300019",
    vat_number: "FR15530864123",
    rcs: "RCS Lorient 530 864 123",
    days: 45,
    end_of_month: true,
  },
  {
    ref: "C0003",
    legal_form: "SARL",
    share_capital: 3_000_000,
    siren: "449721307",
    siret: "44972130700014",
    vat_number: "FR51449721307",
    rcs: "RCS Fort-de-France 449 721 307",
    days: 60,
    end_of_month: false,
  },
  {
    ref: "C0004",
    legal_form: "BV",
    share_capital: 1_860_000,
    siren: null,
    siret: null,
    vat_number: "BE0456789133",
    rcs: null,
    days: 30,
    end_of_month: true,
  },
  {
    ref: "C0005",
    legal_form: "SARL",
    share_capital: 2_000_000,
    siren: "793015686",
    siret: "79301568600017",
    vat_number: "FR44793015686",
    rcs: "RCS Ajaccio 793 015 686",
    days: 0,
    end_of_month: false,
  },
  {
    ref: "C0900",
    legal_form: "SAS",
    share_capital: 4_000_000,
    siren: "882147093",
    siret: "88214709300018",
    vat_number: "FR88882147093",
    rcs: "RCS Quimper 882 147 093",
    days: 30,
    end_of_month: false,
  },
  {
    ref: "C0901",
    legal_form: "SAS",
    share_capital: 7_500_000,
    siren: "516372844",
    siret: "51637284400014",
    vat_number: "FR26516372844",
    rcs: "RCS Marseille 516 372 844",
    days: 45,
    end_of_month: true,
  },
  {
    ref: "C0902",
    legal_form: "SARL",
    share_capital: 1_500_000,
    siren: "904173267",
    siret: "90417326700017",
    vat_number: "FR76904173267",
    rcs: "RCS Cherbourg 904 173 267",
    days: 60,
    end_of_month: false,
  },
];

const statements: string[] = [
  `alter table organizations
     add column street text,
     add column legal_form text,
     add column share_capital bigint,
     add column siren text check (siren ~ '^[0-9]{9}$'),
     add column siret text check (siret ~ '^[0-9]{14}$'),
     add column vat_number text,
     add column rcs text,
     add column payment_terms_days integer not null default 30 check (payment_terms_days between 0 and 120),
     add column payment_terms_end_of_month boolean not null default false,
     add column iban text,
     add column bic text,
     add column email text,
     add column phone text`,
  `create table invoice_sequences (
     kind text not null check (kind in ('facture', 'avoir')),
     year integer not null,
     last integer not null check (last > 0),
     primary key (kind, year)
   )`,
  `create table invoices (
     id serial primary key,
     number text not null unique,
     kind text not null check (kind in ('facture', 'avoir')),
     year integer not null,
     sequence integer not null,
     org_id integer not null references organizations(id),
     order_id integer not null references orders(id),
     shipment_id integer references shipments(id),
     credits_id integer references invoices(id),
     reason text,
     issued_on date not null,
     sale_on date not null,
     due_on date not null,
     payment_terms text not null,
     order_ref text not null,
     customer_ref text not null,
     total_ht bigint not null,
     total_ecotax bigint not null,
     total_vat bigint not null,
     total_ttc bigint not null check (total_ttc >= 0),
     vat jsonb not null,
     vat_exemption text check (vat_exemption in ('intra_eu', 'export', 'suspension')),
     seller jsonb not null,
     buyer jsonb not null,
     delivery_address jsonb,
     issued_at timestamptz not null,
     author text not null,
     unique (kind, year, sequence),
     check ((kind = 'avoir') = (credits_id is not null))
   )`,
  // One invoice per shipment.
  `create unique index invoices_shipment_idx on invoices (shipment_id) where shipment_id is not null`,
  // The customer's list: newest first within the organization.
  `create index invoices_org_idx on invoices (org_id, issued_on desc, number desc) include (id)`,
  `create index invoices_order_idx on invoices (order_id)`,
  `create index invoices_credits_idx on invoices (credits_id) where credits_id is not null`,
  `create table invoice_lines (
     invoice_id integer not null references invoices(id),
     position integer not null,
     obj_ref text not null,
     title text not null,
     qty integer not null check (qty > 0),
     unit_list_price integer not null,
     discount_pct numeric(5,2) not null default 0,
     unit_price integer not null,
     unit_ecotax integer not null default 0,
     line_total_ht bigint not null,
     vat_rate numeric(5,2) not null,
     is_port boolean not null,
     primary key (invoice_id, position)
   )`,
  `create table invoice_payments (
     id serial primary key,
     invoice_id integer not null references invoices(id),
     paid_on date not null,
     amount bigint not null check (amount > 0),
     method text not null,
     reference text,
     recorded_at timestamptz not null,
     author text not null
   )`,
  `create index invoice_payments_invoice_idx on invoice_payments (invoice_id)`,
  `create table invoice_documents (
     invoice_id integer primary key references invoices(id),
     pdf bytea not null,
     sha256 text not null,
     created_at timestamptz not null default now()
   )`,
  // What remains to be paid (or used) on each open invoice or credit note: derived from the
  // invoices and payments by the triggers below, so that the account's position and the status
  // filters read a few open rows instead of summing every payment of 20,000 invoices. A row
  // leaves once paid in full; an invoice without a row is settled.
  `create table invoice_open_balances (
     invoice_id integer primary key references invoices(id),
     org_id integer not null,
     kind text not null,
     due_on date not null,
     total_ttc bigint not null,
     paid bigint not null default 0
   )`,
  `create index invoice_open_balances_org_idx on invoice_open_balances (org_id, kind, due_on)`,
  `create function invoice_open_on_issue() returns trigger language plpgsql as $$
   begin
     insert into invoice_open_balances (invoice_id, org_id, kind, due_on, total_ttc)
       select id, org_id, kind, due_on, total_ttc from issued where total_ttc > 0;
     return null;
   end
   $$`,
  `create trigger invoices_open_on_issue after insert on invoices referencing new table as issued
     for each statement execute function invoice_open_on_issue()`,
  `create function invoice_open_on_payment() returns trigger language plpgsql as $$
   begin
     update invoice_open_balances b set paid = b.paid + p.amount
       from (select invoice_id, sum(amount) as amount from received group by invoice_id) p
       where b.invoice_id = p.invoice_id;
     delete from invoice_open_balances b where b.paid >= b.total_ttc and b.invoice_id in (select invoice_id from received);
     return null;
   end
   $$`,
  `create trigger invoice_payments_open after insert on invoice_payments referencing new table as received
     for each statement execute function invoice_open_on_payment()`,
  // The order filter: its number or the customer's reference, accents and case ignored.
  `create index invoices_order_text_idx on invoices using gin (f_unaccent(lower(order_ref || chr(1) || customer_ref)) gin_trgm_ops)`,
  // The number filter: a part of it (« 000123 », « FA-2026-0001 »).
  `create index invoices_number_trgm_idx on invoices using gin (number gin_trgm_ops)`,
  // An issued document never changes: a correction is a credit note (article 242 nonies A du CGI).
  `create function invoices_immutable() returns trigger language plpgsql as $$
   begin
     raise exception 'Une facture émise ne peut être ni modifiée ni supprimée (table %) : émettez un avoir.', tg_table_name
       using errcode = 'check_violation';
   end
   $$`,
  ...["invoices", "invoice_lines", "invoice_payments", "invoice_documents"].map(
    (table) => `create trigger ${table}_immutable before update or delete on ${table} for each row execute function invoices_immutable()`,
  ),
];

const quote = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? "null" : typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : String(value);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const row of DEMO_LEGAL) {
    await sql
      .raw(
        `update organizations set
        legal_form = ${quote(row.legal_form)}, share_capital = ${quote(row.share_capital)}, siren = ${quote(row.siren)},
        siret = ${quote(row.siret)}, vat_number = ${quote(row.vat_number)}, rcs = ${quote(row.rcs)},
        payment_terms_days = ${row.days}, payment_terms_end_of_month = ${row.end_of_month},
        street = ${quote(row.street)}, iban = ${quote(row.iban)}, bic = ${quote(row.bic)}, email = ${quote(row.email)}, phone = ${quote(row.phone)}
      where ref = ${quote(row.ref)}`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "invoice_open_balances",
    "invoice_documents",
    "invoice_payments",
    "invoice_lines",
    "invoices",
    "invoice_sequences",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  for (const name of ["invoices_immutable", "invoice_open_on_issue", "invoice_open_on_payment"]) {
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  for (const column of [
    "street",
    "legal_form",
    "share_capital",
    "siren",
    "siret",
    "vat_number",
    "rcs",
    "payment_terms_days",
    "payment_terms_end_of_month",
    "iban",
    "bic",
    "email",
    "phone",
  ]) {
    await sql.raw(`alter table organizations drop column if exists ${column}`).execute(db);
  }
}
