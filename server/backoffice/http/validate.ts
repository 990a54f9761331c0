import type { z } from "zod";
// zod's messages are French process-wide (decision 0096); every contract imports this too.
import "@shared/contracts/french-messages";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths } from "@shared/contracts/control-characters";
import { ApiFailure, invalidRequest } from "./errors";

/**
 * Parses an input with a contract schema; a refusal becomes a 400 invalid_request (French
 * issues). A control character anywhere in it is refused too, whatever the schema (decision
 * 0137); the schema speaks first, so a field with a message of its own (« La recherche ne doit
 * pas contenir de caractères de contrôle ») keeps it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error);
  const forbidden = controlCharacterPaths(input);
  if (forbidden.length > 0) {
    const issues = forbidden.map((path) => ({ path, message: CONTROL_CHARACTER_MESSAGE }));
    throw new ApiFailure(400, "invalid_request", "La requête est invalide.", { issues });
  }
  return result.data;
}

/** Route parameter that must be a positive integer id; anything else is simply not found. */
export function parseIdParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
