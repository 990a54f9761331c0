import { describe, expect, it } from "vitest";
import type { Cart } from "@shared/contracts/entities";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { ownCodesOf, startCartOwnCodes } from "~/services/part-numbers/index.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { cartOf, line, user } from "../domain/fixtures";

/**
 * The own codes of a cart's lines (app/services/part-numbers/lookup.server.ts, decision 0197):
 * asked once, beside the cart's loading, with the products of the cart the process last saw;
 * asked again only for a cart holding a product that lookup did not ask about; a back-office
 * that cannot answer leaves the page without codes, and says so in the log.
 */

const buyer = user({ obj_class: "people", obj_id: 7, auth_org_id: 1 });
const warnings: unknown[] = [];
const context = { logger: { warn: (entry: unknown) => warnings.push(entry) } } as unknown as PortalLoadContext;

function activeWith(known: Cart | null, answer: (ids: readonly number[]) => Promise<Map<number, string>>) {
  const asked: number[][] = [];
  const active = {
    session: { sid: "s", user: buyer, master: null, token: "t" },
    upstream: {
      oms: { lastKnownCart: () => (known ? { cart: known, version: 3 } : undefined) },
      partNumbers: {
        lookup: (_orgId: number, ids: readonly number[]) => {
          asked.push([...ids]);
          return answer(ids);
        },
      },
    },
  } as unknown as ActiveUser;
  return { active, asked };
}

const codes = (ids: readonly number[]) => Promise.resolve(new Map(ids.filter((id) => id !== 2).map((id) => [id, `CODE-${id}`])));
const cartWith = (...ids: number[]) => cartOf(ids.map((id) => line({ obj_id: id, obj_ref: `REF${id}`, line_id: `l-${id}` })));

describe("the codes of a cart's lines", () => {
  it("are asked once, before the cart is loaded, when the process's cart is the one shown", async () => {
    const { active, asked } = activeWith(cartWith(1, 2), codes);
    const started = startCartOwnCodes(context, active);
    expect(asked).toEqual([[1, 2]]);
    expect([...(await started.forCart(cartWith(2, 1)))]).toEqual([[1, "CODE-1"]]);
    expect(asked).toEqual([[1, 2]]);
  });

  it("are asked again for a cart holding a product the first lookup did not name", async () => {
    const { active, asked } = activeWith(cartWith(1), codes);
    const started = startCartOwnCodes(context, active);
    expect([...(await started.forCart(cartWith(1, 3)))]).toEqual([
      [1, "CODE-1"],
      [3, "CODE-3"],
    ]);
    expect(asked).toEqual([[1], [1, 3]]);
  });

  it("are asked after the cart when the process holds none", async () => {
    const { active, asked } = activeWith(null, codes);
    const started = startCartOwnCodes(context, active);
    expect(asked).toEqual([]);
    expect([...(await started.forCart(cartWith(4)))]).toEqual([[4, "CODE-4"]]);
    expect(asked).toEqual([[4]]);
  });

  it("are none, logged, when the back-office cannot answer; a bug is not hidden", async () => {
    warnings.length = 0;
    const down = activeWith(null, () => Promise.reject(new UpstreamError(503, "unavailable", "Service indisponible.")));
    expect((await ownCodesOf(context, down.active, [1])).size).toBe(0);
    expect(warnings).toEqual([{ orgId: 1, status: 503, code: "unavailable" }]);
    const bug = activeWith(null, () => Promise.reject(new TypeError("boom")));
    await expect(ownCodesOf(context, bug.active, [1])).rejects.toThrow("boom");
  });
});
