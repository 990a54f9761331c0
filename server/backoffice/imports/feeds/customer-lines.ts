import type { PaymentTerms } from "@shared/contracts/imports";
import { postalCodeProblem } from "@shared/domain/contact-details";
import type { CustomerFacts } from "../../customers/accounts";
import type { FeedRecord, LineIssue } from "../reader/table";
import type { Parsed } from "../reader/values";
import { CUSTOMER_COLUMNS } from "./customer-columns";
import type { CustomerState, StoredOrganization } from "./customer-state";
import {
  parseAccountingCategory,
  parseCountry,
  parsePaymentTerms,
  parseSiret,
  parseVatNumber,
  splitLogins,
  vatSiretProblem,
} from "./customer-values";
import { text, yes } from "./plan";

/**
 * A line of the customers feed read against the database: what the customer will be once the
 * line is applied (a column left out of the file keeps what the portal has; a new customer
 * takes the defaults), or the line's issues.
 */

export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { days: 30, end_of_month: false };

export interface DeliveryAddress {
  street: string;
  street2: string;
  zipcode: string;
  city: string;
  country: string;
}

export interface CustomerLine {
  line: number;
  stored: StoredOrganization | undefined;
  facts: CustomerFacts;
  /** The organization account's e-mail as the file gives it (null: none, or the column is left out). */
  email: string | null;
  /** A delivery address apart from the head office, or null (none given, or the head office's). */
  delivery: DeliveryAddress | null;
  /** The contributors' ids, or null when the column is left out. */
  contributors: number[] | null;
  /** The price group's id once the line is applied (null: none); the stored one when the column is left out. */
  priceGroupId: number | null;
}

const HEADER = new Map(CUSTOMER_COLUMNS.map((column) => [column.field, column.header]));
const POSITION = new Map(CUSTOMER_COLUMNS.map((column, index) => [column.header, index]));
const header = (field: string) => HEADER.get(field) ?? field;
const UNKNOWN_GROUP = "n'est pas un groupe de prix connu : importez d'abord le flux price-groups";
const asIs = (raw: string): Parsed<string> => ({ ok: true, value: raw });

function sameAddress(a: DeliveryAddress, b: DeliveryAddress): boolean {
  const key = (address: DeliveryAddress) =>
    [address.street, address.street2, address.zipcode, address.city, address.country].map((part) => part.trim().toLowerCase()).join("|");
  return key(a) === key(b);
}

export function readCustomerLine(
  record: FeedRecord,
  fields: ReadonlySet<string>,
  state: CustomerState,
): { line: CustomerLine; issues: LineIssue[] } {
  const issues: LineIssue[] = [];
  const issue = (field: string, value: string, message: string) =>
    issues.push({ line: record.line, column: header(field), value, message });
  /** The field's value: the file's when its column is there (`empty` for an empty cell), else `keep`. */
  const pick = <T>(field: string, parse: (raw: string) => Parsed<T>, empty: T, keep: T): T => {
    if (!fields.has(field)) return keep;
    const raw = text(record, field);
    if (raw === null) return empty;
    const parsed = parse(raw);
    if (parsed.ok) return parsed.value;
    issue(field, raw, parsed.problem);
    return keep;
  };
  const reference = text(record, "reference") ?? "";
  const stored = state.organizations.get(reference);
  if (stored?.is_distributor) issue("reference", reference, "est la référence du distributeur lui-même, pas celle d'un client");
  const headOffice = stored ? state.headOffices.get(stored.id) : undefined;

  const country = pick("country", parseCountry, "FR", stored?.country.trim() ?? "FR");
  const zipcode = text(record, "zipcode") ?? "";
  const zipProblem = postalCodeProblem(zipcode, country);
  if (zipProblem) issue("zipcode", zipcode, "n'est pas un code postal français (5 chiffres)");
  const siret = pick("siret", parseSiret, null, stored?.siret ?? null);
  const vatNumber = pick("vat_number", parseVatNumber, null, stored?.vat_number ?? null);
  const mismatch = siret && vatNumber && fields.has("vat_number") ? vatSiretProblem(vatNumber, siret) : null;
  if (mismatch) issue("vat_number", vatNumber ?? "", mismatch);
  const storedTerms = stored ? { days: stored.payment_terms_days, end_of_month: stored.payment_terms_end_of_month } : DEFAULT_PAYMENT_TERMS;

  const facts: CustomerFacts = {
    reference,
    name: text(record, "name") ?? "",
    street: text(record, "street") ?? "",
    street2: pick("street2", asIs, "", headOffice?.line2 ?? ""),
    zipcode,
    city: text(record, "city") ?? "",
    country,
    cat_compta: pick(
      "cat_compta",
      parseAccountingCategory,
      "Ventes France",
      (stored ? stored.cat_compta : "Ventes France") as CustomerFacts["cat_compta"],
    ),
    siret,
    vat_number: vatNumber,
    payment_terms: pick("payment_terms", parsePaymentTerms, DEFAULT_PAYMENT_TERMS, storedTerms),
    free_shipping: fields.has("free_shipping") ? yes(record, "free_shipping") : (stored?.free_shipping_eligible ?? false),
    integrator: fields.has("integrator") ? yes(record, "integrator") : (stored?.is_integrator ?? false),
    phone: "",
  };

  const contributors: number[] | null = fields.has("contributors") ? [] : null;
  for (const login of splitLogins(text(record, "contributors") ?? "")) {
    const id = state.contributors.get(login);
    if (id === undefined) issue("contributors", login, "n'est pas un commercial du portail (l'identifiant d'un compte du distributeur)");
    else contributors?.push(id);
  }

  const priceGroupId = pick(
    "price_group",
    (raw): Parsed<number | null> => {
      const id = state.priceGroups.get(raw);
      return id === undefined ? { ok: false, problem: UNKNOWN_GROUP } : { ok: true, value: id };
    },
    null,
    stored?.price_group_id ?? null,
  );

  const delivery = readDelivery(record, facts, issue);
  return {
    line: {
      line: record.line,
      stored,
      facts,
      email: fields.has("email") ? text(record, "email") : null,
      delivery,
      contributors,
      priceGroupId,
    },
    // In the file's column order, as the reader reports a line's bad cells.
    issues: issues.sort((a, b) => (POSITION.get(a.column) ?? 0) - (POSITION.get(b.column) ?? 0)),
  };
}

/** The delivery columns: all or none of street, postal code and city; the billing country when none is given. */
function readDelivery(
  record: FeedRecord,
  facts: CustomerFacts,
  issue: (field: string, value: string, message: string) => void,
): DeliveryAddress | null {
  const street = text(record, "delivery_street");
  const zipcode = text(record, "delivery_zipcode");
  const city = text(record, "delivery_city");
  if (street === null && zipcode === null && city === null) return null;
  const required = [
    ["delivery_street", street],
    ["delivery_zipcode", zipcode],
    ["delivery_city", city],
  ] as const;
  for (const [field, value] of required) if (value === null) issue(field, "", "est obligatoire quand une adresse de livraison est donnée");
  const rawCountry = text(record, "delivery_country");
  const country = rawCountry === null ? { ok: true as const, value: facts.country } : parseCountry(rawCountry);
  if (!country.ok) issue("delivery_country", rawCountry ?? "", country.problem);
  const delivery = {
    street: street ?? "",
    street2: text(record, "delivery_street2") ?? "",
    zipcode: zipcode ?? "",
    city: city ?? "",
    country: country.ok ? country.value : facts.country,
  };
  if (zipcode !== null && postalCodeProblem(zipcode, delivery.country))
    issue("delivery_zipcode", zipcode, "n'est pas un code postal français (5 chiffres)");
  const billing = { street: facts.street, street2: facts.street2, zipcode: facts.zipcode, city: facts.city, country: facts.country };
  return sameAddress(delivery, billing) ? null : delivery;
}
