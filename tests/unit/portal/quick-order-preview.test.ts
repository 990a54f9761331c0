import { describe, expect, it, vi } from "vitest";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { referencePreview } from "~/services/quick-order/preview.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * The quick order's preview never puts an error screen in place of the form being filled: a
 * back-office that fails (or answers what we cannot read) makes it say so, and a stock that
 * cannot be read only leaves the stock out.
 */

const PRODUCT = {
  obj_id: 7,
  obj_ref: "GAG00001",
  obj_title: "Gilet autogonflant 150 N",
  obj_name: "Gilet",
  brand: null,
  image: null,
  prd_is_port: false,
  prd_discontinued: false,
  prd_price_selling: 10000,
  prc_price: 10000,
  prc_promo_price: null,
  prc_promo_name: null,
  prc_discount: 0,
  prd_ecotaxe: 0,
  prd_weight_gross: 900,
  prd_weight_net: 800,
  obj_properties: {},
  description: "",
  category_id: null,
  images: [],
  documents: [],
  certificates_info: null,
};

function setUp(
  getProductByRef: () => Promise<unknown>,
  getStock: () => Promise<unknown> = () => Promise.reject(new UpstreamError(503, "unavailable", "down")),
) {
  const logged: unknown[] = [];
  const context = { logger: { error: (...args: unknown[]) => void logged.push(args) } } as unknown as PortalLoadContext;
  const active = {
    session: { user: { obj_class: "organization", auth_org_id: 1, obj_properties: {} }, master: null },
    upstream: { pim: { getProductByRef: vi.fn(getProductByRef) }, wms: { getStock: vi.fn(getStock) } },
  } as unknown as ActiveUser;
  return { context, active, logged };
}

const UNAVAILABLE = { found: false, ref: "GAG00001", message: "Aperçu indisponible pour le moment : la ligne sera vérifiée à l'ajout." };

describe("the quick order's preview when something fails", () => {
  it("gives the product without its stock when the stock cannot be read", async () => {
    const { context, active } = setUp(() => Promise.resolve(PRODUCT));
    expect(await referencePreview(context, active, "gag00001")).toEqual({
      status: 200,
      preview: { found: true, ref: "GAG00001", title: "Gilet autogonflant 150 N", unitPrice: 10000, stock: null },
    });
  });

  it("says the preview is unavailable when the back-office is down, without logging an outage as a bug", async () => {
    const { context, active, logged } = setUp(() => Promise.reject(new UpstreamError(503, "unavailable", "down")));
    expect(await referencePreview(context, active, "GAG00001")).toEqual({ status: 200, preview: UNAVAILABLE });
    expect(logged).toEqual([]);
  });

  it("says so too on anything unexpected, and logs it", async () => {
    const { context, active, logged } = setUp(() => Promise.reject(new TypeError("boom")));
    expect(await referencePreview(context, active, "GAG00001")).toEqual({ status: 200, preview: UNAVAILABLE });
    expect(logged).toHaveLength(1);
  });
});
