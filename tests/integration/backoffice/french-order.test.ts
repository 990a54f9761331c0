import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandListResponse, clientListResponse } from "@shared/contracts/api";
import { frenchOrder } from "@shared/domain/index";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/** Lists shown A to Z follow French order, not the database's byte order (Z before É). */
describe.each(ENGINES)("French alphabetical order on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  /** The names are in French order, and the list has what byte order would get wrong. */
  const expectFrenchOrder = (names: string[]) => {
    expect(names).toEqual([...names].sort((a, b) => frenchOrder.compare(a, b)));
    const accented = names.findIndex((name) => /^[ÉÈÊ]/.test(name));
    expect(accented, "an accented capital in the list").toBeGreaterThanOrEqual(0);
    expect(
      names.slice(accented + 1).some((name) => /^[F-Z]/i.test(name)),
      "a name after it from F to Z",
    ).toBe(true);
  };

  it("lists brands in French order", async () => {
    const client = await login(bo, LOGINS.client);
    const brands = brandListResponse.parse((await call(bo, "/pim/brands", { token: client.token })).body);
    expectFrenchOrder(brands.map((brand) => brand.obj_title));
  });

  it("lists a contributor's clients in French order", async () => {
    const sales = await login(bo, LOGINS.sales2);
    const clients = clientListResponse.parse((await call(bo, "/auth/clients", { token: sales.token })).body);
    expectFrenchOrder(clients.map((client) => client.obj_name));
  });
});
