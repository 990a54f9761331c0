import { CART_UPDATE_KINDS, type CartUpdateKind, type CartUpdatePayload, type CartUpdateProduct } from "./protocol";

/**
 * The browser's check of what arrives on the socket, without zod (it would triple the
 * client bundle). The server already validated the payload with events.ts before sending;
 * this only keeps a malformed message from reaching the UI.
 */

const KINDS: ReadonlySet<string> = new Set(CART_UPDATE_KINDS);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isProduct(value: unknown): value is CartUpdateProduct {
  return isRecord(value) && typeof value.ref === "string" && typeof value.title === "string" && Number.isInteger(value.qty);
}

export function readCartUpdate(raw: unknown): CartUpdatePayload | null {
  if (!isRecord(raw)) return null;
  const { kind, products, author, orgId, version, reference, originSocketId, own } = raw;
  if (typeof kind !== "string" || !KINDS.has(kind)) return null;
  if (!Array.isArray(products) || !products.every(isProduct)) return null;
  if (typeof author !== "string" || author.trim() === "") return null;
  if (!Number.isInteger(orgId) || !Number.isInteger(version)) return null;
  if (originSocketId !== undefined && typeof originSocketId !== "string") return null;
  if (own !== undefined && typeof own !== "boolean") return null;
  if (reference !== undefined && typeof reference !== "string") return null;
  return {
    kind: kind as CartUpdateKind,
    products,
    author,
    orgId: orgId as number,
    version: version as number,
    ...(reference === undefined ? {} : { reference }),
    ...(originSocketId === undefined ? {} : { originSocketId }),
    ...(own === undefined ? {} : { own }),
  };
}
