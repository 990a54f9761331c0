import type { Kysely } from "kysely";
import type { Address, Cart, CartLine, Certificate } from "@shared/contracts/entities";
import { certificatesDb } from "../certificates/store";
import { ownAddresses } from "../crm/addresses";
import type { Database } from "../db/schema";
import { ApiFailure, type ApiIssue } from "../http/errors";

/**
 * The cart refers to rows the caller does not own the truth of: MMSI certificates and saved
 * addresses. Anything holding a bearer token can send a cart, so every reference is looked up
 * for the acting organization and rebuilt from its row (docs/decisions/0022).
 */

/** What the certificate check reads of a line: a saved line, or one a client sends to save. */
type CertifiedLine = Pick<CartLine, "obj_id" | "obj_ref" | "line_id"> & { certificates?: Certificate[] };

/**
 * Each line's certificates, in the lines' order: they must be this organization's, uploaded
 * for this line's product; mmsi and file_name come from the row (they are what the order's
 * MMSI check reads). One query for the whole cart. `db` is the transaction's handle inside one.
 */
export async function ownCertificates(db: Kysely<Database>, orgId: number, lines: readonly CertifiedLine[]): Promise<Certificate[][]> {
  const ids = [...new Set(lines.flatMap((line) => (line.certificates ?? []).map((sent) => sent.cer_id)))];
  if (ids.length === 0) return lines.map(() => []);
  const rows = await certificatesDb(db)
    .selectFrom("certificates")
    .select(["cer_id", "product_id", "mmsi", "file_name"])
    .where("org_id", "=", orgId)
    .where("cer_id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.cer_id, row]));
  const issues: ApiIssue[] = [];
  const rebuilt = lines.map((line) =>
    (line.certificates ?? []).map((sent, index): Certificate => {
      const row = byId.get(sent.cer_id);
      if (row?.product_id !== line.obj_id) {
        issues.push({ path: `cart.products.${line.line_id}.certificates.${index}`, message: `Certificat inconnu pour ${line.obj_ref}.` });
        return sent;
      }
      return { cer_id: row.cer_id, mmsi: row.mmsi, file_name: row.file_name };
    }),
  );
  if (issues.length > 0) {
    throw new ApiFailure(
      422,
      "unknown_certificate",
      "Un certificat MMSI joint au panier est introuvable pour ce produit : joignez-le à nouveau.",
      { issues },
    );
  }
  return rebuilt;
}

type AddressKey = "dlv_address" | "inv_address";
const ADDRESS_KEYS: readonly AddressKey[] = ["dlv_address", "inv_address"];

/**
 * A saved address (with obj_id) must be one of the organization's and is rebuilt from its row;
 * one not saved yet is kept (the portal creates it before ordering) but made the acting org's.
 */
export async function withOwnAddresses(db: Kysely<Database>, orgId: number, cart: Pick<Cart, AddressKey>): Promise<Pick<Cart, AddressKey>> {
  const ids = ADDRESS_KEYS.flatMap((key) => cart[key]?.obj_id ?? []);
  const own = await ownAddresses(db, orgId, ids);
  const issues: ApiIssue[] = [];
  const resolve = (key: AddressKey): Address | null => {
    const sent = cart[key];
    if (sent === null) return null;
    if (sent.obj_id === undefined) return { ...sent, org_id: orgId };
    const found = own.get(sent.obj_id);
    if (!found) issues.push({ path: `cart.${key}`, message: "Adresse inconnue pour ce compte." });
    return found ?? sent;
  };
  const resolved = { dlv_address: resolve("dlv_address"), inv_address: resolve("inv_address") };
  if (issues.length > 0) {
    throw new ApiFailure(422, "unknown_address", "L'adresse choisie n'appartient pas à votre compte.", { issues });
  }
  return resolved;
}

/**
 * An order ships and invoices only to saved addresses: a typed one could not be checked
 * against the organization's (the invoicing address is the head office, a saved row: 0071).
 */
export function assertAddressesSaved(cart: Pick<Cart, AddressKey>): void {
  const unsaved = ADDRESS_KEYS.filter((key) => cart[key] !== null && cart[key]?.obj_id === undefined);
  if (unsaved.length > 0) {
    throw new ApiFailure(
      422,
      "address_not_created",
      "L'adresse de la commande n'est pas enregistrée : choisissez-la à nouveau à l'étape livraison.",
      {
        issues: unsaved.map((key) => ({ path: `cart.${key}`, message: "Adresse non enregistrée." })),
      },
    );
  }
}
