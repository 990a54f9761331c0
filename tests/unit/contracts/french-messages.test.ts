import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginRequest, productDetailQuery, saveCartRequest } from "@shared/contracts/api";
import { normalizeCart } from "@shared/domain";

/** zod's own English wording: none of it may reach a user (decision 0096). */
const ENGLISH = /\b(invalid|expected|received|too big|too small|unrecognized|required)\b/i;

const messagesOf = (result: { success: boolean; error?: z.ZodError }): string[] => result.error?.issues.map((issue) => issue.message) ?? [];

describe("zod's default messages", () => {
  it("are French for any schema once the contracts are loaded, even one built outside them", () => {
    expect(messagesOf(z.string().safeParse(undefined))).toEqual(["Entrée invalide : chaîne de caractères attendu, indéfini reçu"]);
    expect(messagesOf(z.number().int().max(10).safeParse(11))).toEqual(["Trop grand : nombre doit être <=10"]);
    expect(messagesOf(z.object({ a: z.string() }).strict().safeParse({ a: "x", b: 1 }))).toEqual(['Clé non reconnue : "b"']);
  });

  it("are French in the contract's requests, at every depth", () => {
    const messages = messagesOf(saveCartRequest.safeParse({ version: "1", cart: { products: [{ obj_id: "a", qty: -1 }] }, extra: true }));
    expect(messages.length).toBeGreaterThan(5);
    for (const message of messages) expect(message).not.toMatch(ENGLISH);
    expect(messagesOf(loginRequest.safeParse({ login: 42, password: "" }))).toEqual([
      "Entrée invalide : chaîne de caractères attendu, nombre reçu",
      "Trop petit : chaîne de caractères doit avoir >=1 caractères",
    ]);
    // A message written in the schema stays as it is.
    expect(messagesOf(productDetailQuery.safeParse({ usr_id: "x", by: "id" }))).toEqual([
      "Entrée invalide : nombre attendu, NaN reçu",
      "Le paramètre by n'accepte que « ref ».",
    ]);
  });

  it("reach the domain's refusals of a malformed cart", () => {
    let refusal: unknown;
    try {
      normalizeCart({ products: [{ obj_id: "a", obj_ref: "GIL-100" }] });
    } catch (error) {
      refusal = error;
    }
    const issues = (refusal as { issues?: { message: string }[] }).issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(["Entrée invalide : nombre attendu, chaîne de caractères reçu"]);
  });
});
