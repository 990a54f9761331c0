import type { BuyerParty, PostalAddress, SellerParty } from "../../documents/parties";

/**
 * Everything the return slip prints (docs/returns.md, decision 0207): read from the return, its
 * order and the distributor's settings when it is downloaded, never stored. The same rows give
 * the same document, and the same document the same bytes.
 */

export interface ReturnSlipLine {
  obj_ref: string;
  /** The customer's own code for the product, if it has one. */
  customer_code: string | null;
  title: string;
  /** The units to send back: those the request asked for. */
  qty: number;
}

export interface ReturnSlipDocument {
  number: string;
  /** When the distributor accepted it (ISO instant): the slip's date. */
  accepted_at: string;
  /** « Erreur de commande »… */
  reason: string;
  /** « Avoir » or « Échange ». */
  resolution: string;
  seller: SellerParty;
  buyer: BuyerParty;
  order_ref: string;
  customer_ref: string;
  /** The order's delivery date (YYYY-MM-DD, France); null when the order has no delivered step. */
  delivered_on: string | null;
  lines: ReturnSlipLine[];
  /** Where the parcel goes: the settings' return address, else the seller's head office. */
  return_to: PostalAddress;
  /** The distributor's own instructions (opening hours, packing advice), as typed. */
  instructions: string;
}
