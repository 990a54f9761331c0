import { describe, expect, it } from "vitest";
import type { CartLine } from "@shared/contracts/entities";
import type { ShippingContext } from "@shared/domain";
import { SHIPPING_RULES, matchingRules, shippingFacts, withShipping } from "@shared/domain";
import { CORSICA, EXEMPT, EXPORT, FRIDAY, cartOf, line, shippingContext, shippingSummary } from "./fixtures";

const parcel = (overrides: Partial<CartLine> = {}) => line({ prc_price: 1000, prd_weight_gross: 100, ...overrides });
const motor = (qty: number) => line({ obj_ref: "MOT-15CV", qty, prc_price: 150000, prd_weight_gross: 30000 });
const antenna = () => line({ obj_ref: "ANT-VHF", prc_price: 8000, prd_weight_gross: 2000 });
const beacon = () => line({ obj_ref: "BAL-AIS", prc_price: 30000, prd_weight_gross: 200 });
const flares = () => line({ obj_ref: "FUS-DETRESSE", prc_price: 4500, prd_weight_gross: 800 });

interface Scenario {
  name: string;
  lines: CartLine[];
  ldd?: boolean;
  saturday?: boolean;
  ctx?: Partial<ShippingContext>;
  rules: string[];
  lines_out: string[];
}

const scenarios: Scenario[] = [
  {
    name: "eligible, 50.00 € of products: franco",
    lines: [parcel({ prc_price: 5000 })],
    ctx: { freeShippingEligible: true },
    rules: ["R01"],
    lines_out: ["PORT_FRANCO"],
  },
  {
    name: "eligible, 49.99 €: not yet franco",
    lines: [parcel({ prc_price: 4999 })],
    ctx: { freeShippingEligible: true },
    rules: ["R03"],
    lines_out: ["PORT_EXT-1KG"],
  },
  { name: "not eligible, 50.00 €: pays the parcel", lines: [parcel({ prc_price: 5000 })], rules: ["R03"], lines_out: ["PORT_EXT-1KG"] },
  {
    name: "not eligible, 400.00 € and 5 kg: heavy rate waived",
    lines: [parcel({ prc_price: 40000, prd_weight_gross: 5000 })],
    rules: ["R02"],
    lines_out: ["PORT_EXT-1KG"],
  },
  {
    name: "not eligible, 399.99 € and 5 kg: heavy parcel",
    lines: [parcel({ prc_price: 39999, prd_weight_gross: 5000 })],
    rules: ["R04"],
    lines_out: ["PORT_EXT+1KG"],
  },
  { name: "999 g: light parcel", lines: [parcel({ prd_weight_gross: 999 })], rules: ["R03"], lines_out: ["PORT_EXT-1KG"] },
  { name: "1,000 g: still light", lines: [parcel({ prd_weight_gross: 1000 })], rules: ["R03"], lines_out: ["PORT_EXT-1KG"] },
  { name: "1,001 g: heavy parcel", lines: [parcel({ prd_weight_gross: 1001 })], rules: ["R04"], lines_out: ["PORT_EXT+1KG"] },
  {
    name: "eligible at 400 €: franco whatever the weight",
    lines: [parcel({ prc_price: 40000, prd_weight_gross: 9000 })],
    ctx: { freeShippingEligible: true },
    rules: ["R01"],
    lines_out: ["PORT_FRANCO"],
  },
  { name: "two motors on the mainland: one line per motor", lines: [motor(2)], rules: ["R05"], lines_out: ["PORT_MOTEUR×2"] },
  { name: "a motor to Corsica", lines: [motor(1)], ctx: { account: CORSICA }, rules: ["R06"], lines_out: ["PORT_MOTEUR_CORSE"] },
  { name: "an antenna", lines: [antenna()], rules: ["R07"], lines_out: ["PORT_ANTENNE"] },
  {
    name: "direct delivery of a parcel, even when franco",
    lines: [parcel({ prc_price: 9000 })],
    ldd: true,
    ctx: { freeShippingEligible: true },
    rules: ["R08"],
    lines_out: ["PORT_DS_AUTRE"],
  },
  { name: "direct delivery of three motors", lines: [motor(3)], ldd: true, rules: ["R09"], lines_out: ["PORT_DS_MOTEUR×3"] },
  {
    name: "direct delivery of a motor to Corsica",
    lines: [motor(1)],
    ldd: true,
    ctx: { account: CORSICA },
    rules: ["R10"],
    lines_out: ["PORT_DS_MOTEUR_COR"],
  },
  { name: "direct delivery of an antenna", lines: [antenna()], ldd: true, rules: ["R11"], lines_out: ["PORT_DS_ANTENNE"] },
  {
    name: "a parcel to Corsica",
    lines: [parcel()],
    ctx: { account: CORSICA },
    rules: ["R03", "R12"],
    lines_out: ["PORT_EXT-1KG", "PORT_SUPP_CORSE"],
  },
  {
    name: "franco to Corsica keeps the surcharge",
    lines: [parcel({ prc_price: 6000 })],
    ctx: { account: CORSICA, freeShippingEligible: true },
    rules: ["R01", "R12"],
    lines_out: ["PORT_FRANCO", "PORT_SUPP_CORSE"],
  },
  {
    name: "direct delivery of an antenna to Corsica",
    lines: [antenna()],
    ldd: true,
    ctx: { account: CORSICA },
    rules: ["R11", "R12"],
    lines_out: ["PORT_DS_ANTENNE", "PORT_SUPP_CORSE"],
  },
  {
    name: "a beacon travels as a parcel with its lithium charge",
    lines: [beacon()],
    rules: ["R03", "R13"],
    lines_out: ["PORT_EXT-1KG", "PORT_BALISE"],
  },
  { name: "hazardous goods by family list", lines: [flares()], rules: ["R03", "R14"], lines_out: ["PORT_EXT-1KG", "PORT_SUPP_ADR"] },
  {
    name: "hazardous goods by product flag",
    lines: [parcel({ obj_properties: { hazardous: true } })],
    rules: ["R03", "R14"],
    lines_out: ["PORT_EXT-1KG", "PORT_SUPP_ADR"],
  },
  {
    name: "Saturday option on a Friday",
    lines: [parcel()],
    saturday: true,
    ctx: { today: FRIDAY },
    rules: ["R03", "R15"],
    lines_out: ["PORT_EXT-1KG", "PORT_SAMEDI"],
  },
  { name: "Saturday option on a Thursday: no charge", lines: [parcel()], saturday: true, rules: ["R03"], lines_out: ["PORT_EXT-1KG"] },
  { name: "Friday without the option: no charge", lines: [parcel()], ctx: { today: FRIDAY }, rules: ["R03"], lines_out: ["PORT_EXT-1KG"] },
  {
    name: "export account: carriage quoted apart, surcharges kept",
    lines: [parcel(), motor(1), beacon(), flares()],
    saturday: true,
    ctx: { account: EXPORT, today: FRIDAY },
    rules: ["R13", "R14"],
    lines_out: ["PORT_BALISE", "PORT_SUPP_ADR"],
  },
  {
    name: "foreign address on a non-export account is export too",
    lines: [parcel()],
    ctx: { account: { ...EXEMPT, country: "BE", catCompta: "Ventes CEE" } },
    rules: [],
    lines_out: [],
  },
  {
    name: "tax-exempt account in France ships like anyone",
    lines: [parcel()],
    ctx: { account: EXEMPT },
    rules: ["R03"],
    lines_out: ["PORT_EXT-1KG"],
  },
  {
    name: "empty cart: no shipping at all, even on a Friday",
    lines: [parcel({ qty: 0 })],
    saturday: true,
    ctx: { today: FRIDAY },
    rules: [],
    lines_out: [],
  },
  {
    name: "everything at once, on a Friday",
    lines: [parcel(), motor(1), antenna(), beacon(), flares()],
    saturday: true,
    ctx: { today: FRIDAY },
    rules: ["R02", "R05", "R07", "R13", "R14", "R15"],
    lines_out: ["PORT_EXT-1KG", "PORT_MOTEUR", "PORT_ANTENNE", "PORT_BALISE", "PORT_SUPP_ADR", "PORT_SAMEDI"],
  },
  {
    name: "a motor's weight does not make the parcel heavy",
    lines: [parcel({ prd_weight_gross: 500 }), motor(1)],
    rules: ["R02", "R05"],
    lines_out: ["PORT_EXT-1KG", "PORT_MOTEUR"],
  },
];

describe("shipping rule table", () => {
  it.each(scenarios)("$name", (scenario) => {
    const cart = cartOf(scenario.lines, {
      saturday: scenario.saturday ?? false,
      ldd: { active: scenario.ldd ?? false, price: 2000, tva: 0.2 },
    });
    const ctx = shippingContext(scenario.ctx);
    expect(matchingRules(shippingFacts(cart, ctx)).map((rule) => rule.id)).toEqual(scenario.rules);
    expect(shippingSummary(withShipping(cart, ctx))).toEqual(scenario.lines_out);
  });

  it("has a scenario for every row", () => {
    const covered = new Set(scenarios.flatMap((scenario) => scenario.rules));
    expect([...covered].sort()).toEqual(SHIPPING_RULES.map((rule) => rule.id).sort());
  });

  it("has unique row ids and a French reason on every row", () => {
    expect(new Set(SHIPPING_RULES.map((rule) => rule.id)).size).toBe(SHIPPING_RULES.length);
    for (const rule of SHIPPING_RULES) expect(rule.reason.length).toBeGreaterThan(10);
  });
});
