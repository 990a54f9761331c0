import type { Kysely } from "kysely";
import { address as addressSchema } from "@shared/contracts/entities";
import type { Database } from "../db/schema";

/**
 * The parties a business document names: the distributor as seller, the organization as buyer
 * at the invoicing address of its order (the head office, decision 0071), the delivery address
 * when it differs. An invoice copies them when it is issued (docs/invoices.md): a later change
 * of an organization's data never changes an invoice already issued. A quote's proposal reads
 * them when its PDF is drawn (docs/quote-pdf.md).
 */

export interface PostalAddress {
  /** Company or recipient line. */
  name: string;
  street: string;
  /** Optional second street line. */
  street2?: string | null;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2, for example FR, BE, MQ. */
  country: string;
}

export interface SellerParty {
  name: string;
  /** For example « SAS ». */
  legal_form: string;
  share_capital: number;
  address: PostalAddress;
  siren: string;
  siret: string;
  /** For example « RCS Lorient 812 345 678 ». */
  rcs: string;
  vat_number: string;
  /** Bank details printed for transfers. */
  iban: string;
  bic: string;
  email: string;
  phone: string;
  /**
   * The option for paying VAT on debits (decision 0186); absent from the copies made before
   * migration 0027, which read as not opted.
   */
  vat_on_debits?: boolean;
}

export interface BuyerParty {
  ref: string;
  name: string;
  /** The head office: the invoicing address. */
  address: PostalAddress;
  siren: string | null;
  vat_number: string | null;
}

type OrganizationColumns = Pick<
  Database["organizations"],
  | "ref"
  | "name"
  | "zipcode"
  | "city"
  | "country"
  | "street"
  | "legal_form"
  | "share_capital"
  | "siren"
  | "siret"
  | "vat_number"
  | "rcs"
  | "iban"
  | "bic"
  | "email"
  | "phone"
> & { vat_on_debits: boolean };

interface AddressRow {
  name: string;
  line1: string;
  line2: string;
  zipcode: string;
  city: string;
  country: string;
}

const postal = (row: AddressRow): PostalAddress => ({
  name: row.name,
  street: row.line1,
  street2: row.line2 ? row.line2 : null,
  zipcode: row.zipcode,
  city: row.city,
  country: row.country.trim().toUpperCase(),
});

/** An address as an order stores it (the contract's Address), or null. */
export function storedPostalAddress(value: unknown): PostalAddress | null {
  const parsed = addressSchema.nullable().safeParse(value ?? null);
  if (!parsed.success || parsed.data === null) return null;
  const row = parsed.data;
  return postal({
    name: row.adr_name,
    line1: row.adr_line1,
    line2: row.adr_line2,
    zipcode: row.adr_zipcode,
    city: row.adr_city,
    country: row.adr_country,
  });
}

export function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  const key = (value: PostalAddress) =>
    [value.street, value.street2 ?? "", value.zipcode, value.city, value.country].map((part) => part.trim().toLowerCase()).join("|");
  return key(a) === key(b);
}

async function headOffice(db: Kysely<Database>, orgId: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom("addresses")
    .select(["name", "line1", "line2", "zipcode", "city", "country"])
    .where("org_id", "=", orgId)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

const ORG_COLUMNS = [
  "id",
  "ref",
  "name",
  "zipcode",
  "city",
  "country",
  "street",
  "legal_form",
  "share_capital",
  "siren",
  "siret",
  "vat_number",
  "rcs",
  "iban",
  "bic",
  "email",
  "phone",
  "vat_on_debits",
] as const;

/** The distributor as the seller of every invoice and quote; its registered office's street, else its head office's. */
export async function loadSeller(db: Kysely<Database>): Promise<SellerParty> {
  const org = await db
    .selectFrom("organizations")
    .select(ORG_COLUMNS)
    .where("is_distributor", "=", true)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!org) throw new Error("no distributor organization: invoices need their seller");
  const office = await headOffice(db, org.id);
  return sellerOf(org, office);
}

function sellerOf(org: OrganizationColumns, office: AddressRow | undefined): SellerParty {
  return {
    name: org.name,
    legal_form: org.legal_form ?? "",
    share_capital: org.share_capital ?? 0,
    address: {
      name: org.name,
      street: org.street ?? office?.line1 ?? "",
      street2: null,
      zipcode: org.zipcode,
      city: org.city,
      country: org.country.trim().toUpperCase(),
    },
    siren: org.siren ?? "",
    siret: org.siret ?? "",
    rcs: org.rcs ?? "",
    vat_number: org.vat_number ?? "",
    iban: org.iban ?? "",
    bic: org.bic ?? "",
    email: org.email ?? "",
    phone: org.phone ?? "",
    vat_on_debits: org.vat_on_debits,
  };
}

/**
 * The buyer at the order's invoicing address (its head office when the order kept none), with
 * its name, SIREN and VAT number.
 */
export async function loadBuyer(db: Kysely<Database>, orgId: number, invoicingAddress: unknown): Promise<BuyerParty> {
  const org = await db.selectFrom("organizations").select(ORG_COLUMNS).where("id", "=", orgId).executeTakeFirstOrThrow();
  const fromOrder = storedPostalAddress(invoicingAddress);
  const office = fromOrder ? undefined : await headOffice(db, orgId);
  const address =
    fromOrder ??
    (office
      ? postal(office)
      : {
          name: org.name,
          street: org.street ?? "",
          street2: null,
          zipcode: org.zipcode,
          city: org.city,
          country: org.country.trim().toUpperCase(),
        });
  return { ref: org.ref, name: org.name, address: { ...address, name: org.name }, siren: org.siren, vat_number: org.vat_number };
}
