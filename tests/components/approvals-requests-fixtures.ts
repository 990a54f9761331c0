import type { ApprovalDetail, ApprovalSummary } from "@shared/contracts/approvals";
import type { CartAnswer } from "@shared/contracts/entities";

/**
 * Approval requests as the back-office answers them (shared/contracts/approvals.ts), for the
 * components of /mon-compte/validations: a pending request of the storekeeper over two lines
 * whose price and stock moved since, and the same as a caller without `prices` receives it.
 */

export const REQUESTER_ID = 41;
export const APPROVER_ID = 40;

export const SUMMARY: ApprovalSummary = {
  id: 12,
  number: "VAL-000012",
  status: "pending",
  created_at: "2026-11-20T09:15:00.000Z",
  requester_id: REQUESTER_ID,
  requester_name: "Gwen Le Bihan",
  reasons: [{ code: "no_order_right" }, { code: "order_limit", limit: 200_000 }],
  lines_count: 3,
  total_ht: 254_300,
  decided_at: null,
  decided_by_name: null,
  refusal_reason: null,
  order_id: null,
  order_ref: null,
};

const ADDRESS = {
  obj_id: 5,
  org_id: 1,
  adr_name: "Voilerie Atlantique",
  adr_line1: "12 quai de la Fosse",
  adr_line2: "",
  adr_zipcode: "44000",
  adr_city: "Nantes",
  adr_country: "FR",
  adr_phone: "",
};

const CART: CartAnswer = {
  ref: "Chantier Hiver",
  ldd: { active: false, price: 2000, tva: 0.2 },
  saturday: false,
  code: "",
  products: [],
  comments: "Livrer au quai 3",
  notes: "",
  partialDelivery: true,
  dlv_address: ADDRESS,
  inv_address: { ...ADDRESS, adr_line1: "BP 42" },
};

export const DETAIL: ApprovalDetail = {
  ...SUMMARY,
  message: "Pour le chantier de la semaine prochaine.",
  cart: CART,
  lines: [
    {
      product_id: 101,
      ref: "GIL-150",
      title: "Gilet autogonflant 150 N",
      qty: 4,
      unit_price_then: 1240,
      unit_price_now: 1310,
      line_total_now: 5240,
      stock_now: 2,
      discontinued: false,
    },
    {
      product_id: 102,
      ref: "ANT-1",
      title: "Antenne VHF",
      qty: 1,
      unit_price_then: 24_990,
      unit_price_now: 24_990,
      line_total_now: 24_990,
      stock_now: 10,
      discontinued: false,
    },
    {
      product_id: 103,
      ref: "OLD-9",
      title: "Feu à main ancien modèle",
      qty: 2,
      unit_price_then: 990,
      unit_price_now: null,
      line_total_now: null,
      stock_now: 0,
      discontinued: true,
    },
  ],
  totals_then: { ord_total_ht: 254_300, ord_total_ecotaxe: 120, ord_total_ttc: 305_304 },
  totals_now: { ord_total_ht: 254_580, ord_total_ecotaxe: 120, ord_total_ttc: 305_640 },
  problems: ["Le produit OLD-9 n'est plus commercialisé : retirez-le avant d'approuver."],
  actions: { approve: true, refuse: true, withdraw: false, restore: false },
};

/** The same request as a caller without `prices` receives it: every amount null. */
export const DETAIL_WITHOUT_PRICES: ApprovalDetail = {
  ...DETAIL,
  total_ht: null,
  lines: DETAIL.lines.map((line) => ({ ...line, unit_price_then: null, unit_price_now: null, line_total_now: null })),
  totals_then: null,
  totals_now: null,
};
