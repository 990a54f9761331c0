import type { Cart, CartLine } from "@shared/contracts/entities";
import { normalizeReference } from "@shared/domain/index";
import type { PortalCartChange } from "./types";
import type { CartProductRef, CartEvent } from "./types";

function byLineId(cart: Cart, lineId: string): CartLine | undefined {
  return cart.products.find((line) => line.line_id === lineId);
}

function byRef(cart: Cart, ref: string): CartLine | undefined {
  const wanted = normalizeReference(ref);
  return cart.products.find((line) => !line.prd_is_port && normalizeReference(line.obj_ref) === wanted);
}

function refOf(line: CartLine | undefined, fallbackRef: string, qty: number): CartProductRef {
  return { ref: line?.obj_ref ?? fallbackRef, title: line?.obj_title ?? fallbackRef, qty };
}

export function describeCartChange(change: PortalCartChange, before: Cart, after: Cart): CartEvent {
  switch (change.type) {
    case "add":
      return { kind: "added", products: [refOf(byRef(after, change.product.obj_ref), change.product.obj_ref, change.qty)] };
    case "addMany":
      return {
        kind: "added",
        products: change.items.map((item) => refOf(byRef(after, item.product.obj_ref), item.product.obj_ref, item.qty)),
      };
    case "setQuantity": {
      const line = byLineId(after, change.lineId) ?? byLineId(before, change.lineId);
      return change.qty === 0
        ? { kind: "removed", product: line ? refOf(line, line.obj_ref, 0) : null }
        : { kind: "quantity", product: refOf(line, line?.obj_ref ?? "", change.qty) };
    }
    case "quantities":
      return {
        kind: "quantities",
        products: change.updates.map((update) => {
          const line = byLineId(after, update.lineId) ?? byLineId(before, update.lineId);
          return refOf(line, line?.obj_ref ?? "", update.qty);
        }),
      };
    case "remove": {
      const line = byLineId(before, change.lineId);
      return { kind: "removed", product: line ? refOf(line, line.obj_ref, line.qty) : null };
    }
    case "clear":
      return { kind: "cleared" };
    case "options":
      return { kind: "options", saturday: after.saturday, lddActive: after.ldd.active };
    case "details":
    case "checkout":
      return { kind: "details", ref: after.ref };
    case "attachCertificate":
    case "detachCertificate":
    case "certificates": {
      const line = byLineId(after, change.lineId);
      return {
        kind: "certificates",
        product: refOf(line, line?.obj_ref ?? "", line?.qty ?? 0),
        attached: line?.certificates.length ?? 0,
      };
    }
  }
}
