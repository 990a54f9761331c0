import type { ShippingRef } from "./references";

/**
 * THE shipping rule table (docs/shipping.md explains every row with a worked example).
 * Each row is data: when every criterion it states holds, its line goes into the cart. Rows
 * are independent; their criteria make the alternatives (R01-R04, R05/R06...) exclusive.
 */

/** Standard delivery to the customer, or direct delivery (ldd, "livraison directe"). */
export type Delivery = "standard" | "direct";
/** Mainland France, Corsica (FR, zip 20…), or export (export account or a foreign address). */
export type Zone = "mainland" | "corsica" | "export";
/**
 * Carriage families split the goods: every unit is a motor, an antenna or a parcel item
 * (in that order of precedence). Beacons (tags) and hazardous goods are also counted apart
 * because they carry their own surcharges.
 */
export type Family = "motor" | "antenna" | "parcel" | "tag" | "hazard";
/** One line, or one line per motor unit (each motor travels on its own pallet). */
export type QuantityRule = "one" | "motorUnits";

export interface ShippingRule {
  id: string;
  ref: ShippingRef;
  /** Why the line is there, in French (shown in docs and usable as a tooltip). */
  reason: string;
  delivery?: Delivery;
  zones: readonly Zone[];
  /** At least one unit of one of these families must be in the cart. */
  requiresAny: readonly Family[];
  /** Free shipping: eligibility and a products subtotal of at least FREE_SHIPPING_MIN_SUBTOTAL. */
  freeShipping?: boolean;
  subtotalAtLeast?: number;
  subtotalBelow?: number;
  parcelWeightAtMost?: number;
  parcelWeightAbove?: number;
  /** Saturday option on and today is Friday. */
  saturdayOnFriday?: boolean;
  quantity: QuantityRule;
}

/** Products subtotal (cents, excluding shipping) from which an eligible account ships free. */
export const FREE_SHIPPING_MIN_SUBTOTAL = 5_000;
/** Products subtotal (cents) from which the heavy-parcel rate is waived. */
export const HEAVY_PARCEL_WAIVED_FROM = 40_000;
/** Parcel goods up to this weight (grams, inclusive) travel at the light-parcel rate. */
export const LIGHT_PARCEL_MAX_GRAMS = 1_000;

const FRANCE: readonly Zone[] = ["mainland", "corsica"];
const ANY_ZONE: readonly Zone[] = ["mainland", "corsica", "export"];
const ANY_GOODS: readonly Family[] = ["motor", "antenna", "parcel"];

export const SHIPPING_RULES: readonly ShippingRule[] = [
  {
    id: "R01",
    ref: "PORT_FRANCO",
    reason: "Franco de port : compte éligible et 50 € HT de produits atteints",
    delivery: "standard",
    zones: FRANCE,
    requiresAny: ["parcel"],
    freeShipping: true,
    quantity: "one",
  },
  {
    id: "R02",
    ref: "PORT_EXT-1KG",
    reason: "Colis : à partir de 400 € HT, tarif colis léger quel que soit le poids",
    delivery: "standard",
    zones: FRANCE,
    requiresAny: ["parcel"],
    freeShipping: false,
    subtotalAtLeast: HEAVY_PARCEL_WAIVED_FROM,
    quantity: "one",
  },
  {
    id: "R03",
    ref: "PORT_EXT-1KG",
    reason: "Colis léger : 1 kg au plus, moins de 400 € HT",
    delivery: "standard",
    zones: FRANCE,
    requiresAny: ["parcel"],
    freeShipping: false,
    subtotalBelow: HEAVY_PARCEL_WAIVED_FROM,
    parcelWeightAtMost: LIGHT_PARCEL_MAX_GRAMS,
    quantity: "one",
  },
  {
    id: "R04",
    ref: "PORT_EXT+1KG",
    reason: "Colis lourd : plus de 1 kg, moins de 400 € HT",
    delivery: "standard",
    zones: FRANCE,
    requiresAny: ["parcel"],
    freeShipping: false,
    subtotalBelow: HEAVY_PARCEL_WAIVED_FROM,
    parcelWeightAbove: LIGHT_PARCEL_MAX_GRAMS,
    quantity: "one",
  },
  {
    id: "R05",
    ref: "PORT_MOTEUR",
    reason: "Moteur : messagerie sur palette, par moteur",
    delivery: "standard",
    zones: ["mainland"],
    requiresAny: ["motor"],
    quantity: "motorUnits",
  },
  {
    id: "R06",
    ref: "PORT_MOTEUR_CORSE",
    reason: "Moteur livré en Corse : palette et traversée, par moteur",
    delivery: "standard",
    zones: ["corsica"],
    requiresAny: ["motor"],
    quantity: "motorUnits",
  },
  {
    id: "R07",
    ref: "PORT_ANTENNE",
    reason: "Antenne : colis long hors norme",
    delivery: "standard",
    zones: FRANCE,
    requiresAny: ["antenna"],
    quantity: "one",
  },
  {
    id: "R08",
    ref: "PORT_DS_AUTRE",
    reason: "Livraison directe : colis",
    delivery: "direct",
    zones: FRANCE,
    requiresAny: ["parcel"],
    quantity: "one",
  },
  {
    id: "R09",
    ref: "PORT_DS_MOTEUR",
    reason: "Livraison directe : moteur, par moteur",
    delivery: "direct",
    zones: ["mainland"],
    requiresAny: ["motor"],
    quantity: "motorUnits",
  },
  {
    id: "R10",
    ref: "PORT_DS_MOTEUR_COR",
    reason: "Livraison directe : moteur livré en Corse, par moteur",
    delivery: "direct",
    zones: ["corsica"],
    requiresAny: ["motor"],
    quantity: "motorUnits",
  },
  {
    id: "R11",
    ref: "PORT_DS_ANTENNE",
    reason: "Livraison directe : antenne",
    delivery: "direct",
    zones: FRANCE,
    requiresAny: ["antenna"],
    quantity: "one",
  },
  {
    id: "R12",
    ref: "PORT_SUPP_CORSE",
    reason: "Supplément Corse pour les colis et antennes (même en franco)",
    zones: ["corsica"],
    requiresAny: ["parcel", "antenna"],
    quantity: "one",
  },
  {
    id: "R13",
    ref: "PORT_BALISE",
    reason: "Balise : emballage et déclaration pile lithium",
    zones: ANY_ZONE,
    requiresAny: ["tag"],
    quantity: "one",
  },
  {
    id: "R14",
    ref: "PORT_SUPP_ADR",
    reason: "Supplément ADR : matières dangereuses",
    zones: ANY_ZONE,
    requiresAny: ["hazard"],
    quantity: "one",
  },
  {
    id: "R15",
    ref: "PORT_SAMEDI",
    reason: "Livraison le samedi : option demandée un vendredi",
    zones: FRANCE,
    requiresAny: ANY_GOODS,
    saturdayOnFriday: true,
    quantity: "one",
  },
];
