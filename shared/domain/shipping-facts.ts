import type { Cart, CartLine, ShippingProduct } from "../contracts/entities";
import type { AccountContext } from "./account";
import { isCorsica, isExportAccount } from "./account";
import { isFriday } from "./calendar";
import { lineTotalHt, lineWeightGrams } from "./pricing";
import { normalizeReference } from "./references";
import type { Delivery, Family, Zone } from "./shipping-rules";
import { FREE_SHIPPING_MIN_SUBTOTAL } from "./shipping-rules";

/** Sets of obj_ref from /api/pim/motors, /antennas, /tags and /hazards. */
export interface ProductFamilies {
  motors: ReadonlySet<string>;
  antennas: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  hazards: ReadonlySet<string>;
}

/** Everything the shipping calculator needs besides the cart. */
export interface ShippingContext {
  account: AccountContext;
  /** YYYY-MM-DD, the caller's clock: shared/ never reads the time itself. */
  today: string;
  freeShippingEligible: boolean;
  shippingProducts: readonly ShippingProduct[];
  families: ProductFamilies;
}

/** What the rule table is matched against. */
export interface ShippingFacts {
  delivery: Delivery;
  zone: Zone;
  /** Units (sum of qty) per family. */
  units: Record<Family, number>;
  /** Products subtotal excluding shipping lines, in cents. */
  subtotalHt: number;
  /** Weight of the parcel family only: motors and antennas travel apart. */
  parcelWeightGrams: number;
  freeShipping: boolean;
  saturdayOnFriday: boolean;
}

export function zoneOf(account: AccountContext): Zone {
  if (isExportAccount(account.catCompta) || account.country.trim().toUpperCase() !== "FR") return "export";
  return isCorsica(account.zipcode, account.country) ? "corsica" : "mainland";
}

function carriageFamilyOf(ref: string, families: ProductFamilies): Family {
  if (families.motors.has(ref)) return "motor";
  if (families.antennas.has(ref)) return "antenna";
  return "parcel";
}

function isHazardous(line: CartLine, ref: string, families: ProductFamilies): boolean {
  return families.hazards.has(ref) || line.obj_properties.hazardous === true;
}

export function shippingFacts(cart: Cart, ctx: ShippingContext): ShippingFacts {
  const units: Record<Family, number> = { motor: 0, antenna: 0, parcel: 0, tag: 0, hazard: 0 };
  let subtotalHt = 0;
  let parcelWeightGrams = 0;
  for (const line of cart.products) {
    if (line.prd_is_port || line.qty <= 0) continue;
    const ref = normalizeReference(line.obj_ref);
    const family = carriageFamilyOf(ref, ctx.families);
    units[family] += line.qty;
    if (ctx.families.tags.has(ref)) units.tag += line.qty;
    if (isHazardous(line, ref, ctx.families)) units.hazard += line.qty;
    if (family === "parcel") parcelWeightGrams += lineWeightGrams(line);
    subtotalHt += lineTotalHt(line);
  }
  return {
    delivery: cart.ldd.active ? "direct" : "standard",
    zone: zoneOf(ctx.account),
    units,
    subtotalHt,
    parcelWeightGrams,
    freeShipping: ctx.freeShippingEligible && subtotalHt >= FREE_SHIPPING_MIN_SUBTOTAL,
    // The date is always parsed, so a wrong clock value fails loudly even without the option.
    saturdayOnFriday: isFriday(ctx.today) && cart.saturday,
  };
}
