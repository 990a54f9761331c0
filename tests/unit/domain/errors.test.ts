import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "@shared/domain/errors";

describe("isDomainError", () => {
  it("recognises a refusal of the domain and nothing else", () => {
    const refusal = new DomainError("invalid_qty", "La quantité doit être un entier positif.");
    expect(isDomainError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ name: "DomainError", code: "invalid_qty", issues: [] });
    expect(isDomainError(new Error("boom"))).toBe(false);
    expect(isDomainError({ code: "invalid_qty", message: "imitation" })).toBe(false);
  });
});
