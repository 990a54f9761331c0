import { describe, expect, it } from "vitest";
import { readEnv } from "../../../server/config/env";

/** INVOICES_ISSUED_BY (decision 0184): the portal issues the invoices unless told the ERP does. */
const env = (values: Record<string, string>) => ({ NODE_ENV: "test", ...values }) as NodeJS.ProcessEnv;

describe("INVOICES_ISSUED_BY", () => {
  it("is the portal by default, the ERP when told", () => {
    expect(readEnv(env({})).INVOICES_ISSUED_BY).toBe("portal");
    expect(readEnv(env({ INVOICES_ISSUED_BY: "portal" })).INVOICES_ISSUED_BY).toBe("portal");
    expect(readEnv(env({ INVOICES_ISSUED_BY: "erp" })).INVOICES_ISSUED_BY).toBe("erp");
  });

  it("refuses any other value, in French", () => {
    for (const value of ["ERP", "sage", ""]) {
      expect(() => readEnv(env({ INVOICES_ISSUED_BY: value }))).toThrow(/INVOICES_ISSUED_BY vaut « portal » .* ou « erp »/);
    }
  });
});
