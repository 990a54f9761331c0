import { quoteDetail, type QuoteDetail, type QuoteProposal } from "@shared/contracts/quotes";
import type { BuyerParty } from "../../../server/backoffice/documents/parties";
import { SELLER } from "../../unit/backoffice/invoice-document-fixtures";

/**
 * A quote as the back-office answers it (checked by the contract), with two versions of its
 * proposal: the second revises the first, answers an asked line with a replacement product and
 * adds a line the representative suggests. Amounts are integer cents.
 */

export { SELLER };

export const BUYER: BuyerParty = {
  ref: "C0001",
  name: "Voilerie Atlantique",
  address: { name: "Voilerie Atlantique", street: "4 quai des Indes", street2: null, zipcode: "56100", city: "Lorient", country: "FR" },
  siren: "532198765",
  vat_number: "FR45532198765",
};

export const REPRESENTATIVE = { name: "Yann Le Gall", title: "Commercial Bretagne", email: "commercial@nautidistrib.fr" };

const commercial = { usr_id: 40, name: "Yann Le Gall", side: "commercial" as const };

const first: QuoteProposal = {
  version: 1,
  created_at: "2026-11-21T09:15:00+01:00",
  author: commercial,
  valid_until: "2026-12-05",
  conditions: "Livraison franco à partir de 300 € HT.",
  lines: [
    {
      position: 1,
      obj_id: 101,
      obj_ref: "WIN-40ST",
      title: "Winch self-tailing 40 ST",
      qty: 2,
      usual_price: 98_900,
      unit_price: 89_000,
      ecotax: 0,
      answers_position: 1,
      is_alternative: false,
      note: null,
    },
  ],
  total_ht: 178_000,
};

const second: QuoteProposal = {
  version: 2,
  created_at: "2026-11-23T14:30:00+01:00",
  author: commercial,
  valid_until: "2026-12-12",
  conditions: "Livraison franco à partir de 300 € HT.\nPaiement à 45 jours fin de mois.",
  lines: [
    {
      position: 1,
      obj_id: 101,
      obj_ref: "WIN-40ST",
      title: "Winch self-tailing 40 ST",
      qty: 2,
      usual_price: 98_900,
      unit_price: 123_456,
      ecotax: 0,
      answers_position: 1,
      is_alternative: false,
      note: null,
    },
    {
      position: 2,
      obj_id: 207,
      obj_ref: "BLK-57",
      title: "Poulie simple 57 mm à plat pont",
      qty: 6,
      usual_price: 4_550,
      unit_price: 3_990,
      ecotax: 12,
      answers_position: 2,
      is_alternative: true,
      note: "Le modèle demandé n'est plus fabriqué.",
    },
    {
      position: 3,
      obj_id: 311,
      obj_ref: "MAN-10",
      title: "Manivelle de winch 10 pouces",
      qty: 1,
      usual_price: 3_200,
      unit_price: 2_900,
      ecotax: 0,
      answers_position: null,
      is_alternative: false,
      note: null,
    },
  ],
  total_ht: 2 * 123_456 + 6 * 3_990 + 2_900,
};

export function sampleQuote(overrides: Partial<QuoteDetail> = {}): QuoteDetail {
  return quoteDetail.parse({
    quo_id: 7,
    number: "DV-2026-000042",
    org_id: 3,
    org_ref: "C0001",
    org_name: "Voilerie Atlantique",
    customer_ref: "Refit Gwalarn",
    state: "proposé",
    requested_at: "2026-11-20T10:00:00+01:00",
    requested_by: { usr_id: 12, name: "Maël Kerjean", side: "client" },
    updated_at: "2026-11-23T14:30:00+01:00",
    wished_date: "2026-12-15",
    line_count: 2,
    valid_until: "2026-12-12",
    total_ht: second.total_ht,
    waiting_for: "client",
    asked_lines: [
      { position: 1, obj_id: 101, obj_ref: "WIN-40ST", title: "Winch self-tailing 40 ST", qty: 2 },
      { position: 2, obj_id: 205, obj_ref: "BLK-50", title: "Poulie simple 50 mm", qty: 6 },
    ],
    proposals: [first, second],
    messages: [],
    timeline: [],
    attachments: [],
    accepted_positions: [],
    actions: ["accept", "refuse", "cancel", "message"],
    ...overrides,
  });
}
